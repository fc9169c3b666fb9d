/** A minimal change signal for the small external stores read with useSyncExternalStore. */
export function createEmitter() {
  const listeners = new Set<() => void>();
  return {
    emit: (): void => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
