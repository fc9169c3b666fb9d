import { RUN_LANE_QUEUES, runScope, type RunLane } from '@fonrisk/contracts';
import {
  announceJob,
  nextJobId,
  rawSqlExecutor,
  type AnalysisRunRow,
  type Database,
  type Executor,
} from '@fonrisk/db';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA, createAnalysisQueues } from '@fonrisk/worker';
import { insertRuns } from './analyses.repository.ts';

/** A run as the queue sees it: its id and its lane (decision 0054). */
export interface QueuedRun {
  readonly id: string;
  readonly lane: RunLane;
}

/** The API's side of the analysis queues (ADR 0009, decision 0054): it only sends jobs. */
export interface RunQueue {
  /**
   * Adds the jobs of runs, on their lanes' queues, inside the caller's transaction; they start in
   * the order given.
   */
  enqueue(ex: Executor, runs: readonly QueuedRun[]): Promise<void>;
  close(): Promise<void>;
}

/** The API's own queue, whose pg-boss starts lazily. */
export interface LazyRunQueue extends RunQueue {
  /** Starts pg-boss now (otherwise the first enqueue does). */
  start(): Promise<void>;
}

/** Jobs carry only the run id; retries belong to the worker's runner, not to pg-boss. */
const JOB_OPTIONS = { retryLimit: 0, expireInSeconds: 6 * 60 * 60 } as const;

/**
 * Sends the jobs of runs on their lanes' queues of a started pg-boss, in one statement inside the
 * transaction of `ex` (decision 0106), and wakes the workers of each queue (their LISTEN gets the
 * NOTIFY at commit, so they fetch at once instead of at the next poll).
 */
export async function sendRunJobs(
  boss: PgBoss,
  ex: Executor,
  runs: readonly QueuedRun[],
): Promise<void> {
  if (runs.length === 0) return;
  // Increasing ids: the runs start in the order they were queued.
  const jobs = runs.map((run) => ({
    ...JOB_OPTIONS,
    id: nextJobId(),
    name: RUN_LANE_QUEUES[run.lane],
    data: { runId: run.id },
  }));
  const db = rawSqlExecutor(ex);
  await boss.insert(jobs, { db });
  // pg-boss leaves out, without a word, a job whose queue does not exist: no run without its job.
  const { rows } = await db.executeSql(
    `SELECT count(*)::int AS n FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[]) AND id = ANY($2::uuid[])`,
    [[...new Set(jobs.map((j) => j.name))], jobs.map((j) => j.id)],
  );
  if ((rows[0] as { n: number } | undefined)?.n !== jobs.length)
    throw new Error('çalıştırmaların işleri kuyruğa eklenemedi');
  for (const queue of new Set(jobs.map((j) => j.name))) await announceJob(ex, queue);
}

/** Creates every analysis queue: the worker's function (a concurrent creation is tried again). */
export { createAnalysisQueues };

/** pg-boss starts on the first enqueue, so that servers that never start a run never touch it. */
export function createRunQueue(db: Database, onError: (error: Error) => void): LazyRunQueue {
  let started: Promise<PgBoss> | null = null;
  function boss(): Promise<PgBoss> {
    started ??= (async () => {
      const instance = new PgBoss({
        db: rawSqlExecutor(db),
        schema: BOSS_SCHEMA,
        supervise: false,
        schedule: false,
      });
      instance.on('error', onError);
      await instance.start();
      await createAnalysisQueues(instance);
      return instance;
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }
  return {
    async enqueue(ex, runs) {
      await sendRunJobs(await boss(), ex, runs);
    },
    async start() {
      await boss();
    },
    async close() {
      if (!started) return;
      const instance = await started.catch(() => null);
      await instance?.stop({ graceful: false, close: false, wait: true });
    },
  };
}

/** Who a run is recorded as started by: a user, or the system (null id) for batches and demo. */
export interface RunRequester {
  readonly userId: number | null;
  readonly name: string;
}

export interface RunToQueue {
  readonly analysisType: string;
  /** The inputs as the type's schema parsed them. */
  readonly inputs: Record<string, unknown>;
  readonly requester: RunRequester;
  readonly lane: RunLane;
}

/**
 * Inserts queued runs and sends their jobs on their lanes, in the caller's transaction (no run
 * without its job, no job without its run), with one statement for the runs and one for the jobs
 * (decision 0106); the runs start in the order given. Every place that starts runs goes through
 * here.
 */
export async function queueRuns(
  tx: Executor,
  queue: RunQueue,
  runs: readonly RunToQueue[],
): Promise<AnalysisRunRow[]> {
  const rows = await insertRuns(
    tx,
    runs.map((run) => ({
      analysisType: run.analysisType,
      inputs: run.inputs,
      ...runScope(run.inputs),
      createdBy: run.requester.userId,
      createdByName: run.requester.name,
      lane: run.lane,
    })),
  );
  await queue.enqueue(tx, rows);
  return rows;
}

/** One run of queueRuns. */
export async function queueRun(
  tx: Executor,
  queue: RunQueue,
  run: RunToQueue,
): Promise<AnalysisRunRow> {
  const [row] = await queueRuns(tx, queue, [run]);
  return row!;
}
