import { ANALYSIS_QUEUE } from '@fonrisk/contracts';
import { announceJob, rawSqlExecutor, type Database, type Executor } from '@fonrisk/db';
import PgBoss from 'pg-boss';

/** The API's side of the pg-boss queue 'analysis' (ADR 0009): it only sends jobs. */
export interface RunQueue {
  /** Adds the job of a run inside the caller's transaction (no run without its job). */
  enqueue(ex: Executor, runId: string): Promise<void>;
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
 * Sends the job of a run on a started pg-boss, inside the transaction of `ex`, and wakes the
 * workers (their LISTEN gets the NOTIFY at commit, so they fetch at once instead of at the next
 * poll).
 */
export async function sendRunJob(boss: PgBoss, ex: Executor, runId: string): Promise<void> {
  await boss.send(ANALYSIS_QUEUE, { runId }, { ...JOB_OPTIONS, db: rawSqlExecutor(ex) });
  await announceJob(ex, ANALYSIS_QUEUE);
}

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
      await instance.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 0 });
      return instance;
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }
  return {
    async enqueue(ex, runId) {
      await sendRunJob(await boss(), ex, runId);
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
