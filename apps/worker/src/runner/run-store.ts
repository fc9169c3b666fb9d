import {
  ANALYSIS_QUEUES,
  RUN_LANE_QUEUES,
  RunStatus,
  runScope,
  type RunLane,
} from '@fonrisk/contracts';
import {
  analysisRuns,
  and,
  announceJob,
  createQueueConcurrently,
  deflateResultText,
  eq,
  newBundleParts,
  nextJobId,
  rawSqlExecutor,
  resultTextWrites,
  runBundleWrites,
  sql,
  storeNewBundleParts,
  TransactionRollbackError,
  type Database,
  type RunBundleToStore,
  type Executor,
} from '@fonrisk/db';
import type PgBoss from 'pg-boss';

/**
 * Every write of the worker to analysis_runs. A run execution is fenced by its `attempt`: once
 * crash recovery re-queued a run (attempt + 1), late writes of the old execution match no row.
 */
export interface ClaimedRun {
  readonly id: string;
  readonly analysisType: string;
  readonly inputs: Record<string, unknown>;
  readonly createdBy: number | null;
  readonly attempt: number;
  readonly lane: RunLane;
  /** When the run's row was inserted (the start of its timeline). */
  readonly createdAt: Date;
}

const current = (runId: string, attempt: number) =>
  and(
    eq(analysisRuns.id, runId),
    eq(analysisRuns.attempt, attempt),
    eq(analysisRuns.status, RunStatus.Running),
  );

/** queued -> running, unless the run is not queued any more (cancelled, taken by a duplicate job). */
export async function claimRun(
  db: Database,
  runId: string,
  engineVersion: string,
  message: string,
): Promise<ClaimedRun | null> {
  const [row] = await db
    .update(analysisRuns)
    .set({
      status: RunStatus.Running,
      startedAt: sql`COALESCE(${analysisRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
      engineVersion,
      progress: 0,
      progressMessage: message,
    })
    .where(
      and(
        eq(analysisRuns.id, runId),
        eq(analysisRuns.status, RunStatus.Queued),
        eq(analysisRuns.cancelRequested, false),
      ),
    )
    .returning({
      id: analysisRuns.id,
      analysisType: analysisRuns.analysisType,
      inputs: analysisRuns.inputs,
      createdBy: analysisRuns.createdBy,
      attempt: analysisRuns.attempt,
      lane: analysisRuns.lane,
      createdAt: analysisRuns.createdAt,
    });
  return row ?? null;
}

/** Marks the execution alive; null when it no longer owns the run, else whether cancel was asked. */
export async function beat(db: Database, runId: string, attempt: number): Promise<boolean | null> {
  const [row] = await db
    .update(analysisRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(current(runId, attempt))
    .returning({ cancelRequested: analysisRuns.cancelRequested });
  return row ? row.cancelRequested : null;
}

export async function writeProgress(
  db: Database,
  runId: string,
  attempt: number,
  progress: number,
  message: string,
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ progress, progressMessage: message, heartbeatAt: sql`now()` })
    .where(current(runId, attempt));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * running -> done with the result, its text deflated for the run's GET (decision 0129) and the
 * run's input bundle (decision 0040) with it: one statement (decision 0098), whose run update
 * yields the row the other writes need, so that nothing is written for a run this execution no
 * longer holds. Parts not stored yet go first, in a transaction with it. False when the run was
 * not this execution's any more.
 */
export async function finishRun(
  db: Database,
  runId: string,
  attempt: number,
  result: Record<string, unknown>,
  dataSnapshot: Record<string, unknown>,
  bundle: RunBundleToStore | null = null,
): Promise<boolean> {
  // A run whose inputs named no date (a backtest over its default window, decision 0085)
  // takes the dates its result covers, so that lists, filters and file names show them; a run
  // that named any date keeps its own.
  const covered = runScope(result);
  const { asOfDate, fromDate, toDate } = analysisRuns;
  const undated = sql`(${asOfDate} IS NULL AND ${fromDate} IS NULL AND ${toDate} IS NULL)`;
  const dated = (
    column: typeof asOfDate | typeof fromDate | typeof toDate,
    value: string | null,
  ) =>
    value === null || !ISO_DATE.test(value)
      ? sql`${column}`
      : sql`CASE WHEN ${undated} THEN ${value}::date ELSE ${column} END`;
  const resultJson = JSON.stringify(result);
  // Deflated in libuv's thread pool, not on this thread.
  const resultText = await deflateResultText(resultJson);
  const finished = sql`UPDATE ${analysisRuns} SET
      status = ${RunStatus.Done}, progress = 1, progress_message = NULL,
      result = ${resultJson}::jsonb, data_snapshot = ${JSON.stringify(dataSnapshot)}::jsonb,
      finished_at = now(),
      as_of_date = ${dated(asOfDate, covered.asOfDate)},
      from_date = ${dated(fromDate, covered.fromDate)},
      to_date = ${dated(toDate, covered.toDate)}
    WHERE ${current(runId, attempt)}
    RETURNING id`;
  const statement = sql`WITH finished AS (${finished}), ${resultTextWrites('finished', resultText)}${
    bundle ? sql`, ${runBundleWrites('finished', bundle)}` : sql``
  } SELECT count(*)::int AS n FROM finished`;
  const store = async (ex: Executor) => (await ex.execute<{ n: number }>(statement)).rows[0]!.n > 0;
  const fresh = newBundleParts(bundle?.parts ?? []);
  if (fresh.length === 0) return store(db);
  try {
    return await db.transaction(async (tx) => {
      await storeNewBundleParts(tx, fresh);
      if (!(await store(tx))) tx.rollback(); // the parts stay out too
      return true;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/** running -> failed or cancelled (a final state). */
export async function endRun(
  db: Executor,
  runId: string,
  attempt: number,
  status: typeof RunStatus.Failed | typeof RunStatus.Cancelled,
  error: string | null,
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ status, error, finishedAt: sql`now()` })
    .where(current(runId, attempt));
}

export interface RequeueOptions {
  /** A failure or a crash counts as an attempt; a release at shutdown does not. */
  readonly countAttempt: boolean;
  readonly message: string;
  readonly delaySeconds: number;
}

/**
 * running -> queued with a new pg-boss job, in one transaction so that a run is never queued
 * without a job. `executor` is the database or a transaction already holding the row.
 */
export async function requeueRun(
  ex: Executor,
  boss: PgBoss,
  runId: string,
  attempt: number,
  options: RequeueOptions,
): Promise<boolean> {
  const rows = await ex
    .update(analysisRuns)
    .set({
      status: RunStatus.Queued,
      attempt: options.countAttempt ? attempt + 1 : attempt,
      progress: 0,
      progressMessage: options.message,
      heartbeatAt: null,
    })
    .where(current(runId, attempt))
    .returning({ id: analysisRuns.id, lane: analysisRuns.lane });
  const [run] = rows;
  if (!run) return false;
  await enqueueRunJob(ex, boss, run, options.delaySeconds);
  return true;
}

/** The schema pg-boss keeps its tables in, apart from the application's. */
export const BOSS_SCHEMA = 'pgboss';

/** Analysis jobs are never retried by pg-boss itself: the runner owns retries (ADR 0009). */
export const ANALYSIS_JOB_OPTIONS = { retryLimit: 0, expireInSeconds: 6 * 60 * 60 } as const;

/**
 * Creates the queue of every lane (idempotent). On a first start the API, the worker's analysis
 * consumers and its report worker may create the same queue at the same moment: pg-boss's
 * create_queue then fails one of them with a deadlock (or a unique violation), which ended the
 * worker process (demo-reports.test in a full run). Such a failure is tried again: the queue
 * exists by then.
 */
export async function createAnalysisQueues(boss: Pick<PgBoss, 'createQueue'>): Promise<void> {
  for (const name of ANALYSIS_QUEUES)
    await createQueueConcurrently(boss, name, { name, retryLimit: 0 });
}

/** Sends the job of a run on its lane's queue (decision 0054), in the caller's transaction. */
export async function enqueueRunJob(
  ex: Executor,
  boss: PgBoss,
  run: { readonly id: string; readonly lane: RunLane },
  delaySeconds = 0,
): Promise<void> {
  const queue = RUN_LANE_QUEUES[run.lane];
  await boss.send(
    queue,
    { runId: run.id },
    {
      ...ANALYSIS_JOB_OPTIONS,
      id: nextJobId(), // queued order kept (decision 0079)
      // Seconds from now, counted by the database clock (pg-boss's own startAfter form).
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      db: rawSqlExecutor(ex),
    },
  );
  // A job due now wakes the workers at commit; a delayed one is found by their polling.
  if (delaySeconds <= 0) await announceJob(ex, queue);
}
