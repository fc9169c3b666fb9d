// Input bundles with their large parts stored once (decision 0086): where a part may stand, how a
// stored bundle is read back whole, and the parts stored once for several runs, also when two
// runs store the same parts at the same time.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  BundlePartMissingError,
  bundlePartRef,
  bundleSlots,
  deleteUnreferencedBundleParts,
  isBundlePartRef,
  newBundleParts,
  readRunBundle,
  replaceBundleSlots,
  runBundleWrites,
  storeNewBundleParts,
  storedBundleParts,
} from './bundle-parts.ts';
import {
  analysisBundleParts,
  analysisRunBundleParts,
  analysisRunBundles,
  analysisRuns,
} from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { createBackup, readBackup, restoreBackup } from './backup.ts';

/** A backup's content written to a file of its own, as `npm run backup` does. */
async function backupFile(content: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fonrisk-parca-yedek-'));
  const path = join(dir, 'yedek.json.gz');
  await writeFile(path, content);
  return path;
}

const rows = [
  ['AKBNK', 'AAEC', 12.5],
  ['GARAN', 'AAED', null],
];
const market = { dates: ['2026-11-26', '2026-11-27'], series: [], fx: [] };
const stored = {
  reads: [
    { text: 'select 1', values: [], rowMode: 'array', rows, rowCount: 2, command: 'SELECT' },
    { text: 'select 2', values: [], rowMode: null, rows: [], rowCount: 0, command: 'SELECT' },
  ],
  data: { holdings: [], markets: [market], settings: null, evaluations: [] },
  snapshot: null,
};

describe('the places of a part', () => {
  it('are each statement’s rows, then each market window, in order', () => {
    expect(bundleSlots(stored)).toEqual([rows, [], market]);
    expect(bundleSlots({ reads: [], data: null })).toEqual([]);
    // Version 1 (the scenario data alone) and what is not a bundle have none.
    expect(bundleSlots({ holdings: [], markets: [market] })).toEqual([]);
    expect(bundleSlots(null)).toEqual([]);
  });

  it('are replaced in a copy, the rest kept as it is', () => {
    const replaced = replaceBundleSlots(stored, (value, i) =>
      i === 1 ? value : bundlePartRef(`h${String(i)}`),
    );
    expect(replaced).toEqual({
      ...stored,
      reads: [{ ...stored.reads[0], rows: { $part: 'h0' } }, stored.reads[1]],
      data: { ...stored.data, markets: [{ $part: 'h2' }] },
    });
    expect((replaced['reads'] as unknown[])[1], 'an unchanged statement is not copied').toBe(
      stored.reads[1],
    );
    expect(stored.reads[0]!.rows, 'the original is not changed').toBe(rows);
  });

  it('hold a reference only as an object whose one key is $part with a text', () => {
    expect(isBundlePartRef({ $part: 'abc' })).toBe(true);
    expect(isBundlePartRef({ $part: 1 })).toBe(false);
    expect(isBundlePartRef({ $part: 'abc', other: 1 })).toBe(false);
    expect(isBundlePartRef([{ $part: 'abc' }])).toBe(false);
    expect(isBundlePartRef(market)).toBe(false);
  });
});

describe('parts stored once', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  async function newRun(): Promise<string> {
    const [run] = await t.db
      .insert(analysisRuns)
      .values({ analysisType: 'var', inputs: {}, createdByName: 'Test', status: 'done' })
      .returning({ id: analysisRuns.id });
    return run!.id;
  }

  const json = (value: unknown) => JSON.stringify(value);
  interface TestPart {
    hash: string;
    content: Buffer | null;
    jsonBytes: number;
    children?: TestPart[];
  }
  const part = (
    hash: string,
    value: unknown,
    present = false,
    children: TestPart[] = [],
  ): TestPart => ({
    hash,
    content: present ? null : gzipSync(json(value)),
    jsonBytes: json(value).length,
    children,
  });

  /**
   * Stores a run's bundle as the worker does (apps/worker run-store finishRun): its new parts, then
   * its links and its own row in one statement with the run's row (here the run as it is).
   */
  async function store(runId: string, body: unknown, parts: TestPart[]) {
    const bundle = { content: gzipSync(json(body)), jsonBytes: json(body).length, parts };
    await t.db.transaction(async (tx) => {
      await storeNewBundleParts(tx, newBundleParts(parts));
      await tx.execute(
        sql`WITH run AS (SELECT ${runId}::uuid AS id), ${runBundleWrites('run', bundle)} SELECT 1`,
      );
    });
  }

  /** Deletes a run (by hand) and the parts no run refers to: which of `hashes` are kept. */
  async function keptAfterDeleting(runId: string, hashes: string[]): Promise<string[]> {
    await t.db.delete(analysisRuns).where(eq(analysisRuns.id, runId));
    await deleteUnreferencedBundleParts(t.db);
    return [...(await storedBundleParts(t.db, hashes))].sort();
  }

  it('reads a bundle back whole, a part shared by two runs stored once', async () => {
    const [first, second] = [await newRun(), await newRun()];
    const withRefs = replaceBundleSlots(stored, (value, i) =>
      i === 0 ? bundlePartRef('rows-a') : i === 2 ? bundlePartRef('market-a') : value,
    );
    await store(first, withRefs, [part('rows-a', rows), part('market-a', market)]);
    expect(await storedBundleParts(t.db, ['rows-a', 'market-a', 'other'])).toEqual(
      new Set(['rows-a', 'market-a']),
    );
    // The second run finds both stored: it sends no content, only its links.
    await store(second, withRefs, [part('rows-a', rows, true), part('market-a', market, true)]);
    for (const runId of [first, second])
      expect(json(await readRunBundle(t.db, runId)), 'the same text as recorded').toBe(
        json(stored),
      );
    const counted = await t.db.execute<{ parts: number; links: number }>(
      sql`SELECT (SELECT count(*)::int FROM analysis_bundle_parts) AS parts,
                 (SELECT count(*)::int FROM analysis_run_bundle_parts) AS links`,
    );
    expect(counted.rows[0]).toEqual({ parts: 2, links: 4 });
    // A bundle without references and a run without a bundle.
    const plain = await newRun();
    await store(plain, stored, []);
    expect(json(await readRunBundle(t.db, plain))).toBe(json(stored));
    expect(await readRunBundle(t.db, await newRun())).toBeNull();
  });

  it('keeps a part while a run refers to it, and lets it go with its last run', async () => {
    const runId = await newRun();
    await store(runId, { reads: [], data: null }, [part('kept', rows)]);
    await expect(
      t.db.delete(analysisBundleParts).where(eq(analysisBundleParts.hash, 'kept')),
    ).rejects.toThrow();
    await t.db.delete(analysisRuns).where(eq(analysisRuns.id, runId));
    expect(
      await t.db
        .select()
        .from(analysisRunBundleParts)
        .where(eq(analysisRunBundleParts.hash, 'kept')),
    ).toEqual([]);
    await t.db.delete(analysisBundleParts).where(eq(analysisBundleParts.hash, 'kept'));
  });

  it('names a missing part instead of serving a bundle with a hole', async () => {
    const runId = await newRun();
    const body = replaceBundleSlots(stored, (value, i) =>
      i === 0 ? bundlePartRef('gone') : value,
    );
    await t.db
      .insert(analysisRunBundles)
      .values({ runId, content: gzipSync(json(body)), jsonBytes: 1 });
    await expect(readRunBundle(t.db, runId)).rejects.toThrow(BundlePartMissingError);
  });

  it('lets two runs store the same new parts at the same time, in any order given', async () => {
    const hashes = Array.from({ length: 6 }, (_, i) => `together-${String(i)}`);
    const parts = hashes.map((h) => part(h, [h]));
    const runs = await Promise.all(Array.from({ length: 4 }, () => newRun()));
    // Each run lists the parts in another order: stored in hash order, none deadlocks.
    await Promise.all(
      runs.map((runId, i) =>
        store(runId, { reads: [], data: null }, i % 2 === 0 ? parts : [...parts].reverse()),
      ),
    );
    expect(await storedBundleParts(t.db, hashes)).toEqual(new Set(hashes));
    const links = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analysis_run_bundle_parts WHERE hash LIKE 'together-%'`,
    );
    expect(links.rows[0]!.n).toBe(runs.length * hashes.length);
  });

  it('comes back whole from a backup restored elsewhere (parts before the links that name them)', async () => {
    const runId = await newRun();
    const withRefs = replaceBundleSlots(stored, (value, i) =>
      i === 0 ? bundlePartRef('backup-rows') : i === 2 ? bundlePartRef('backup-market') : value,
    );
    await store(runId, withRefs, [part('backup-rows', rows), part('backup-market', market)]);
    const nested = readOf('backup-read', ['ASELS', 'BIMAS']);
    const withRows = await newRun();
    await store(withRows, nested.body, [nested.part]);
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.db, readBackup(await backupFile(await createBackup(t.db, {}))));
      expect(json(await readRunBundle(target.db, runId))).toBe(json(stored));
      expect(json(await readRunBundle(target.db, withRows)), 'rows that are parts').toBe(
        json(nested.recorded),
      );
    } finally {
      await target.drop();
    }
  });

  // Decision 0091: a packed series read's rows, each a part of its own shared by other reads.
  const seriesRow = (ticker: string) => ({
    ticker,
    days: { $t: 'bytes', v: Buffer.from(ticker).toString('base64') },
    vals: { $t: 'bytes', v: Buffer.from(`${ticker}-values`).toString('base64') },
  });
  /** A read of `tickers` whose rows are parts `row-<ticker>`, stored as part `hash`. */
  const readOf = (hash: string, tickers: string[], present: string[] = []) => {
    const rowsOf = tickers.map(seriesRow);
    const listed = tickers.map((t) => bundlePartRef(`row-${t}`));
    const children = tickers.map((t) =>
      part(`row-${t}`, seriesRow(t), present.includes(`row-${t}`)),
    );
    const body = replaceBundleSlots(stored, (value, i) => (i === 0 ? bundlePartRef(hash) : value));
    const recorded = replaceBundleSlots(stored, (value, i) => (i === 0 ? rowsOf : value));
    return { body, recorded, part: part(hash, listed, false, children) };
  };

  it('puts back the rows of a read that are parts of their own, shared by the reads of other funds', async () => {
    const a = readOf('read-a', ['AKBNK', 'GARAN', 'THYAO']);
    const first = await newRun();
    await store(first, a.body, [a.part]);
    // Another fund's read holds two of the same tickers: only its new row is sent.
    const b = readOf('read-b', ['GARAN', 'THYAO', 'YKBNK'], ['row-GARAN', 'row-THYAO']);
    const second = await newRun();
    await store(second, b.body, [b.part]);
    expect(json(await readRunBundle(t.db, first)), 'the rows as recorded').toBe(json(a.recorded));
    expect(json(await readRunBundle(t.db, second))).toBe(json(b.recorded));
    const counted = await t.db.execute<{ rows: number; listed: string[]; links: number }>(
      sql`SELECT (SELECT count(*)::int FROM analysis_bundle_parts
                   WHERE hash IN ('row-AKBNK', 'row-GARAN', 'row-THYAO', 'row-YKBNK')) AS rows,
                 (SELECT array_agg(c ORDER BY c) FROM analysis_bundle_parts,
                         unnest(children) AS c WHERE hash IN ('read-a', 'read-b')) AS listed,
                 (SELECT count(*)::int FROM analysis_run_bundle_parts
                   WHERE run_id IN (${first}, ${second})) AS links`,
    );
    // Four rows stored once; a run links only to its read, the read lists its rows.
    expect(counted.rows[0]).toEqual({
      rows: 4,
      listed: ['row-AKBNK', 'row-GARAN', 'row-GARAN', 'row-THYAO', 'row-THYAO', 'row-YKBNK'],
      links: 2,
    });
    // The first run deleted (by hand): its read goes, and the row only it held; the shared stay.
    expect(
      await keptAfterDeleting(first, [
        'read-a',
        'read-b',
        'row-AKBNK',
        'row-GARAN',
        'row-THYAO',
        'row-YKBNK',
      ]),
    ).toEqual(['read-b', 'row-GARAN', 'row-THYAO', 'row-YKBNK']);
    expect(json(await readRunBundle(t.db, second)), 'the kept run still whole').toBe(
      json(b.recorded),
    );
  });

  it("puts back a window's series and rates that are parts of their own, in their places", async () => {
    const entry = (ticker: string) => ({
      ticker,
      kind: 'price',
      currency: 'TRY',
      tenorDays: null,
      values: [1.5, null, 2.25],
    });
    const usd = { currency: 'USD', values: [41.9, 42, null] };
    const windowOf = (tickers: string[]) => ({
      dates: ['2026-11-25', '2026-11-26', '2026-11-27'],
      series: tickers.map(entry),
      fx: [usd],
    });
    const withRefs = (tickers: string[], inline: string[] = []) => ({
      ...windowOf(tickers),
      series: tickers.map((ticker) =>
        inline.includes(ticker) ? entry(ticker) : bundlePartRef(`series-${ticker}`),
      ),
      fx: [bundlePartRef('fx-USD')],
    });
    const bodyWith = (window: string) => ({
      reads: [],
      data: { holdings: [], markets: [bundlePartRef(window)], settings: null, evaluations: [] },
      snapshot: null,
    });
    const recorded = (tickers: string[]) => ({
      ...bodyWith(''),
      data: { ...bodyWith('').data, markets: [windowOf(tickers)] },
    });
    const first = await newRun();
    await store(first, bodyWith('window-a'), [
      part('window-a', withRefs(['AKBNK', 'GARAN']), false, [
        part('series-AKBNK', entry('AKBNK')),
        part('series-GARAN', entry('GARAN')),
        part('fx-USD', usd),
      ]),
    ]);
    // Another fund's window: GARAN and the rate stored already, THYAO small enough to stay inline.
    const second = await newRun();
    await store(second, bodyWith('window-b'), [
      part('window-b', withRefs(['GARAN', 'THYAO'], ['THYAO']), false, [
        part('series-GARAN', entry('GARAN'), true),
        part('fx-USD', usd, true),
      ]),
    ]);
    expect(json(await readRunBundle(t.db, first))).toBe(json(recorded(['AKBNK', 'GARAN'])));
    expect(json(await readRunBundle(t.db, second))).toBe(json(recorded(['GARAN', 'THYAO'])));
    // The first run deleted: its window goes, and the series only it held; the shared stay.
    expect(
      await keptAfterDeleting(first, [
        'window-a',
        'window-b',
        'series-AKBNK',
        'series-GARAN',
        'fx-USD',
      ]),
    ).toEqual(['fx-USD', 'series-GARAN', 'window-b']);
    expect(json(await readRunBundle(t.db, second))).toBe(json(recorded(['GARAN', 'THYAO'])));
  });

  it('names a missing row of a read', async () => {
    const runId = await newRun();
    const listed = [bundlePartRef('row-lost')];
    await t.db
      .insert(analysisBundleParts)
      .values({ hash: 'read-lost', content: gzipSync(json(listed)), jsonBytes: 1 });
    await store(runId, readOf('read-lost', []).body, [part('read-lost', listed, true)]);
    await expect(readRunBundle(t.db, runId)).rejects.toThrow(/row-lost/);
  });

  it('fails the transaction when a part thought stored is not (its foreign key)', async () => {
    const runId = await newRun();
    await expect(
      store(runId, { reads: [], data: null }, [part('never', rows, true)]),
    ).rejects.toThrow();
    expect(await readRunBundle(t.db, runId), 'nothing of the run written').toBeNull();
  });

  it('stores a batch of parts larger than one statement takes, each with its bytes and its list', async () => {
    // 4,000 parts a statement: the last ones go in a second one, numbered from $1 again.
    const many = Array.from({ length: 4_003 }, (_, i) =>
      part(`many-${String(i).padStart(5, '0')}`, { i, name: `Parça ${String(i)}` }),
    );
    const listing = part('many-list', rows, false, many.slice(3_998));
    await t.db.transaction((tx) => storeNewBundleParts(tx, newBundleParts([listing, ...many])));
    const stored = await t.pool.query<{ hash: string; content: Buffer; children: string[] }>(
      `SELECT hash, content, children FROM analysis_bundle_parts WHERE hash LIKE 'many-%' ORDER BY hash`,
    );
    expect(stored.rows).toHaveLength(4_004);
    const last = stored.rows.find((r) => r.hash === 'many-04002')!;
    expect(gunzipSync(last.content).toString('utf8')).toBe(json({ i: 4002, name: 'Parça 4002' }));
    expect(last.children).toEqual([]);
    expect(stored.rows.find((r) => r.hash === 'many-list')!.children).toEqual([
      'many-03998',
      'many-03999',
      'many-04000',
      'many-04001',
      'many-04002',
    ]);
  });
});
