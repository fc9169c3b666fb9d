import { useSyncExternalStore } from 'react';
import { createEmitter } from './emitter.ts';

/**
 * Counts calls in flight so that overlapping calls keep the full-screen spinner up until the last
 * one ends (product-spec.md sections 1 and 2).
 */
export function createBusyCounter() {
  let count = 0;
  const { emit, subscribe } = createEmitter();
  return {
    begin: (): void => {
      count += 1;
      emit();
    },
    end: (): void => {
      count = Math.max(0, count - 1);
      emit();
    },
    count: (): number => {
      return count;
    },
    subscribe,
  };
}
export type BusyCounter = ReturnType<typeof createBusyCounter>;

export const busyCounter = createBusyCounter();

export function useBusy(counter: BusyCounter = busyCounter): boolean {
  return useSyncExternalStore(counter.subscribe, () => counter.count() > 0);
}
