import { useSyncExternalStore } from 'react';
import { createEmitter } from './emitter.ts';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
  /** The problem's trace id, offered for copying when a server error is shown. */
  readonly traceId?: string;
}

/** Toast timing of product-spec.md section 9. */
export const TOAST_TIMING = {
  displayMs: 5000,
  extendedAfterHoverMs: 1000,
  animationMs: 300,
} as const;

/** The open toasts, newest last; no limit on how many are open (section 9). */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const { emit, subscribe } = createEmitter();
  return {
    show: (kind: ToastKind, message: string, traceId?: string): number => {
      const id = nextId++;
      toasts = [
        ...toasts,
        traceId === undefined ? { id, kind, message } : { id, kind, message, traceId },
      ];
      emit();
      return id;
    },
    remove: (id: number): void => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    list: (): readonly Toast[] => {
      return toasts;
    },
    subscribe,
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

export function useToasts(store: ToastStore = toastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.list);
}
