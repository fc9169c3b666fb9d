// Storing a finished run: the run marked done and its input bundle in one transaction; a bundle
// already there (an earlier attempt's) is replaced by the one just sent, which is sent once. A run
// whose inputs named no date takes the dates its result covers; one that named a date keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRunBundles, analysisRuns, eq } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { finishRun } from './run-store.ts';

describe('finishRun', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('stores the bundle, replacing one stored before for the run', async () => {
    const [run] = await t.db
      .insert(analysisRuns)
      .values({
        analysisType: 'leverage',
        inputs: {},
        createdByName: 'Gece toplu işi',
        status: 'running',
        attempt: 2,
      })
      .returning({ id: analysisRuns.id });
    const runId = run!.id;
    await t.db
      .insert(analysisRunBundles)
      .values({ runId, content: Buffer.from('eski'), jsonBytes: 4 });
    const content = Buffer.from([0x1f, 0x8b, 0, 1, 2, 3, 255]);
    expect(await finishRun(t.db, runId, 2, { ok: true }, {}, { content, jsonBytes: 1234 })).toBe(
      true,
    );
    const [stored] = await t.db
      .select()
      .from(analysisRunBundles)
      .where(eq(analysisRunBundles.runId, runId));
    expect(stored!.content.equals(content)).toBe(true);
    expect(stored!.jsonBytes).toBe(1234);
    const [done] = await t.db.select().from(analysisRuns).where(eq(analysisRuns.id, runId));
    expect(done!.status).toBe('done');
  });

  async function finished(
    dates: { asOfDate?: string; fromDate?: string; toDate?: string },
    result: Record<string, unknown>,
  ) {
    const [run] = await t.db
      .insert(analysisRuns)
      .values({
        analysisType: 'backtest',
        inputs: { portfolioCode: 'DHS', ...dates },
        ...dates,
        createdByName: 'Hesaplayıcı',
        status: 'running',
        attempt: 1,
      })
      .returning({ id: analysisRuns.id });
    expect(await finishRun(t.db, run!.id, 1, result, {})).toBe(true);
    const [done] = await t.db.select().from(analysisRuns).where(eq(analysisRuns.id, run!.id));
    return [done!.asOfDate, done!.fromDate, done!.toDate];
  }

  it('gives a run started without dates the dates its result covers', async () => {
    // A backtest over its default window: the result says which days it evaluated.
    const window = { portfolioCode: 'DHS', fromDate: '2025-11-28', toDate: '2026-11-27' };
    expect(await finished({}, window)).toEqual([null, '2025-11-28', '2026-11-27']);
    expect(await finished({}, { asOfDate: '2026-11-27' })).toEqual(['2026-11-27', null, null]);
    // Nothing that is not a date, and nothing a result does not say.
    expect(await finished({}, { asOfDate: 'dün', points: [] })).toEqual([null, null, null]);
  });

  it('keeps the dates a run was started with', async () => {
    const result = { fromDate: '2025-11-28', toDate: '2026-11-27', asOfDate: '2026-11-27' };
    expect(await finished({ fromDate: '2026-01-02' }, result)).toEqual([null, '2026-01-02', null]);
    expect(await finished({ asOfDate: '2026-06-30' }, result)).toEqual(['2026-06-30', null, null]);
  });
});
