// The API queues a batch's runs in one transaction (the night's schedules, run-all); pg-boss hands
// them out by created_on (the same for all of them) and then by id: the ids now increase, so the
// runs start in the order they were queued (decision 0079).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunLane } from '@fonrisk/contracts';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { createRunQueue, queueRun, type LazyRunQueue } from './run-queue.ts';

describe('the run queue', () => {
  let t: TestDatabase;
  let queue: LazyRunQueue;
  beforeAll(async () => {
    t = await createTestDatabase();
    queue = createRunQueue(t.db, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await queue.close();
    await t.drop();
  });

  it('gives the jobs of one transaction in the order they were queued', async () => {
    const runIds = await t.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 16; i++) {
        const row = await queueRun(tx, queue, {
          analysisType: 'leverage',
          inputs: { portfolioCodes: [`SIRA${String(i)}`], asOfDate: '2025-01-02' },
          requester: { userId: null, name: 'Gece toplu işi' },
          lane: RunLane.Batch,
        });
        ids.push(row.id);
      }
      return ids;
    });
    // pg-boss's own order of taking jobs (fetchNextJob: priority desc, created_on, id).
    const { rows } = await t.pool.query<{ runId: string }>(
      `SELECT data->>'runId' AS "runId" FROM pgboss.job WHERE data->>'runId' = ANY($1)
       ORDER BY priority DESC, created_on, id`,
      [runIds],
    );
    expect(rows.map((r) => r.runId)).toEqual(runIds);
  });
});
