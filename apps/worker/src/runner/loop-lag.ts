// How long the worker's main thread was blocked (issue 25, decision 0075): every run's job pickup,
// claim, reads and result storing wait while another run's JavaScript holds the event loop (row
// parsing, result checks, the input bundle), so the run timeline reports the longest block seen
// during the run.

/** A stall of the event loop: a timer due at `at - lagMs` that ran at `at`. */
interface Stall {
  readonly at: number;
  readonly lagMs: number;
}

export interface LoopLagSampler {
  /** The longest stall overlapping [from, to] (epoch milliseconds), 0 when none. */
  maxBetween(from: number, to: number): number;
  stop(): void;
}

/**
 * Samples the event loop every `intervalMs`: a tick later than due by more than `thresholdMs`
 * is kept for `keepMs`. The timer does not keep the process alive.
 */
export function sampleLoopLag(
  intervalMs = 20,
  thresholdMs = 30,
  keepMs = 10 * 60_000,
): LoopLagSampler {
  const stalls: Stall[] = [];
  let due = Date.now() + intervalMs;
  const timer = setInterval(() => {
    const now = Date.now();
    const lagMs = now - due;
    due = now + intervalMs;
    if (lagMs > thresholdMs) stalls.push({ at: now, lagMs });
    while (stalls.length > 0 && stalls[0]!.at < now - keepMs) stalls.shift();
  }, intervalMs);
  timer.unref();
  return {
    maxBetween(from, to) {
      let max = 0;
      for (const s of stalls)
        if (s.at >= from && s.at - s.lagMs <= to && s.lagMs > max) max = s.lagMs;
      return max;
    },
    stop: () => clearInterval(timer),
  };
}
