import { useCallback, useEffect, useRef, useState } from 'react';
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

/** The toast stack, top-right, with no limit on how many are open. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useToasts(store);
  return (
    <div className="fr-toasts" data-position="top-right" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onRemove={store.remove} />
      ))}
    </div>
  );
}
