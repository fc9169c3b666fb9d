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
import { createAnalysisQueues } from '@fonrisk/worker';
import { insertRun } from './analyses.repository.ts';

/** A run as the queue sees it: its id and its lane (decision 0054). */
export interface QueuedRun {
  readonly id: string;
  readonly lane: RunLane;
}

/** The API's side of the analysis queues (ADR 0009, decision 0054): it only sends jobs. */
export interface RunQueue {
  /** Adds the job of a run, on its lane's queue, inside the caller's transaction. */
  enqueue(ex: Executor, run: QueuedRun): Promise<void>;
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
 * Sends the job of a run on its lane's queue of a started pg-boss, inside the transaction of
 * `ex`, and wakes the workers (their LISTEN gets the NOTIFY at commit, so they fetch at once
 * instead of at the next poll).
 */
export async function sendRunJob(boss: PgBoss, ex: Executor, run: QueuedRun): Promise<void> {
  const queue = RUN_LANE_QUEUES[run.lane];
  // An increasing id: the runs of one transaction start in the order they were queued.
  await boss.send(
    queue,
    { runId: run.id },
    { ...JOB_OPTIONS, id: nextJobId(), db: rawSqlExecutor(ex) },
  );
  await announceJob(ex, queue);
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
        schema: 'pgboss',
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
    async enqueue(ex, run) {
      await sendRunJob(await boss(), ex, run);
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
 * Inserts a queued run and sends its job on its lane, in the caller's transaction (no run
 * without its job, no job without its run). Every place that starts runs goes through here.
 */
export async function queueRun(
  tx: Executor,
  queue: RunQueue,
  run: RunToQueue,
): Promise<AnalysisRunRow> {
  const row = await insertRun(tx, {
    analysisType: run.analysisType,
    inputs: run.inputs,
    ...runScope(run.inputs),
    createdBy: run.requester.userId,
    createdByName: run.requester.name,
    lane: run.lane,
  });
  await queue.enqueue(tx, row);
  return row;
}
