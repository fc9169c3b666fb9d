import type { Database } from '@fonrisk/db';

/** What a handler sees of its run: inputs, data access, progress, cancellation and the compute pool. */
export interface RunContext<I> {
  readonly runId: string;
  /** Already validated with the type's input schema. */
  readonly inputs: I;
  /** @fonrisk/db drizzle handle (read market data, holdings). */
  readonly db: Database;
  readonly userId: number;
  /** Reports progress 0..1 with a Turkish message; throttled and persisted by the runner. */
  progress(fraction: number, message: string): Promise<void>;
  /** Aborted when the run is cancelled; long loops check `signal.aborted` / throw on abort. */
  readonly signal: AbortSignal;
  /** Runs a CPU-heavy pure function in the worker-thread pool (module path + export name + args). */
  compute<T>(task: ComputeTask): Promise<T>;
}

/** A unit of work for the worker-thread pool: `module` is an absolute path or file URL of an ES module. */
export interface ComputeTask {
  readonly module: string;
  readonly fn: string;
  readonly args: unknown[];
}

export interface RunOutcome<R> {
  /** Validated against the type's result schema by the runner. */
  readonly result: R;
  /** The data dates the run used, e.g. { holdingsDates, marketDataThrough }. */
  readonly dataSnapshot: Record<string, unknown>;
}

export interface AnalysisHandler<I = unknown, R = unknown> {
  /** 'var' | 'backtest' | ... (an id of ANALYSIS_TYPES). */
  readonly type: string;
  run(ctx: RunContext<I>): Promise<RunOutcome<R>>;
}
