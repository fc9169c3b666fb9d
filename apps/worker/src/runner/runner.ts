import {
  ANALYSIS_TYPES,
  isAnalysisType,
  RunLane,
  RunStatus,
  type AnalysisInputs,
  type AnalysisType,
} from '@fonrisk/contracts';
import { storedBundleParts, type Database } from '@fonrisk/db';
import { RiskError } from '@fonrisk/risk';
import type PgBoss from 'pg-boss';
import type { ComputePool } from '../pool/compute-pool.ts';
import { AnalysisInputError, RunCancelledError, RunLostError, RunReleasedError } from './errors.ts';
import type { AnalysisHandler, AnalysisHandlers, RunContext } from './handler.ts';
import { compressParts, InputBundleRecorder, packBundle, partMemo } from './input-bundle.ts';
import type { Stringify } from './slices.ts';
import { gzipOnPool } from './bundle-gzip.ts';
import { RUNNER_MESSAGES } from './messages.ts';
import { recordingDatabase } from './statement-recorder.ts';
import { openRunSnapshot } from './run-snapshot.ts';
import { createProgressThrottle } from './progress.ts';
import { RUN_TIMELINE_MESSAGE, RunTimeline } from './run-timeline.ts';
import type { LoopLagSampler } from './loop-lag.ts';
import type { MarketReadCache } from './market-read-cache.ts';
import { createLaneGate, type LaneGate } from './lane-gate.ts';
import {
  beat,
  claimRun,
  endRun,
  finishRun,
  requeueRun,
  writeProgress,
  type ClaimedRun,
} from './run-store.ts';

export interface RunnerOptions {
  /** How often a running execution marks itself alive and looks for a cancel request. */
  readonly heartbeatMs: number;
  /** Minimum time between two progress writes. */
  readonly progressIntervalMs: number;
  /** Executions of one run at most (the first one included) before it fails. */
  readonly maxAttempts: number;
  /** Wait before a run that threw is tried again. */
  readonly retryDelaySeconds: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  heartbeatMs: 2_000,
  progressIntervalMs: 500,
  maxAttempts: 3,
  retryDelaySeconds: 5,
};

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export interface RunnerDeps {
  readonly db: Database;
  readonly boss: PgBoss;
  readonly handlers: AnalysisHandlers;
  readonly pool: ComputePool;
  readonly engineVersion: string;
  readonly log: Logger;
  /** The worker's event-loop stalls, reported in each run's timeline (decision 0075). */
  readonly loopLag?: LoopLagSampler;
  /** The process's cache of market reads (decision 0078); null: every run reads them itself. */
  readonly marketCache?: MarketReadCache | null;
  /**
   * Users' runs in progress, which batch runs yield to (decision 0075); a gate of its own by
   * default. A run thread's runner gets a gate that follows the main thread's (decision 0112).
   */
  readonly gate?: LaneGate;
  /**
   * How a run's bundle texts are made: in slices by default (the main thread, which users' runs
   * share, decision 0075); whole on a run thread (decision 0112), the same text.
   */
  readonly stringify?: Stringify;
}

/**
 * The handler of `type`, typed by it: with T generic the mapped AnalysisHandlers gives exactly
 * AnalysisHandler<T>, so inputs and results stay tied to the type's contract.
 */
function handlerFor<T extends AnalysisType>(
  handlers: AnalysisHandlers,
  type: T,
): AnalysisHandler<T> | undefined {
  return handlers[type];
}

export interface Runner {
  /**
   * Executes one queued run to a final state (or back to the queue); never throws. A job of the
   * batch lane first waits while users' runs are in progress in this process (decision 0075).
   */
  execute(runId: string, lane?: RunLane): Promise<void>;
  /** Ids of the runs this process executes now. */
  active(): string[];
  /**
   * Waits up to `graceMs` for the current runs to finish, then aborts the rest, which go back to
   * the queue without using an attempt. A job that arrives later (fetched while the worker was
   * stopping) is released the same way at once instead of being run.
   */
  drain(graceMs: number): Promise<void>;
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeIssues(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
}): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Turns a pg-boss job (a run id) into an executed run: claims it, builds the RunContext
 * (throttled progress, heartbeat, cancellation, the compute pool), validates and stores the
 * result, and decides what an error means: AnalysisInputError fails the run for good with its
 * reason, an engine's RiskError with its reason in Turkish, a cancellation ends it cancelled,
 * anything else is retried until `maxAttempts`.
 */
export function createRunner(
  deps: RunnerDeps,
  options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
): Runner {
  const { db, boss, log } = deps;
  const running = new Map<string, AbortController>();
  // Every execute() in progress, from the job's arrival: a drain must also wait for a run that is
  // being claimed, or that run would be claimed after the drain and abandoned by the stopping worker.
  const executions = new Set<Promise<void>>();
  let releasing = false;
  // Batch runs yield to users' runs in progress here: at their start, statements and compute tasks.
  const gate = deps.gate ?? createLaneGate();

  function execute(runId: string, lane?: RunLane): Promise<void> {
    const execution = claimAndRun(runId, lane).finally(() => executions.delete(execution));
    executions.add(execution);
    return execution;
  }

  async function claimAndRun(runId: string, lane: RunLane | undefined): Promise<void> {
    const jobAt = Date.now();
    if (lane === RunLane.Batch) await gate.clear();
    const claimed = await claimRun(db, runId, deps.engineVersion, RUNNER_MESSAGES.started);
    if (!claimed) return;
    const timeline = new RunTimeline(claimed.createdAt.getTime(), jobAt);
    timeline.mark('claimed');
    const controller = new AbortController();
    if (releasing) controller.abort(new RunReleasedError());
    running.set(runId, controller);
    const leave = claimed.lane === RunLane.Interactive ? gate.enter() : null;
    try {
      if (await runClaimed(claimed, controller, timeline)) {
        const figures = timeline.figures(claimed);
        const loopLagMaxMs = deps.loopLag?.maxBetween(claimed.createdAt.getTime(), Date.now());
        log.info(RUN_TIMELINE_MESSAGE, { ...figures, loopLagMaxMs });
      }
    } catch (error) {
      log.error('run bookkeeping failed', { runId, error: String(error) });
    } finally {
      leave?.();
      running.delete(runId);
    }
  }

  /** Executes a claimed run; true when its result was stored. */
  async function runClaimed(
    run: ClaimedRun,
    controller: AbortController,
    timeline: RunTimeline,
  ): Promise<boolean> {
    const { id, attempt } = run;
    const analysisType = run.analysisType;
    const handler = isAnalysisType(analysisType)
      ? handlerFor(deps.handlers, analysisType)
      : undefined;
    if (!isAnalysisType(analysisType) || !handler) {
      await endRun(
        db,
        id,
        attempt,
        RunStatus.Failed,
        RUNNER_MESSAGES.unknownType(run.analysisType),
      );
      return false;
    }
    const type = ANALYSIS_TYPES[analysisType];
    const inputs = type.inputsSchema.safeParse(run.inputs);
    if (!inputs.success) {
      await endRun(
        db,
        id,
        attempt,
        RunStatus.Failed,
        RUNNER_MESSAGES.invalidInputs(describeIssues(inputs.error)),
      );
      return false;
    }

    const { signal } = controller;
    // The handler's reads are answered in one snapshot of the database, taken now (decision 0048).
    const snapshot = await openRunSnapshot(db);
    timeline.mark('snapshot');
    const throttle = createProgressThrottle(
      (fraction, message) => writeProgress(db, id, attempt, fraction, message),
      options.progressIntervalMs,
    );
    const heartbeat = setInterval(() => {
      beat(db, id, attempt).then(
        (cancelRequested) => {
          if (cancelRequested === null) controller.abort(new RunLostError());
          else if (cancelRequested) controller.abort(new RunCancelledError());
        },
        (error: unknown) => log.error('heartbeat failed', { runId: id, error: String(error) }),
      );
    }, options.heartbeatMs);

    // The handler reads through a recording handle: every statement and its answer go into the
    // run's input bundle, which `fonrisk replay` answers the re-run handler from (decision 0041).
    const batch = run.lane === RunLane.Batch;
    const yieldToUsers = batch ? () => gate.clear() : null;
    // One snapshot (decision 0048); market and reference reads of the same version from the
    // cache (0078, 0115).
    const recording = recordingDatabase(
      db,
      snapshot.client,
      yieldToUsers,
      deps.marketCache ?? null,
      snapshot,
    );
    const ctx: RunContext<AnalysisInputs<AnalysisType>> = {
      runId: id,
      inputs: inputs.data,
      db: recording.db,
      userId: run.createdBy ?? 0,
      signal,
      async progress(fraction, message) {
        signal.throwIfAborted();
        await yieldToUsers?.(); // between a batch run's steps (decision 0075)
        await throttle.report(fraction, message);
      },
      bundle: new InputBundleRecorder(),
      // A user's run goes ahead of batch work in the pool too (decision 0054); a batch run's next
      // task waits while users' runs are in progress (decision 0075).
      compute: (task, ...args) =>
        (yieldToUsers?.() ?? Promise.resolve()).then(() =>
          deps.pool.run(task, args, { signal, urgent: !batch, onTiming: timeline.poolTask }),
        ),
    };

    try {
      signal.throwIfAborted();
      const outcome = await abortable(handler.run(ctx), signal);
      timeline.mark('handled');
      timeline.marketReads(recording.recorder);
      const result = type.resultSchema.safeParse(outcome.result);
      throttle.cancel();
      if (!result.success) {
        log.error('result does not match its schema', {
          runId: id,
          issues: describeIssues(result.error),
        });
        await endRun(db, id, attempt, RunStatus.Failed, RUNNER_MESSAGES.invalidResult);
        return false;
      }
      await snapshot.close();
      await yieldToUsers?.(); // storing a batch run's bundle is long work too
      // Compressed in compute-pool tasks, off the main thread, ahead of compute (decision 0110).
      const gzipAll = gzipOnPool(deps.pool, signal);
      const packed = await packBundle(
        {
          reads: recording.recorder.statements,
          data: ctx.bundle.isEmpty ? null : ctx.bundle.data(),
          snapshot: snapshot.info,
        },
        // Parts that earlier runs made of the same market reads and windows (decision 0086), and
        // of the same series of a window (0100).
        deps.marketCache
          ? partMemo(
              deps.marketCache,
              (v) => recording.recorder.readKey(v) ?? ctx.bundle.partKey(v),
            )
          : null,
        gzipAll,
        deps.stringify,
      );
      timeline.bundleParts(packed);
      // A part that an earlier run stored (the same rows, the same market window) is not sent again.
      const parts = await compressParts(
        packed.parts,
        (hashes) => storedBundleParts(db, hashes),
        gzipAll,
      );
      const bundle = { ...packed, parts };
      const stored = await finishRun(db, id, attempt, result.data, outcome.dataSnapshot, bundle);
      timeline.mark('stored');
      return stored;
    } catch (thrown) {
      throttle.cancel();
      await settleFailure(run, signal.aborted ? (signal.reason as unknown) : thrown);
      return false;
    } finally {
      clearInterval(heartbeat);
      await snapshot.close();
    }
  }

  async function settleFailure(run: ClaimedRun, error: unknown): Promise<void> {
    const { id, attempt } = run;
    if (error instanceof RunLostError) return;
    if (error instanceof RunCancelledError) {
      await endRun(db, id, attempt, RunStatus.Cancelled, null);
    } else if (error instanceof RunReleasedError) {
      await db.transaction((tx) =>
        requeueRun(tx, boss, id, attempt, {
          countAttempt: false,
          message: RUNNER_MESSAGES.released,
          delaySeconds: 0,
        }),
      );
    } else if (error instanceof AnalysisInputError) {
      await endRun(db, id, attempt, RunStatus.Failed, error.message);
    } else if (error instanceof RiskError) {
      // The engine refused the inputs: they are refused again on a retry (decision 0144).
      log.error('analysis refused by the engine', {
        runId: id,
        attempt,
        error: error.stack ?? error.message,
      });
      await endRun(db, id, attempt, RunStatus.Failed, RUNNER_MESSAGES.engineRefused(error));
    } else {
      log.error('analysis failed', {
        runId: id,
        attempt,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      if (attempt < options.maxAttempts) {
        await db.transaction((tx) =>
          requeueRun(tx, boss, id, attempt, {
            countAttempt: true,
            message: RUNNER_MESSAGES.retrying(attempt + 1, options.maxAttempts),
            delaySeconds: options.retryDelaySeconds,
          }),
        );
      } else {
        await endRun(db, id, attempt, RunStatus.Failed, RUNNER_MESSAGES.failedAfterRetries);
      }
    }
  }

  return {
    execute,
    active: () => [...running.keys()],
    async drain(graceMs) {
      const all = () => Promise.all([...executions]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
      });
      await Promise.race([all(), timeout]);
      clearTimeout(timer);
      releasing = true;
      for (const controller of running.values()) controller.abort(new RunReleasedError());
      await all();
    },
  };
}
