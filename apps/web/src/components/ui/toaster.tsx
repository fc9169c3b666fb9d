import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { LIB_MESSAGES } from '../../lib/messages.ts';
import {
  TOAST_TIMING,
  toastStore,
  useToasts,
  type Toast,
  type ToastStore,
} from '../../lib/toast.ts';
import { CopyButton } from './copy-button.tsx';
import './ui.css';

type Phase = 'entering' | 'shown' | 'leaving';

/**
 * One toast: shown for 5000 ms with a shrinking progress bar; hovering pauses it, and once the
 * pointer leaves it closes 1000 ms later; entering and leaving animate for 300 ms (section 9).
 */
function ToastItem({ toast, onRemove }: { toast: Toast; onRemove: (id: number) => void }) {
  const [phase, setPhase] = useState<Phase>('entering');
  const [countdownMs, setCountdownMs] = useState<number | null>(TOAST_TIMING.displayMs);
  const [countdownKey, setCountdownKey] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = (): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const close = useCallback((): void => {
    clearTimer();
    setPhase('leaving');
    setCountdownMs(null);
    timer.current = setTimeout(() => onRemove(toast.id), TOAST_TIMING.animationMs);
  }, [onRemove, toast.id]);

  const startCountdown = useCallback(
    (ms: number): void => {
      clearTimer();
      setCountdownMs(ms);
      setCountdownKey((k) => k + 1);
      timer.current = setTimeout(close, ms);
    },
    [close],
  );

  useEffect(() => {
    const enter = setTimeout(() => setPhase((p) => (p === 'entering' ? 'shown' : p)), 10);
    startCountdown(TOAST_TIMING.displayMs);
    return () => {
      clearTimeout(enter);
      clearTimer();
    };
  }, [startCountdown]);

  const onMouseEnter = (): void => {
    if (phase === 'leaving') return;
    clearTimer();
    setCountdownMs(null);
  };
  const onMouseLeave = (): void => {
    if (phase !== 'leaving') startCountdown(TOAST_TIMING.extendedAfterHoverMs);
  };

  return (
    <div
      className="fr-toast"
      data-kind={toast.kind}
      data-phase={phase}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
    >
      <div className="fr-toast-message">{toast.message}</div>
      {toast.traceId !== undefined && (
        <div className="fr-toast-trace">
          <span>
            {LIB_MESSAGES.traceId}: {toast.traceId}
          </span>
          <CopyButton value={toast.traceId} size="compact-xs" variant="white" />
        </div>
      )}
      <button
        type="button"
        className="fr-toast-close"
        aria-label={LIB_MESSAGES.closeToast}
        onClick={close}
      >
        ×
      </button>
      <div
        key={countdownKey}
        className="fr-toast-progress"
        role="progressbar"
        data-running={countdownMs !== null}
        style={countdownMs !== null ? { animationDuration: `${countdownMs}ms` } : undefined}
      />
    </div>
  );
}

/** Where the stack starts when no dialog is open: below the 60 px header (ui.css `.fr-toasts`). */
export const TOAST_STACK_TOP_PX = 72;
/** The gap between an open dialog's header and the first toast. */
const DIALOG_HEADER_GAP_PX = 8;
/** The title bar of an open Mantine dialog (modal or drawer): its close button sits there. */
const DIALOG_HEADER_SELECTOR = '.mantine-Modal-header, .mantine-Drawer-header';

/**
 * The top of the toast stack: below the header of every open dialog, so that a toast never lies
 * over a dialog's title or close button; the stack's usual place when no dialog is open.
 */
export function toastStackTop(doc: Document): number {
  let top = TOAST_STACK_TOP_PX;
  for (const header of doc.querySelectorAll(DIALOG_HEADER_SELECTOR)) {
    const bottom = header.getBoundingClientRect().bottom;
    if (bottom > 0) top = Math.max(top, Math.ceil(bottom) + DIALOG_HEADER_GAP_PX);
  }
  return top;
}

/** Follows dialogs opening, moving (their opening transition) and closing, and the window size. */
function useToastStackTop(active: boolean): number {
  const [top, setTop] = useState(TOAST_STACK_TOP_PX);
  useEffect(() => {
    if (!active) return undefined;
    const measure = (): void => {
      setTop(toastStackTop(document));
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    document.addEventListener('transitionend', measure, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('transitionend', measure, true);
    };
  }, [active]);
  return top;
}

/**
 * The toast stack, top-right, with no limit on how many are open. With a dialog open it starts
 * below the dialog's header, so the dialog's close button stays visible and clickable; the stack
 * itself lets clicks through (pointer-events: none, only the toasts take them).
 */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useToasts(store);
  const top = useToastStackTop(toasts.length > 0);
  const style: CSSProperties = {
    top: `${String(top)}px`,
    maxHeight: `calc(100vh - ${String(top + 16)}px)`,
  };
  return (
    <div className="fr-toasts" data-position="top-right" aria-live="polite" style={style}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onRemove={store.remove} />
      ))}
    </div>
  );
}
