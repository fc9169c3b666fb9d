// Replays a run from its input bundle (decision 0041): the type's own handler runs again, in this
// process, on a database that answers every statement from the bundle's recording, with the
// bundle's inputs, a no-op progress, a signal never aborted and the compute tasks called here
// (the same functions the thread pool runs). The result is validated with the type's schema and
// compared figure by figure with the stored one.
import {
  ANALYSIS_TYPES,
  isAnalysisType,
  type AnalysisInputs,
  type AnalysisType,
  type RecordedStatement,
} from '@fonrisk/contracts';
import { databaseOver } from '@fonrisk/db';
import { compareFigures, type FigureDifference } from '@fonrisk/risk';
import { ANALYSIS_HANDLERS } from '../analyses/index.ts';
import { runTaskHere } from '../pool/tasks.ts';
import type { AnalysisHandler, AnalysisHandlers, RunContext } from '../runner/handler.ts';
import { InputBundleRecorder } from '../runner/input-bundle.ts';
import { REPLAY_MESSAGES } from './messages.ts';
import { ReplayingPool, UnrecordedStatementError } from './replaying-pool.ts';

/** What a replay needs of a bundle (contracts InputBundle, version 2). */
export interface ReplayableBundle {
  readonly runId: string;
  readonly analysisType: string;
  readonly inputs: Record<string, unknown>;
  readonly reads: readonly RecordedStatement[];
  readonly result: Record<string, unknown>;
}

export interface RunReplay {
  /** The recomputed result as it would be stored (JSON). */
  readonly result: Record<string, unknown>;
  /** Figures whose recomputed value is not the stored one (same bits: none). */
  readonly differences: FigureDifference[];
  /** Recorded statements this version's code did not send. */
  readonly unusedStatements: number;
}

/** A bundle that cannot be replayed; the message is Turkish and names the reason. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** The unrecorded statement behind an error (drizzle wraps a client's error as its cause). */
function unrecordedIn(error: unknown): UnrecordedStatementError | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e instanceof UnrecordedStatementError) return e;
  return null;
}

function handlerFor<T extends AnalysisType>(
  handlers: AnalysisHandlers,
  type: T,
): AnalysisHandler<T> | undefined {
  return handlers[type];
}

async function replayTyped(
  type: AnalysisType,
  bundle: ReplayableBundle,
  handlers: AnalysisHandlers,
): Promise<RunReplay> {
  const handler = handlerFor(handlers, type);
  if (!handler) throw new ReplayError(REPLAY_MESSAGES.unknownType(type));
  const definition = ANALYSIS_TYPES[type];
  const inputs = definition.inputsSchema.safeParse(bundle.inputs);
  if (!inputs.success)
    throw new ReplayError(REPLAY_MESSAGES.invalidInputs(describeIssues(inputs.error.issues)));
  const pool = new ReplayingPool(bundle.reads);
  const ctx: RunContext<AnalysisInputs<AnalysisType>> = {
    runId: bundle.runId,
    inputs: inputs.data,
    db: databaseOver(pool),
    userId: 0,
    signal: new AbortController().signal,
    progress: () => Promise.resolve(),
    bundle: new InputBundleRecorder(),
    compute: (task, ...args) => runTaskHere(task, args),
  };
  let outcome: { readonly result: unknown };
  try {
    outcome = await handler.run(ctx);
  } catch (error) {
    const unrecorded = unrecordedIn(error);
    if (unrecorded) throw new ReplayError(unrecorded.message, { cause: error });
    throw new ReplayError(
      REPLAY_MESSAGES.failed(error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  const parsed = definition.resultSchema.safeParse(outcome.result);
  if (!parsed.success)
    throw new ReplayError(REPLAY_MESSAGES.invalidResult(describeIssues(parsed.error.issues)));
  // The stored result is this JSON (jsonb): compare and print that form.
  const result = JSON.parse(JSON.stringify(parsed.data)) as Record<string, unknown>;
  return {
    result,
    differences: compareFigures(bundle.result, result),
    unusedStatements: pool.unused,
  };
}

/**
 * Re-runs the bundle's run with this version's handler and compares the result with the stored
 * one. Throws ReplayError (Turkish) when the type is unknown, the inputs no longer validate, the
 * code sends a statement the run did not (named in the message) or the handler fails.
 */
export function replayRun(
  bundle: ReplayableBundle,
  handlers: AnalysisHandlers = ANALYSIS_HANDLERS,
): Promise<RunReplay> {
  if (!isAnalysisType(bundle.analysisType))
    return Promise.reject(new ReplayError(REPLAY_MESSAGES.unknownType(bundle.analysisType)));
  return replayTyped(bundle.analysisType, bundle, handlers);
}
