// Messages between the worker's main thread and its run threads (decision 0112).
import type { RunLane } from '@fonrisk/contracts';
import type { RunnerOptions } from '../runner/runner.ts';

/** What a run thread is started with (its workerData). */
export interface RunThreadData {
  /** File URL of the thread body (run-threads/thread.ts), for the source entry. */
  readonly threadModule: string;
  /** File URL of a module whose ANALYSIS_HANDLERS the thread executes runs with. */
  readonly handlersModule: string;
  readonly databaseUrl: string;
  /** Runs the thread executes at the same time at most: its database pool is sized by it. */
  readonly slots: number;
  /** Megabytes of the thread's own market-read cache (0: none; decision 0078). */
  readonly marketCacheMb: number;
  readonly runner: RunnerOptions;
  /** The thread's niceness (0: the process's priority). */
  readonly nice: number;
}

export type ToRunThread =
  | { readonly type: 'execute'; readonly runId: string; readonly lane: RunLane }
  /** Users' runs in progress in the main thread now, which batch runs yield to (decision 0075). */
  | { readonly type: 'users'; readonly active: number }
  | { readonly type: 'drain'; readonly graceMs: number };

export type FromRunThread =
  | { readonly type: 'executed'; readonly runId: string }
  /** The thread's runs have ended or gone back to the queue, and its database pool is closed. */
  | { readonly type: 'drained' };
