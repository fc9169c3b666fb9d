import type { RunLane } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import type { Logger } from '../runner/runner.ts';
import {
  createBoss,
  startAnalysisWorker,
  type AnalysisWorker,
  type AnalysisWorkerOptions,
} from '../worker.ts';
import { createAnalysisQueues } from '../runner/run-store.ts';
import { insertTestUser, queueRun } from './runs.ts';

export const silentLog: Logger = { info: () => undefined, error: () => undefined };

/** Fast limits for in-process worker tests: 100 ms heartbeats, stale after 2 s, no retry delay. */
export const FAST_WORKER_OPTIONS = {
  poolSize: 1,
  runner: { heartbeatMs: 100, progressIntervalMs: 100, retryDelaySeconds: 0 },
  recoveryIntervalMs: 200,
  staleAfterSeconds: 2,
} as const;

export interface WorkerTestBed {
  readonly database: TestDatabase;
  readonly worker: AnalysisWorker;
  readonly userId: number;
}

/**
 * Registers beforeAll/afterAll hooks for a test file: a database of its own, a user who creates
 * runs, and an analysis worker with `options` (silent unless a log is given; a function of the
 * database when they name it, as run threads do). Read the fields inside tests only.
 */
export function useWorkerTestBed(
  options:
    | Omit<AnalysisWorkerOptions, 'db'>
    | ((database: TestDatabase) => Omit<AnalysisWorkerOptions, 'db'>),
): WorkerTestBed {
  let bed: WorkerTestBed | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const userId = await insertTestUser(database.db);
    const given = typeof options === 'function' ? options(database) : options;
    const worker = await startAnalysisWorker({ log: silentLog, ...given, db: database.db });
    bed = { database, worker, userId };
  });
  afterAll(async () => {
    await bed?.worker.stop(100);
    await bed?.database.drop();
  });
  const get = () => {
    if (!bed) throw new Error('the worker test bed is not ready (read it inside a test)');
    return bed;
  };
  return {
    get database() {
      return get().database;
    },
    get worker() {
      return get().worker;
    },
    get userId() {
      return get().userId;
    },
  };
}

/** Queues a run on the test bed's worker as the bed's user, on `lane`. */
export function queueOnBed(
  bed: WorkerTestBed,
  analysisType: string,
  inputs: Record<string, unknown>,
  lane: RunLane,
): Promise<string> {
  return queueRun(
    bed.database.db,
    bed.worker.boss,
    bed.userId,
    analysisType,
    inputs,
    undefined,
    lane,
  );
}

/** A started pg-boss of the test itself, queueing runs the way the API does, with the analysis queue. */
export async function startTestBoss(db: Database): Promise<PgBoss> {
  const boss = createBoss(db);
  await boss.start();
  await createAnalysisQueues(boss);
  return boss;
}
