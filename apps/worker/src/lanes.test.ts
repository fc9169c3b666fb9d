// Users before batches (decision 0054): a run a user starts is taken at once by the interactive
// lane's consumer, however many batch runs wait on the batch lane.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunLane } from '@fonrisk/contracts';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type PgBoss from 'pg-boss';
import { insertTestUser, queueRun, readRun } from './testing/runs.ts';
import {
  SLOW_ANALYSIS_TYPE,
  spawnSlowWorker,
  type SpawnedWorker,
} from './testing/worker-processes.ts';
import { startTestBoss } from './testing/worker-test-bed.ts';

const BATCH_RUNS = 6;

describe('run lanes', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let boss: PgBoss;
  let userId: number;
  let worker: SpawnedWorker | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await insertTestUser(database.db);
    boss = await startTestBoss(database.db);
  });
  afterAll(async () => {
    await worker?.stop('SIGTERM');
    await boss.stop({ graceful: false, close: false });
    await database.drop();
  });

  it("finishes a user's run while the batch runs queued before it still wait", async () => {
    worker = await spawnSlowWorker({
      DATABASE_URL: database.url,
      WORKER_CONCURRENCY: '1',
      WORKER_POOL_SIZE: '1',
      SLOW_HANDLER_STEPS: '4',
      SLOW_HANDLER_STEP_MS: '150',
    });
    const inputs = (i: number) => ({
      portfolioCodes: [`SIRA${String(i)}`],
      asOfDate: '2025-01-02',
    });
    const batch: string[] = [];
    for (let i = 0; i < BATCH_RUNS; i++)
      batch.push(
        await queueRun(
          database.db,
          boss,
          userId,
          SLOW_ANALYSIS_TYPE,
          inputs(i),
          undefined,
          RunLane.Batch,
        ),
      );
    const user = await queueRun(database.db, boss, userId, SLOW_ANALYSIS_TYPE, inputs(99));
    const deadline = Date.now() + 60_000;
    while ((await readRun(database.db, user)).status !== 'done') {
      if (Date.now() > deadline) throw new Error('the user run did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    const batchStates = await Promise.all(
      batch.map(async (id) => (await readRun(database.db, id)).status),
    );
    const finished = batchStates.filter((s) => s === 'done').length;
    // One batch consumer takes one run at a time (~0.6 s each): the user's run, taken at once by
    // its own consumer, is done after about one batch run, long before the batch is.
    expect(
      finished,
      `batch states when the user run was done: ${batchStates.join(',')}`,
    ).toBeLessThanOrEqual(2);
    expect((await readRun(database.db, user)).lane).toBe('interactive');
    await worker.stop('SIGTERM');
    worker = undefined;
  });

  it('finishes every run when every run slot of both lanes is busy (the pool cannot starve itself)', async () => {
    // 3 runs per lane = 6 runs at once, each holding its snapshot connection while it reports
    // progress on another one: a pool of concurrency + 4 = 7 connections (the LISTEN takes one)
    // left every run waiting for a connection only a run could give back (bench/night.ts).
    worker = await spawnSlowWorker({
      DATABASE_URL: database.url,
      WORKER_CONCURRENCY: '3',
      WORKER_POOL_SIZE: '1',
      SLOW_HANDLER_STEPS: '3',
      SLOW_HANDLER_STEP_MS: '100',
    });
    const ids: string[] = [];
    for (const lane of [RunLane.Batch, RunLane.Interactive])
      for (let i = 0; i < 3; i++)
        ids.push(
          await queueRun(
            database.db,
            boss,
            userId,
            SLOW_ANALYSIS_TYPE,
            { portfolioCodes: [`HAVUZ${String(i)}`], asOfDate: '2025-01-02' },
            undefined,
            lane,
          ),
        );
    const deadline = Date.now() + 60_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = await Promise.all(ids.map(async (id) => (await readRun(database.db, id)).status));
      if (states.every((s) => s === 'done')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(states).toEqual(ids.map(() => 'done'));
  });
});
