// The API queues a batch's runs in one transaction (the night's schedules, run-all); pg-boss hands
// them out by created_on (the same for all of them) and then by id: the ids now increase, so the
// runs start in the order they were queued (decision 0079). A batch's runs are written with one
// statement and their jobs with another (decision 0106).
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LANE_QUEUES, RunLane } from '@fonrisk/contracts';
import { analysisRuns, inArray, rawSqlExecutor } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { createRunQueue, queueRun, queueRuns, type LazyRunQueue } from './run-queue.ts';

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

  it('queues a batch with one statement for the runs and one for the jobs, each run with its job, in order', async () => {
    // More runs than one INSERT takes (INSERT_RUNS_CHUNK), on both lanes.
    const batch = Array.from({ length: 2_345 }, (_, i) => ({
      analysisType: 'leverage',
      inputs: { portfolioCodes: [`TOPLU${String(i)}`], asOfDate: '2025-01-03' },
      requester: { userId: null, name: 'Gece toplu işi' },
      lane: i % 7 === 0 ? RunLane.Interactive : RunLane.Batch,
    }));
    const rows = await t.db.transaction((tx) => queueRuns(tx, queue, batch));
    expect(rows.map((r) => [r.portfolioCodes, r.lane, r.status])).toEqual(
      batch.map((run) => [run.inputs.portfolioCodes, run.lane, 'queued']),
    );
    expect(new Set(rows.map((r) => r.id)).size).toBe(batch.length);
    for (const lane of [RunLane.Batch, RunLane.Interactive]) {
      const { rows: jobs } = await t.pool.query<{ runId: string }>(
        `SELECT data->>'runId' AS "runId" FROM pgboss.job WHERE name = $1 AND data->>'runId' = ANY($2)
         ORDER BY priority DESC, created_on, id`,
        [RUN_LANE_QUEUES[lane], rows.map((r) => r.id)],
      );
      expect(jobs.map((j) => j.runId)).toEqual(
        rows.filter((r) => r.lane === lane).map((r) => r.id),
      );
    }
  });

  it('stores nothing when a job cannot be queued (no run without its job)', async () => {
    // Another process drops the batch queue: pg-boss would leave the job out without a word.
    const other = new PgBoss({
      db: rawSqlExecutor(t.db),
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await other.start();
    await t.pool.query('DELETE FROM pgboss.job WHERE name = $1', [RUN_LANE_QUEUES[RunLane.Batch]]);
    await other.deleteQueue(RUN_LANE_QUEUES[RunLane.Batch]);
    await other.stop({ graceful: false, close: false, wait: true });
    const jobCount = async () =>
      Number(
        (
          await t.pool.query<{ n: string }>(
            'SELECT count(*) AS n FROM pgboss.job WHERE name = $1',
            [RUN_LANE_QUEUES[RunLane.Interactive]],
          )
        ).rows[0]!.n,
      );
    const jobsBefore = await jobCount();
    const codes = ['KAYIP1', 'KAYIP2'];
    await expect(
      t.db.transaction((tx) =>
        queueRuns(
          tx,
          queue,
          codes.map((code, i) => ({
            analysisType: 'leverage',
            inputs: { portfolioCodes: [code], asOfDate: '2025-01-06' },
            requester: { userId: null, name: 'Gece toplu işi' },
            lane: i === 0 ? RunLane.Interactive : RunLane.Batch,
          })),
        ),
      ),
    ).rejects.toThrow('çalıştırmaların işleri kuyruğa eklenemedi');
    const stored = await t.db
      .select()
      .from(analysisRuns)
      .where(inArray(analysisRuns.asOfDate, ['2025-01-06']));
    expect(stored).toEqual([]);
    expect(await jobCount(), "the interactive run's job went back with the transaction").toBe(
      jobsBefore,
    );
  });
});
