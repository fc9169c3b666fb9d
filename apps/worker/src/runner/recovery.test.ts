// Recovery of queued runs whose job was lost (ADR 0009): the worker that fetched the job died
// before claiming the run, or the claim failed; pg-boss never retries analysis jobs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE, type LeverageResult } from '@fonrisk/contracts';
import { analysisRuns, sql } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { insertTestUser, queueRun, readRun, waitForStatus } from '../testing/runs.ts';
import { startAnalysisWorker, type AnalysisWorker } from '../worker.ts';
import type { AnalysisHandler } from './handler.ts';
import { enqueueRunJob } from './run-store.ts';

const result: LeverageResult = { asOfDate: '2025-01-02', portfolios: [], tables: {} };
const inputs = { portfolioCodes: ['KAYIP'], asOfDate: '2025-01-02' };
const handler: AnalysisHandler = { type: 'leverage', run: () => Promise.resolve({ result, dataSnapshot: {} }) };

describe('recovery of queued runs that lost their job', () => {
  let database: TestDatabase;
  let worker: AnalysisWorker;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await insertTestUser(database.db);
    worker = await startAnalysisWorker({
      db: database.db,
      handlers: [handler],
      poolSize: 1,
      recoveryIntervalMs: 200,
      staleAfterSeconds: 2,
      log: { info: () => undefined, error: () => undefined },
    });
  });
  afterAll(async () => {
    await worker?.stop(100);
    await database?.drop();
  });

  const jobsOf = async (runId: string) => {
    const rows = await database.db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = ${ANALYSIS_QUEUE} AND data->>'runId' = ${runId}`,
    );
    return rows.rows.map((r) => r.state);
  };

  it('gives a queued run without any job a new one, and the run is done', async () => {
    const [row] = await database.db
      .insert(analysisRuns)
      .values({ analysisType: 'leverage', inputs, createdBy: userId, createdByName: 'Hesap Uzmanı' })
      .returning({ id: analysisRuns.id });
    const run = await waitForStatus(database.db, row!.id);
    expect(run.status).toBe('done');
    expect(run.attempt, 'a lost job is not a failed attempt').toBe(1);
  });

  it('gives a new job to a queued run whose job was taken by a worker that never claimed it', async () => {
    // Nobody else must take the job: queue it delayed, then mark it active as a worker would.
    const runId = await queueRun(database.db, worker.boss, userId, 'leverage', inputs);
    await database.db.execute(
      sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute'
          WHERE name = ${ANALYSIS_QUEUE} AND data->>'runId' = ${runId}`,
    );
    const run = await waitForStatus(database.db, runId);
    expect(run.status).toBe('done');
    expect(await jobsOf(runId), 'the abandoned job stays as it was; a second one ran').toContain('completed');
  });

  it('leaves alone a queued run whose job waits for its start time', async () => {
    const runId = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(analysisRuns)
        .values({ analysisType: 'leverage', inputs, createdBy: userId, createdByName: 'Hesap Uzmanı' })
        .returning({ id: analysisRuns.id });
      await enqueueRunJob(tx, worker.boss, row!.id, 60);
      return row!.id;
    });
    const report = await worker.recover();
    await new Promise((r) => setTimeout(r, 600));
    expect(report.resent).not.toContain(runId);
    expect(await jobsOf(runId), 'exactly the one delayed job').toEqual(['created']);
    expect((await readRun(database.db, runId)).status).toBe('queued');
  });
});
