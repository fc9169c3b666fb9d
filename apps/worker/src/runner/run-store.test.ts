// Storing a finished run: the run marked done and its input bundle in one statement (new parts
// first, in one transaction with it; decision 0098); a bundle already there (an earlier
// attempt's) is replaced by the one just sent, which is sent once; nothing is written for a run
// the execution no longer holds. A run whose inputs named no date takes the dates its result
// covers; one that named a date keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, gzipSync } from 'node:zlib';
import {
  analysisRunBundles,
  analysisRuns,
  eq,
  readRunBundle,
  sql,
  storedBundleParts,
  deflateResultText,
  findResultText,
  inflateResultText,
  storeResultText,
} from '@fonrisk/db';
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

  it("stores the result's text deflated with it, and a later attempt's replaces it (decision 0129)", async () => {
    const runId = await runningRun(1);
    await storeResultText(t.db, runId, await deflateResultText('{"eski":true}'));
    const result = { portfolios: [{ portfolioCode: 'ŞEKER', varTry: 1234.5 }], tables: {} };
    expect(await finishRun(t.db, runId, 1, result, {})).toBe(true);
    const text = await findResultText(t.db, runId);
    expect(text).not.toBeNull();
    const json = (await inflateResultText(text!)).toString('utf8');
    expect(JSON.parse(json)).toEqual(result);
    expect(text!.bytes).toBe(Buffer.byteLength(json));
    expect(text!.crc32).toBe(crc32(json));
    // A run this execution no longer holds gets nothing.
    const other = await runningRun(2);
    expect(await finishRun(t.db, other, 1, result, {})).toBe(false);
    expect(await findResultText(t.db, other)).toBeNull();
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

  async function runningRun(attempt: number): Promise<string> {
    const [run] = await t.db
      .insert(analysisRuns)
      .values({
        analysisType: 'var',
        inputs: {},
        createdByName: 'Gece toplu işi',
        status: 'running',
        attempt,
      })
      .returning({ id: analysisRuns.id });
    return run!.id;
  }

  const counts = async (runId: string) =>
    (
      await t.db.execute<{ links: number; bundles: number }>(
        sql`SELECT (SELECT count(*)::int FROM analysis_run_bundle_parts WHERE run_id = ${runId}) AS links,
                   (SELECT count(*)::int FROM analysis_run_bundles WHERE run_id = ${runId}) AS bundles`,
      )
    ).rows[0];

  it('stores new parts, links stored ones, and writes nothing for a run it no longer holds', async () => {
    const text = (value: unknown) => JSON.stringify(value);
    const body = { reads: [{ rows: { $part: 'fs-new' } }, { rows: { $part: 'fs-kept' } }] };
    const kept = [['AKBNK', 1]];
    await t.db.execute(
      sql`INSERT INTO analysis_bundle_parts (hash, content, json_bytes)
          VALUES ('fs-kept', ${gzipSync(text(kept))}, ${text(kept).length})`,
    );
    const bundle = (hash: string) => ({
      content: gzipSync(text(body)),
      jsonBytes: text(body).length,
      parts: [
        { hash, content: gzipSync(text([['GARAN', 2]])), jsonBytes: 13 },
        { hash: 'fs-kept', content: null, jsonBytes: text(kept).length },
      ],
    });

    // Recovery gave the run to another execution (attempt 2): this one's late end writes nothing,
    // neither its new part nor its links nor its bundle.
    const lost = await runningRun(2);
    expect(await finishRun(t.db, lost, 1, { ok: true }, {}, bundle('fs-lost'))).toBe(false);
    expect(await storedBundleParts(t.db, ['fs-lost'])).toEqual(new Set());
    expect(await counts(lost)).toEqual({ links: 0, bundles: 0 });
    const [still] = await t.db.select().from(analysisRuns).where(eq(analysisRuns.id, lost));
    expect(still!.status).toBe('running');
    // Without a new part (one statement, no transaction), the same.
    const stored = { ...bundle('fs-kept'), parts: [bundle('x').parts[1]!] };
    expect(await finishRun(t.db, lost, 1, { ok: true }, {}, stored)).toBe(false);
    expect(await counts(lost)).toEqual({ links: 0, bundles: 0 });

    const held = await runningRun(1);
    expect(await finishRun(t.db, held, 1, { ok: true }, {}, bundle('fs-new'))).toBe(true);
    expect(await counts(held)).toEqual({ links: 2, bundles: 1 });
    expect(await readRunBundle(t.db, held), 'the parts put back').toEqual({
      reads: [{ rows: [['GARAN', 2]] }, { rows: kept }],
    });
    const [done] = await t.db.select().from(analysisRuns).where(eq(analysisRuns.id, held));
    expect(done!.status).toBe('done');
    expect(done!.result).toEqual({ ok: true });
  });
});
