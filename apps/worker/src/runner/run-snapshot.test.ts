// Issue 22, "a run over several funds reads one consistent state": holdings replaced while a run
// reads them are read wholly as they were when the run started (one REPEATABLE READ snapshot),
// and the input bundle records that snapshot.
import { describe, expect, it } from 'vitest';
import { StoredBundleSchema, type AnalysisInputs, type LeverageResult } from '@fonrisk/contracts';
import { readRunBundle, sql } from '@fonrisk/db';
import { queueRun, waitForStatus } from '../testing/runs.ts';
import { FAST_WORKER_OPTIONS, useWorkerTestBed } from '../testing/worker-test-bed.ts';
import type { AnalysisHandler, RunContext } from './handler.ts';

/** Rows the handler counted: the first fund before, the second after another upload committed. */
const counts: number[] = [];
let replaceDuringRun: () => Promise<void> = () => Promise.resolve();

const countOf = async (ctx: RunContext<AnalysisInputs<'leverage'>>, code: string) =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM portfolios WHERE code LIKE ${`${code}%`}`,
    )
  ).rows[0]!.n;

const twoFundHandler: AnalysisHandler<'leverage'> = {
  async run(ctx) {
    const [first = '', second = ''] = ctx.inputs.portfolioCodes;
    counts.push(await countOf(ctx, first));
    await replaceDuringRun();
    counts.push(await countOf(ctx, second));
    const result: LeverageResult = { asOfDate: ctx.inputs.asOfDate, portfolios: [], tables: {} };
    return { result, dataSnapshot: {} };
  },
};

describe('the reads of a run', () => {
  const bed = useWorkerTestBed({ ...FAST_WORKER_OPTIONS, handlers: { leverage: twoFundHandler } });

  it('see one state of the database, taken at the start, which the input bundle records', async () => {
    const db = bed.database.db;
    await db.execute(
      sql`INSERT INTO portfolios (code, name, kind) VALUES ('SNPA1', 'A', 'fund'), ('SNPB1', 'B', 'fund')`,
    );
    // Another upload commits while the run is between its two funds.
    replaceDuringRun = async () => {
      await db.execute(
        sql`INSERT INTO portfolios (code, name, kind) VALUES ('SNPA2', 'A yeni', 'fund'), ('SNPB2', 'B yeni', 'fund')`,
      );
    };
    const started = new Date();
    const runId = await queueRun(db, bed.worker.boss, bed.userId, 'leverage', {
      portfolioCodes: ['SNPA', 'SNPB'],
      asOfDate: '2025-01-02',
    });
    const run = await waitForStatus(db, runId);
    expect(run.status, run.error ?? '').toBe('done');
    expect(counts, 'the second fund is read as it was when the run started').toEqual([1, 1]);
    expect(
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM portfolios`)).rows[0]!.n,
      'the other upload was committed',
    ).toBe(4);

    const bundle = StoredBundleSchema.parse(await readRunBundle(db, runId));
    expect(bundle.snapshot?.isolation).toBe('repeatable read');
    expect(new Date(bundle.snapshot!.takenAt).getTime()).toBeGreaterThanOrEqual(
      started.getTime() - 1000,
    );
  });
});
