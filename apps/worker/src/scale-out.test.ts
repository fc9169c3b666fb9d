// Scale-out (issue 14): two worker processes on one queue, as `npm run worker` starts them on two
// machines against the same DATABASE_URL. Every run is done once, by one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type PgBoss from 'pg-boss';
import { insertTestUser, queueRun, readRun } from './testing/runs.ts';
import {
  SLOW_ANALYSIS_TYPE,
  spawnSlowWorker,
  type SpawnedWorker,
} from './testing/worker-processes.ts';
import { startTestBoss } from './testing/worker-test-bed.ts';

const RUNS = 12;

describe('two workers on one queue', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let boss: PgBoss;
  let userId: number;
  const workers: SpawnedWorker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await insertTestUser(database.db);
    boss = await startTestBoss(database.db);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGTERM')));
    await boss.stop({ graceful: false, close: false });
    await database.drop();
  });

  it('shares the runs between the two processes and does none twice', async () => {
    for (let i = 0; i < 2; i++) {
      workers.push(
        await spawnSlowWorker({
          DATABASE_URL: database.url,
          WORKER_CONCURRENCY: '2',
          WORKER_POOL_SIZE: '1',
          SLOW_HANDLER_STEPS: '3',
          SLOW_HANDLER_STEP_MS: '60',
        }),
      );
    }
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      ids.push(
        await queueRun(database.db, boss, userId, SLOW_ANALYSIS_TYPE, {
          portfolioCodes: [`OLCEK${String(i)}`],
          asOfDate: '2025-01-02',
        }),
      );
    }
    const deadline = Date.now() + 90_000;
    for (;;) {
      const runs = await Promise.all(ids.map((id) => readRun(database.db, id)));
      if (runs.every((r) => r.status === 'done')) break;
      if (Date.now() > deadline) throw new Error(runs.map((r) => r.status).join(','));
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs = await Promise.all(ids.map((id) => readRun(database.db, id)));
    expect(runs.every((r) => r.attempt === 1)).toBe(true);
    const executions = workers.flatMap((w) =>
      w.output
        .filter((line) => line.includes('"message":"slow handler ran"'))
        .map((line) => (JSON.parse(line) as { runId: string }).runId),
    );
    expect(executions.sort(), 'each run executed exactly once').toEqual([...ids].sort());
    const byPid = new Set(runs.map((r) => (r.dataSnapshot as { workerPid: number }).workerPid));
    expect(byPid, 'both processes took runs').toEqual(new Set(workers.map((w) => w.pid)));
  });
});
