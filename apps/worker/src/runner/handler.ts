import type { AnalysisInputs, AnalysisResult, AnalysisType } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import type { ComputeTaskRef, TaskFn } from '../pool/tasks.ts';
import type { InputBundleRecorder } from './input-bundle.ts';

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
  /**
   * Runs a CPU-heavy pure function in the worker-thread pool: a typed entry of a task module
   * (e.g. `RISK_TASKS.matrixRisk`, see pool/tasks.ts) with that function's own arguments.
   */
  /**
   * The run's input bundle: a handler of a type with a `bundle` in its definition records the
   * holdings, market windows, settings and evaluations it used; the runner stores them.
   */
  readonly bundle: InputBundleRecorder;
  compute<F extends TaskFn>(
    task: ComputeTaskRef<F>,
    ...args: Parameters<F>
  ): Promise<Awaited<ReturnType<F>>>;
}

export interface RunOutcome<R> {
  /** Validated against the type's result schema by the runner. */
  readonly result: R;
  /** The data dates the run used, e.g. { holdingsDates, marketDataThrough }. */
  readonly dataSnapshot: Record<string, unknown>;
}

/** The worker side of analysis type T: inputs and result typed by the type's contract. */
export interface AnalysisHandler<T extends AnalysisType> {
  run(ctx: RunContext<AnalysisInputs<T>>): Promise<RunOutcome<AnalysisResult<T>>>;
}

/** Handlers by analysis type (tests serve some types only; ANALYSIS_HANDLERS serves all). */
export type AnalysisHandlers = { readonly [T in AnalysisType]?: AnalysisHandler<T> };
