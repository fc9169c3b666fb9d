// Batch runs yield to users' runs (issue 25, decision 0075). Separate queues (decision 0054) let a
// user's run start at once, but it then shared this process's main thread, the compute pool and
// PostgreSQL with the batch runs in progress, whose reads and JavaScript made it wait seconds.
// While a run of the interactive lane is in progress in this process, batch runs wait at their
// next step: before their next statement, their next compute task and before they start.

export interface LaneGate {
  /** Marks a user's run as in progress; the returned function ends it (once). */
  enter(): () => void;
  /**
   * Resolves at once when no user's run is in progress, else when none is any more, or after
   * `maxWaitMs` at the latest (a steady stream of users' runs slows the batch, never stops it).
   */
  clear(): Promise<void>;
  /** Users' runs in progress. */
  readonly active: number;
}

/**
 * `onChange` is told the number of users' runs in progress each time one starts or ends (the
 * worker's run threads follow the main thread's gate by it, decision 0112).
 */
export function createLaneGate(
  maxWaitMs = 5_000,
  onChange: (active: number) => void = () => undefined,
): LaneGate {
  let active = 0;
  let waiters: (() => void)[] = [];

  function open(): void {
    const release = waiters;
    waiters = [];
    for (const resolve of release) resolve();
  }

  return {
    enter() {
      active++;
      onChange(active);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        active--;
        onChange(active);
        if (active === 0) open();
      };
    },
    clear() {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== done);
          resolve();
        }, maxWaitMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(done);
      });
    },
    get active() {
      return active;
    },
  };
}
