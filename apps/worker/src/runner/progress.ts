/**
 * Throttles progress writes: at most one write per `minIntervalMs` (2 a second by default),
 * counted from the throttle's creation (the run's start); a report arriving sooner is held and the
 * latest held one is written when the interval ends, so the final state is never lost. A run that
 * ends within the first interval writes no progress (its end writes its state; decision 0098):
 * the night's 1,100 short runs each sent an update and a NOTIFY for a bar no one saw move. Each
 * write also NOTIFYs (via the table trigger).
 */
export interface ProgressThrottle {
  report(fraction: number, message: string): Promise<void>;
  /** Writes a held report now (before the run ends). */
  flush(): Promise<void>;
  /** Drops a held report (the run ended another way). */
  cancel(): void;
}

export function createProgressThrottle(
  write: (fraction: number, message: string) => Promise<void>,
  minIntervalMs = 500,
  now: () => number = Date.now,
): ProgressThrottle {
  let lastWrite = now();
  let held: { fraction: number; message: string } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function doWrite(fraction: number, message: string): Promise<void> {
    lastWrite = now();
    writing = writing.then(() => write(fraction, message));
    return writing;
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const pending = held;
    held = null;
    if (pending) await doWrite(pending.fraction, pending.message);
    await writing;
  }

  return {
    report(fraction, message) {
      const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
      const wait = lastWrite + minIntervalMs - now();
      if (wait <= 0 && !timer) return doWrite(clamped, message);
      held = { fraction: clamped, message };
      timer ??= setTimeout(
        () => {
          timer = null;
          void flush().catch(() => undefined);
        },
        Math.max(0, wait),
      );
      return Promise.resolve();
    },
    flush,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      held = null;
    },
  };
}
