// The VaR points kept in var_points by analysis_runs' triggers (decision 0125): a 'var' run's
// series is there once the run is stored finished (the worker's update, a restore's insert), in
// its order, without points that lack a text portfolio code and date; nothing of other types,
// failed runs or runs still working; gone with its run; and a backup's restore writes them again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createBackup, readBackup, restoreBackup } from './backup.ts';
import { latestVarPoints } from './read/var-points.ts';
import { analysisRuns } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const point = (portfolioCode: string, date: string, varPct: number) => ({
  portfolioCode,
  date,
  varPct,
});

async function kept(t: TestDatabase): Promise<unknown[]> {
  return (
    await t.db.execute(sql`
      SELECT r.analysis_type AS type, p.idx, p.portfolio_code AS code, p.date,
        p.finished_at = r.finished_at AS finished, p.point->>'varPct' AS "varPct"
      FROM var_points p JOIN analysis_runs r ON r.id = p.run_id
      ORDER BY r.created_at, p.idx`)
  ).rows;
}

describe('var_points', () => {
  let t: TestDatabase;
  let target: TestDatabase;
  const work = mkdtempSync(join(tmpdir(), 'fonrisk-var-points-'));
  beforeAll(async () => {
    [t, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([t.drop(), target.drop()]);
    rmSync(work, { recursive: true, force: true });
  });

  it("keeps a finished VaR run's points, in series order, and only those", async () => {
    const run = (analysisType: string, createdAt: string) => ({
      analysisType,
      inputs: {},
      createdByName: 'Test',
      createdAt: new Date(createdAt),
    });
    const [worked] = await t.db
      .insert(analysisRuns)
      .values(run('var', '2026-11-01T08:00:00Z'))
      .returning();
    await t.db
      .update(analysisRuns)
      .set({ status: 'running' })
      .where(eq(analysisRuns.id, worked!.id));
    expect(await kept(t), 'nothing while the run works').toEqual([]);
    await t.db
      .update(analysisRuns)
      .set({
        status: 'done',
        finishedAt: new Date('2026-11-01T08:00:05Z'),
        result: {
          series: [
            point('AAA', '2026-10-30', 0.05),
            { date: '2026-10-30', varPct: 0.07 },
            point('BBB', '2026-10-30', 0.06),
          ],
        },
      })
      .where(eq(analysisRuns.id, worked!.id));
    // A restore's or the demo's insert of a finished run; a failed VaR run and a finished run of
    // another type with a series; a finished VaR run without one.
    await t.db.insert(analysisRuns).values([
      {
        ...run('var', '2026-11-02T08:00:00Z'),
        status: 'done',
        finishedAt: new Date('2026-11-02T08:00:03Z'),
        result: { series: [point('AAA', '2026-10-31', 0.08)] },
      },
      { ...run('var', '2026-11-03T08:00:00Z'), status: 'failed', error: 'Veri eksik' },
      {
        ...run('backtest', '2026-11-04T08:00:00Z'),
        status: 'done',
        result: { series: [point('AAA', '2026-10-31', 0.1)] },
      },
      { ...run('var', '2026-11-05T08:00:00Z'), status: 'done', result: { other: true } },
    ]);
    expect(await kept(t)).toEqual([
      { type: 'var', idx: 1, code: 'AAA', date: '2026-10-30', finished: true, varPct: '0.05' },
      { type: 'var', idx: 3, code: 'BBB', date: '2026-10-30', finished: true, varPct: '0.06' },
      { type: 'var', idx: 1, code: 'AAA', date: '2026-10-31', finished: true, varPct: '0.08' },
    ]);
  });

  it('is written again by the restore of a backup, which does not carry it', async () => {
    const file = join(work, 'yedek.json.gz');
    writeFileSync(file, await createBackup(t.db, {}));
    const backup = readBackup(file);
    expect(JSON.stringify(backup).includes('var_points')).toBe(false);
    await restoreBackup(target.db, backup);
    expect(await kept(target)).toEqual(await kept(t));
  });

  it("reads the latest finished run's point of each portfolio and date, within the filter", async () => {
    const finished = (finishedAt: string | null, series: unknown[]) => ({
      analysisType: 'var',
      status: 'done',
      inputs: {},
      createdByName: 'Test',
      finishedAt: finishedAt === null ? null : new Date(finishedAt),
      result: { series },
    });
    await t.db
      .insert(analysisRuns)
      .values([
        finished('2026-11-10T08:00:00Z', [
          point('CCC', '2026-11-09', 0.01),
          point('DDD', '2026-11-09', 0.02),
        ]),
        finished('2026-11-11T08:00:00Z', [
          point('CCC', '2026-11-09', 0.03),
          point('CCC', '2026-11-10', 0.04),
        ]),
        finished('2026-11-09T08:00:00Z', [point('CCC', '2026-11-10', 0.05)]),
      ]);
    const read = async (filter: Parameters<typeof latestVarPoints>[1]) =>
      (await latestVarPoints(t.db, filter)).map((r) => [
        r.point['portfolioCode'],
        r.point['date'],
        r.point['varPct'],
      ]);
    expect(await read({ codes: ['CCC', 'DDD'] })).toEqual([
      ['CCC', '2026-11-09', 0.03],
      ['CCC', '2026-11-10', 0.04],
      ['DDD', '2026-11-09', 0.02],
    ]);
    expect(await read({ codes: ['CCC'], from: '2026-11-10', to: '2026-11-30' })).toEqual([
      ['CCC', '2026-11-10', 0.04],
    ]);
    // A run stored without a finish time counts as the latest (the old read's order).
    await t.db.insert(analysisRuns).values(finished(null, [point('DDD', '2026-11-09', 0.09)]));
    expect(await read({ codes: ['DDD'] })).toEqual([['DDD', '2026-11-09', 0.09]]);
  });

  it('goes with its run', async () => {
    await t.db.delete(analysisRuns).where(eq(analysisRuns.status, 'done'));
    expect(await kept(t)).toEqual([]);
  });
});
