// A job pg-boss hands over while the worker is stopping (fetched just before offWork took
// effect) must not start a run the stopping process would then abandon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE, type LeverageResult } from '@fonrisk/contracts';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type PgBoss from 'pg-boss';
import { createComputePool, type ComputePool } from '../pool/compute-pool.ts';
import { insertTestUser, queueRun, readRun, waitForStatus } from '../testing/runs.ts';
import { silentLog, startTestBoss } from '../testing/worker-test-bed.ts';
import { startAnalysisWorker } from '../worker.ts';
import type { AnalysisHandlers } from './handler.ts';
import { RUNNER_MESSAGES } from './messages.ts';
import { createRunner } from './runner.ts';

const result: LeverageResult = { asOfDate: '2025-01-02', portfolios: [], tables: {} };

describe('runner drain', () => {
  let database: TestDatabase;
  let boss: PgBoss;
  let pool: ComputePool;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await insertTestUser(database.db);
    boss = await startTestBoss(database.db);
    pool = createComputePool(1);
  });
  afterAll(async () => {
    await pool.close();
    await boss.stop({ graceful: false, close: false });
    await database.drop();
  });

  it('puts back in the queue, unrun and without using an attempt, a job that arrives after the drain', async () => {
    let handlerCalls = 0;
    const handlers: AnalysisHandlers = {
      leverage: {
        run: () => {
          handlerCalls++;
          return Promise.resolve({ result, dataSnapshot: {} });
        },
      },
    };
    const runner = createRunner(
      { db: database.db, boss, handlers, pool, engineVersion: 'test', log: silentLog },
      {
        heartbeatMs: 100,
        progressIntervalMs: 100,
        maxAttempts: 2,
        retryDelaySeconds: 0,
      },
    );
    const runId = await queueRun(database.db, boss, userId, 'leverage', {
      portfolioCodes: ['GEC'],
      asOfDate: '2025-01-02',
    });

    await runner.drain(1_000);
    // What boss.work does with a job it fetched: execute it, then complete it.
    const [job] = await boss.fetch<{ runId: string }>(ANALYSIS_QUEUE);
    expect(job?.data.runId).toBe(runId);
    await runner.execute(runId);
    await boss.complete(ANALYSIS_QUEUE, job!.id);

    expect(handlerCalls, 'a stopping runner computes nothing new').toBe(0);
    const released = await readRun(database.db, runId);
    expect(released.status).toBe('queued');
    expect(released.attempt).toBe(1);
    expect(released.progressMessage).toBe(RUNNER_MESSAGES.released);

    // The release queued a job of its own, which another worker picks up.
    const next = await startAnalysisWorker({
      db: database.db,
      handlers,
      poolSize: 1,
      log: silentLog,
    });
    try {
      const run = await waitForStatus(database.db, runId);
      expect(run.status).toBe('done');
      expect(run.attempt).toBe(1);
      expect(handlerCalls).toBe(1);
    } finally {
      await next.stop(100);
    }
  });
});
