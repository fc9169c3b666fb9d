import { useSyncExternalStore } from 'react';

/**
 * Counts calls in flight so that overlapping calls keep the full-screen spinner up until the last
 * one ends (product-spec.md sections 1 and 2).
 */
export function createBusyCounter() {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    begin(): void {
      count += 1;
      emit();
    },
    end(): void {
      count = Math.max(0, count - 1);
      emit();
    },
    count(): number {
      return count;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type BusyCounter = ReturnType<typeof createBusyCounter>;

export const busyCounter = createBusyCounter();

export function useBusy(counter: BusyCounter = busyCounter): boolean {
  return useSyncExternalStore(counter.subscribe, () => counter.count() > 0);
}
