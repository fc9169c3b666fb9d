// Recovery of queued runs whose job was lost (ADR 0009): the worker that fetched the job died
// before claiming the run, or the claim failed; pg-boss never retries analysis jobs.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE, type LeverageResult } from '@fonrisk/contracts';
import { analysisRuns, sql } from '@fonrisk/db';
import { queueRun, readRun, waitForStatus } from '../testing/runs.ts';
import { FAST_WORKER_OPTIONS, useWorkerTestBed } from '../testing/worker-test-bed.ts';
import type { AnalysisHandler } from './handler.ts';
import { orphanedQueuedRuns } from './recovery.ts';
import { enqueueRunJob } from './run-store.ts';

const result: LeverageResult = { asOfDate: '2025-01-02', portfolios: [], tables: {} };
const inputs = { portfolioCodes: ['KAYIP'], asOfDate: '2025-01-02' };
const handler: AnalysisHandler<'leverage'> = {
  run: () => Promise.resolve({ result, dataSnapshot: {} }),
};

describe('recovery of queued runs that lost their job', () => {
  const bed = useWorkerTestBed({ ...FAST_WORKER_OPTIONS, handlers: { leverage: handler } });

  const jobsOf = async (runId: string) => {
    const rows = await bed.database.db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = ${ANALYSIS_QUEUE} AND data->>'runId' = ${runId}`,
    );
    return rows.rows.map((r) => r.state);
  };

  it('gives a queued run without any job a new one, and the run is done', async () => {
    const [row] = await bed.database.db
      .insert(analysisRuns)
      .values({
        analysisType: 'leverage',
        inputs,
        createdBy: bed.userId,
        createdByName: 'Hesap Uzmanı',
      })
      .returning({ id: analysisRuns.id });
    const run = await waitForStatus(bed.database.db, row!.id);
    expect(run.status).toBe('done');
    expect(run.attempt, 'a lost job is not a failed attempt').toBe(1);
  });

  it('gives a new job to a queued run whose job was taken by a worker that never claimed it', async () => {
    // The job is marked taken a minute ago in the queueing transaction, before any worker sees it.
    const runId = await queueRun(
      bed.database.db,
      bed.worker.boss,
      bed.userId,
      'leverage',
      inputs,
      (id, tx) =>
        tx
          .execute(
            sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute'
              WHERE name = ${ANALYSIS_QUEUE} AND data->>'runId' = ${id}`,
          )
          .then(() => undefined),
    );
    const run = await waitForStatus(bed.database.db, runId);
    expect(run.status).toBe('done');
    // pg-boss marks the job completed just after the handler wrote the run: wait for it.
    await expect
      .poll(() => jobsOf(runId), {
        message: 'the abandoned job stays as it was; a second one ran',
        timeout: 20_000,
      })
      .toContain('completed');
  });

  it('leaves alone a queued run whose job waits for its start time', async () => {
    const runId = await bed.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(analysisRuns)
        .values({
          analysisType: 'leverage',
          inputs,
          createdBy: bed.userId,
          createdByName: 'Hesap Uzmanı',
        })
        .returning({ id: analysisRuns.id, lane: analysisRuns.lane });
      await enqueueRunJob(tx, bed.worker.boss, row!, 60);
      return row!.id;
    });
    const report = await bed.worker.recover();
    await new Promise((r) => setTimeout(r, 600));
    expect(report.resent).not.toContain(runId);
    expect(await jobsOf(runId), 'exactly the one delayed job').toEqual(['created']);
    expect((await readRun(bed.database.db, runId)).status).toBe('queued');
  });

  it('reads the live jobs once, whatever the planner thinks of the queued runs (no loop over the jobs per run)', async () => {
    // The planner's choice when it expects few queued runs (statistics taken before a night's
    // batch was queued): hash and merge joins off. A correlated NOT EXISTS then loops over the
    // jobs for each queued run; the sweep must still read them once into a hash.
    const query = orphanedQueuedRuns(bed.database.db, 30).toSQL();
    const plan = await bed.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_hashjoin = off`);
      await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(
          `EXPLAIN ${query.sql.replace(/\$(\d+)/g, (_, n: string) => {
            const value = query.params[Number(n) - 1];
            return typeof value === 'number' ? String(value) : `'${String(value)}'`;
          })}`,
        ),
      );
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/hashed SubPlan/);
    expect(plan).not.toMatch(/Nested Loop/);
  });
});
