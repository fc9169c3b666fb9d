// A run's stored bundle with its large parts referenced (decision 0086): which values become
// parts, that putting them back gives the recorded text to the byte, that the runs of a fund
// which read the same rows and window name the same parts, and that only the parts not stored
// yet are compressed; a part an earlier run made of the same read is named without its text.
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { StoredBundle } from '@fonrisk/contracts';
import { isBundlePartRef, replaceBundleSlots, WINDOW_PART_LISTS } from '@fonrisk/db';
import type { MarketData } from '@fonrisk/risk';
import {
  BUNDLE_PART_MIN_BYTES,
  GZIP_ON_THE_SPOT_MAX_BYTES,
  ROW_PART_MIN_BYTES,
  bundleMarket,
  compressParts,
  gzipHere,
  gzipText,
  InputBundleRecorder,
  packBundle,
  partMemo,
  windowKeys,
  type KnownPart,
  type PackedBundlePart,
  type PartMemo,
} from './input-bundle.ts';
import { stringifyWhole } from './slices.ts';
import { createMarketReadCache } from './market-read-cache.ts';

/** A statement's rows as the recorder keeps them: `count` rows of about `width` characters. */
function rowsOf(count: number, width: number, seed = 1): unknown[] {
  return Array.from({ length: count }, (_, i) => [
    `T${String(i)}`,
    {
      $t: 'bytes',
      v: String(seed * 7 + i)
        .repeat(Math.ceil(width / 4))
        .slice(0, width),
    },
    i / 3,
  ]);
}

function statement(text: string, rows: unknown[]) {
  return {
    text,
    values: [],
    rowMode: 'array' as const,
    rows,
    rowCount: rows.length,
    command: 'SELECT',
    error: null,
  };
}

const market = (days: number) => ({
  dates: Array.from({ length: days }, (_, i) => `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`),
  series: [
    {
      ticker: 'AKBNK',
      kind: 'price',
      currency: 'TRY',
      tenorDays: null,
      values: Array.from({ length: days }, (_, i) => (i % 7 === 0 ? null : 40 + i / 9)),
    },
  ],
  fx: [],
});

function bundle(series: unknown[], window: ReturnType<typeof market>): StoredBundle {
  return {
    reads: [
      statement('select settings', [['var', { confidence: 0.99 }]]),
      statement('select series', series),
      statement('select holdings', rowsOf(40, 20)),
    ],
    data: { holdings: [], markets: [window], settings: null, evaluations: [] },
    snapshot: { isolation: 'repeatable read', takenAt: '2026-12-03T00:00:00.000Z' },
  };
}

/** The texts of the parts and of the parts their rows refer to, by hash. */
async function partTexts(packed: Awaited<ReturnType<typeof packBundle>>) {
  const texts = new Map<string, string>();
  const add = async (parts: readonly PackedBundlePart[]): Promise<void> => {
    for (const p of parts) {
      texts.set(p.hash, await p.text());
      await add(await p.children());
    }
  };
  await add(packed.parts);
  return texts;
}

/**
 * The stored text with every part put back (a read's rows, a window's series and rates too), as
 * the API reads it.
 */
async function joined(packed: Awaited<ReturnType<typeof packBundle>>): Promise<string> {
  const body = JSON.parse(gunzipSync(packed.content).toString('utf8')) as Record<string, unknown>;
  const texts = await partTexts(packed);
  const list = (items: unknown[]) =>
    items.map((item: unknown) => (isBundlePartRef(item) ? value(item.$part) : item));
  const value = (hash: string): unknown => {
    const v = JSON.parse(texts.get(hash)!) as unknown;
    if (Array.isArray(v)) return list(v);
    const whole = { ...(v as Record<string, unknown>) };
    for (const key of WINDOW_PART_LISTS) {
      const items = whole[key];
      if (Array.isArray(items)) whole[key] = list(items);
    }
    return whole;
  };
  return JSON.stringify(replaceBundleSlots(body, (v) => (isBundlePartRef(v) ? value(v.$part) : v)));
}

/** What the database holds of a set of hashes, as storedBundleParts answers. */
const storedIn =
  (stored: ReadonlySet<string>) =>
  (hashes: readonly string[]): Promise<ReadonlySet<string>> =>
    Promise.resolve(new Set(hashes.filter((h) => stored.has(h))));

describe('packBundle', () => {
  it('stores large rows and market windows as parts, small ones in the bundle', async () => {
    const series = rowsOf(200, 400);
    const stored = bundle(series, market(800));
    const packed = await packBundle(stored);
    const body = JSON.parse(gunzipSync(packed.content).toString('utf8')) as StoredBundle;
    expect(body.reads.map((r) => isBundlePartRef(r.rows))).toEqual([false, true, false]);
    expect(isBundlePartRef((body.data as { markets: unknown[] }).markets[0])).toBe(true);
    expect(packed.parts).toHaveLength(2);
    const texts = await partTexts(packed);
    for (const part of packed.parts) {
      expect(texts.get(part.hash)!.length).toBeGreaterThanOrEqual(BUNDLE_PART_MIN_BYTES);
      expect(part.jsonBytes).toBe(texts.get(part.hash)!.length);
      expect(part.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(packed.jsonBytes).toBe(gunzipSync(packed.content).length);
    expect(await joined(packed), 'the recorded text, to the byte').toBe(JSON.stringify(stored));
  });

  it('keeps a bundle without large values whole, as before', async () => {
    const stored = bundle(rowsOf(3, 10), market(5));
    const packed = await packBundle(stored);
    expect(packed.parts).toEqual([]);
    expect(gunzipSync(packed.content).toString('utf8')).toBe(JSON.stringify(stored));
  });

  it('names the same parts for runs that read the same rows and window', async () => {
    const a = await packBundle(bundle(rowsOf(200, 400), market(800)));
    const b = await packBundle(bundle(rowsOf(200, 400), market(800)));
    const other = await packBundle(bundle(rowsOf(200, 400, 2), market(800)));
    expect(b.parts.map((p) => p.hash)).toEqual(a.parts.map((p) => p.hash));
    expect(other.parts[0]!.hash, 'other rows, another part').not.toBe(a.parts[0]!.hash);
    expect(other.parts[1]!.hash, 'the same window').toBe(a.parts[1]!.hash);
  });

  it('makes the same bundle and parts with its texts made whole, as a run thread does (decision 0112)', async () => {
    const stored = bundle(rowsOf(200, 400), market(800));
    const sliced = await packBundle(stored);
    const whole = await packBundle(stored, null, gzipHere, stringifyWhole);
    expect(whole.content.equals(sliced.content)).toBe(true);
    expect(whole.parts.map((p) => [p.hash, p.jsonBytes])).toEqual(
      sliced.parts.map((p) => [p.hash, p.jsonBytes]),
    );
    expect([...(await partTexts(whole))]).toEqual([...(await partTexts(sliced))]);
  });

  it('compresses only the parts not stored yet', async () => {
    const packed = await packBundle(bundle(rowsOf(200, 400), market(800)));
    const [rows, window] = packed.parts;
    const parts = await compressParts(packed.parts, storedIn(new Set([window!.hash])));
    expect(parts.map((p) => [p.hash, p.content === null])).toEqual([
      [rows!.hash, false],
      [window!.hash, true],
    ]);
    const rowsText = await rows!.text();
    expect(gunzipSync(parts[0]!.content!).toString('utf8')).toBe(rowsText);
    expect(parts.map((p) => p.jsonBytes)).toEqual([rowsText.length, (await window!.text()).length]);
  });
});

/** A memo over the values it is told of, counting what it is asked. */
function memoOf(known: Map<object, KnownPart>) {
  const asked = { known: 0, learnt: 0 };
  const memo: PartMemo = {
    named(value) {
      return known.has(value);
    },
    known(value) {
      asked.known++;
      return known.get(value);
    },
    learn(value, part) {
      asked.learnt++;
      known.set(value, part);
    },
  };
  return { memo, asked };
}

describe('packBundle with the parts of earlier runs', () => {
  it('names a part the memo knows without making its text, and learns the others', async () => {
    const series = rowsOf(200, 400);
    const first = await packBundle(bundle(series, market(800)));
    const rowsPart = first.parts[0]!;
    const learnt = new Map<object, KnownPart>([
      [series, { hash: rowsPart.hash, jsonBytes: rowsPart.jsonBytes }],
    ]);
    const { memo, asked } = memoOf(learnt);
    const stored = bundle(series, market(800));
    const packed = await packBundle(stored, memo);
    expect(packed.parts.map((p) => p.hash)).toEqual(first.parts.map((p) => p.hash));
    expect(packed.jsonBytes).toBe(first.jsonBytes);
    expect(asked.known, 'every place: three reads and the window').toBe(4);
    expect([packed.placesNamed, packed.placesMade]).toEqual([1, 1]);
    expect([first.placesNamed, first.placesMade], 'without a memo').toEqual([0, 2]);
    expect(asked.learnt, 'the window, the other part').toBe(1);
    expect([...learnt.values()].map((p) => p.hash)).toContain(first.parts[1]!.hash);
    // The memo outlives the run: it keeps a part's hash and size, never its text.
    for (const part of learnt.values())
      expect(Object.keys(part).sort()).toEqual(['hash', 'jsonBytes']);
    expect(await joined(packed), 'the recorded text, to the byte').toBe(JSON.stringify(stored));
  });

  it('makes the text of a named part only when it is not stored, and checks it against the hash', async () => {
    const series = rowsOf(200, 400);
    const first = await packBundle(bundle(series, market(800)));
    const { memo } = memoOf(new Map([[series, first.parts[0]!]]));
    const packed = await packBundle(bundle(series, market(800)), memo);
    const parts = await compressParts(packed.parts, storedIn(new Set([first.parts[1]!.hash])));
    expect(gunzipSync(parts[0]!.content!).toString('utf8')).toBe(await first.parts[0]!.text());
    expect(parts[0]!.jsonBytes).toBe(first.parts[0]!.jsonBytes);
    // A memo that names the wrong part: the text made does not have its hash, nothing is stored.
    const wrong = memoOf(new Map([[series, { hash: 'f'.repeat(64), jsonBytes: 1 }]])).memo;
    const misnamed = await packBundle(bundle(series, market(800)), wrong);
    await expect(compressParts(misnamed.parts, storedIn(new Set()))).rejects.toThrow(
      /aynı çıkmadı/,
    );
  });
});

/** A packed series read's recorded row of one ticker over `days` days (decision 0081). */
function seriesRow(ticker: string, days: number) {
  const bytes = (n: number, seed: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256)).toString('base64');
  return {
    ticker,
    days: { $t: 'bytes', v: bytes(4 * days, 1) },
    vals: { $t: 'bytes', v: bytes(8 * days, ticker.length) },
  };
}

/** A memo over a market-read cache whose rows are named as the recorder names them. */
function rowMemo() {
  const cache = createMarketReadCache(64 * 1024 * 1024);
  const names = new WeakMap<object, string>();
  const name = (row: object, key: string) => names.set(row, key);
  return { memo: partMemo(cache, (v) => names.get(v)), name };
}

describe('packBundle with the rows of a read as parts of their own (decision 0091)', () => {
  /** A fund's read of `tickers` over `days` days, each row named by ticker and window. */
  function fundRead(tickers: string[], days: number, name: (row: object, key: string) => void) {
    const rows = tickers.map((t) => seriesRow(t, days));
    rows.forEach((row) => name(row, `${row.ticker}\u0000${String(days)}`));
    return rows;
  }

  it('refers to each named row large enough by a part of its own, the rest as recorded', async () => {
    const { memo, name } = rowMemo();
    const big = fundRead(['AKBNK', 'GARAN'], 400, name);
    const small = fundRead(['THYAO'], 20, name);
    const unnamed = seriesRow('YKBNK', 400);
    const rows = [big[0]!, small[0]!, unnamed, big[1]!];
    const stored = bundle(rows, market(800));
    const packed = await packBundle(stored, memo);
    const body = JSON.parse(gunzipSync(packed.content).toString('utf8')) as StoredBundle;
    expect(isBundlePartRef(body.reads[1]!.rows), 'the read is a part').toBe(true);
    const read = packed.parts.find(
      (p) => p.hash === (body.reads[1]!.rows as unknown as { $part: string }).$part,
    )!;
    const listed = JSON.parse(await read.text()) as unknown[];
    expect(listed.map((r) => isBundlePartRef(r))).toEqual([true, false, false, true]);
    const children = await read.children();
    expect(children).toHaveLength(2);
    for (const [i, child] of children.entries()) {
      expect(await child.text()).toBe(JSON.stringify(big[i]));
      expect(child.jsonBytes).toBeGreaterThanOrEqual(ROW_PART_MIN_BYTES);
      expect(await child.children()).toEqual([]);
    }
    expect([packed.rowsNamed, packed.rowsMade]).toEqual([0, 3]);
    expect(await joined(packed), 'the recorded text, to the byte').toBe(JSON.stringify(stored));
  });

  it("names another fund's rows without making their text, and sends only the rows not stored", async () => {
    const { memo, name } = rowMemo();
    const first = await packBundle(
      bundle(fundRead(['AKBNK', 'GARAN'], 400, name), market(8)),
      memo,
    );
    const firstRows = await first.parts[0]!.children();
    // Another fund holds GARAN too, and ISCTR: its read is another part, GARAN's row the same.
    const rows = fundRead(['GARAN', 'ISCTR'], 400, name);
    const stored = bundle(rows, market(8));
    const second = await packBundle(stored, memo);
    expect([second.rowsNamed, second.rowsMade]).toEqual([1, 1]);
    expect(second.parts[0]!.hash, 'another read').not.toBe(first.parts[0]!.hash);
    const secondRows = await second.parts[0]!.children();
    expect(secondRows[0]!.hash, "GARAN's row").toBe(firstRows[1]!.hash);
    expect(await joined(second)).toBe(JSON.stringify(stored));
    // The first fund's parts are stored: the second sends its read and ISCTR's row.
    const asked: string[][] = [];
    const storedOf = (hashes: readonly string[]) => {
      asked.push([...hashes]);
      return storedIn(new Set([first.parts[0]!.hash, ...firstRows.map((r) => r.hash)]))(hashes);
    };
    const [read] = await compressParts(second.parts, storedOf);
    expect(read!.content).not.toBeNull();
    expect(read!.children!.map((c) => [c.hash, c.content === null])).toEqual([
      [secondRows[0]!.hash, true],
      [secondRows[1]!.hash, false],
    ]);
    expect(gunzipSync(read!.children![1]!.content!).toString('utf8')).toBe(JSON.stringify(rows[1]));
    expect(asked, 'the read, then its rows').toEqual([
      [second.parts[0]!.hash],
      secondRows.map((r) => r.hash),
    ]);
    // Stored already, the read's rows are not even asked for.
    const present = await compressParts(second.parts, storedIn(new Set([second.parts[0]!.hash])));
    expect(present[0]).toEqual({
      hash: second.parts[0]!.hash,
      content: null,
      jsonBytes: second.parts[0]!.jsonBytes,
      children: [],
    });
    expect(asked, 'nothing asked of storedOf above').toHaveLength(2);
  });

  it('compresses every new text once, all of them in one call (decision 0110)', async () => {
    const { memo, name } = rowMemo();
    // Two reads of the run hold GARAN's row: one part each, one row part for both.
    const rows = fundRead(['AKBNK', 'GARAN'], 400, name);
    const again = fundRead(['GARAN', 'ISCTR'], 400, name);
    const first = bundle(rows, market(800));
    const twoReads: StoredBundle = {
      ...first,
      reads: [...first.reads, ...bundle(again, market(8)).reads],
    };
    const packed = await packBundle(twoReads, memo);
    const calls: string[][] = [];
    const counting = (texts: readonly string[]) => {
      calls.push([...texts]);
      return gzipHere(texts);
    };
    const parts = await compressParts(packed.parts, storedIn(new Set()), counting);
    expect(calls, 'one call').toHaveLength(1);
    const texts = calls[0]!;
    expect(new Set(texts).size, 'each text once').toBe(texts.length);
    const rowTexts = [...rows, again[1]!].map((r) => JSON.stringify(r));
    expect([...texts].sort()).toEqual(
      [...rowTexts, ...(await Promise.all(packed.parts.map((p) => p.text())))].sort(),
    );
    // The same parts as compressed one by one.
    expect(parts).toEqual(await compressParts(packed.parts, storedIn(new Set())));
    const [firstRead, secondRead] = parts;
    expect(firstRead!.children![1]!.hash, "GARAN's row in both").toBe(
      secondRead!.children![0]!.hash,
    );
  });

  it('makes a named read again with its rows when it is not stored, and checks it', async () => {
    const { memo, name } = rowMemo();
    const rows = fundRead(['AKBNK', 'GARAN'], 400, name);
    const first = await packBundle(bundle(rows, market(8)), memo);
    // The same read in a later run, which the memo names; its part is not stored (deleted).
    const named = memoOf(new Map<object, KnownPart>([[rows, first.parts[0]!]]));
    const again = await packBundle(bundle(rows, market(8)), {
      ...named.memo,
      named: (v) => memo.named(v),
      known: (v) => named.memo.known(v) ?? memo.known(v),
    });
    expect([again.placesNamed, again.placesMade]).toEqual([1, 0]);
    const [read] = await compressParts(again.parts, storedIn(new Set()));
    expect(gunzipSync(read!.content!).toString('utf8')).toBe(await first.parts[0]!.text());
    expect(read!.children!.map((c) => c.hash)).toEqual(
      (await first.parts[0]!.children()).map((c) => c.hash),
    );
  });
});

describe('gzipText', () => {
  it('gives the gzip of the UTF-8 text, the same bytes on the spot (small) as on the thread pool (large) (decision 0103)', async () => {
    // Turkish letters take two bytes: the limit is on bytes, not characters.
    const text = (bytes: number) => {
      const unit = '{"ad":"Şişe Cam","değer":12.5},';
      const out = unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
      let cut = out.length;
      while (Buffer.byteLength(out.slice(0, cut)) > bytes) cut--;
      return out.slice(0, cut);
    };
    const limit = GZIP_ON_THE_SPOT_MAX_BYTES;
    for (const bytes of [0, 2 * 1024, limit - 1, limit, limit + 1, 10 * limit]) {
      const t = text(bytes);
      const zipped = await gzipText(t);
      expect(gunzipSync(zipped).toString('utf8'), `${String(bytes)} bytes`).toBe(t);
      expect(zipped.equals(gzipSync(Buffer.from(t, 'utf8'), { level: 1 }))).toBe(true);
    }
  });
});

describe('bundleMarket', () => {
  it('writes a day without a value (NaN) as null and every other value as it is', () => {
    const market: MarketData = {
      dates: ['2026-11-26', '2026-11-27', '2026-11-30'],
      series: new Map([
        [
          'XU100',
          {
            ticker: 'XU100',
            kind: 'index',
            currency: 'TRY',
            tenorDays: null,
            values: Float64Array.of(10_512.25, NaN, -0.1),
          },
        ],
      ]),
      fx: new Map([['USD', Float64Array.of(NaN, 41.9321, 42.0057)]]),
    };
    const bundled = bundleMarket(market);
    expect(bundled).toEqual({
      dates: ['2026-11-26', '2026-11-27', '2026-11-30'],
      series: [
        {
          ticker: 'XU100',
          kind: 'index',
          currency: 'TRY',
          tenorDays: null,
          values: [10_512.25, null, -0.1],
        },
      ],
      fx: [{ currency: 'USD', values: [null, 41.9321, 42.0057] }],
    });
    // What is stored is JSON: the values survive it exactly, and no NaN is left to become text.
    expect(JSON.parse(JSON.stringify(bundled))).toEqual(bundled);
  });

  it('keeps the values as they were when recorded, in the same place of the JSON text (decision 0105)', () => {
    const values = Float64Array.of(1.5, NaN, 2.25);
    const rate = Float64Array.of(40, 41, NaN);
    const market: MarketData = {
      dates: ['2026-11-26', '2026-11-27', '2026-11-30'],
      series: new Map([
        ['AAA', { ticker: 'AAA', kind: 'price', currency: 'TRY', tenorDays: null, values }],
      ]),
      fx: new Map([['USD', rate]]),
    };
    const bundled = bundleMarket(market);
    values.fill(99); // the window's doubles changed after the recording: not what was recorded
    rate.fill(99);
    expect(JSON.stringify(bundled)).toBe(
      '{"dates":["2026-11-26","2026-11-27","2026-11-30"],' +
        '"series":[{"ticker":"AAA","kind":"price","currency":"TRY","tenorDays":null,"values":[1.5,null,2.25]}],' +
        '"fx":[{"currency":"USD","values":[40,41,null]}]}',
    );
    expect(bundled.series[0]!.values).toBe(bundled.series[0]!.values); // made once
  });
});

/** A window of `days` dates of two series and USD, its values made by `value(series, day)`. */
function marketData(days: number, value = (s: number, d: number) => 100 + s + d / 7): MarketData {
  const dates = Array.from({ length: days }, (_, d) =>
    new Date(Date.UTC(2020, 0, 1 + d)).toISOString().slice(0, 10),
  );
  const series = (s: number) => Float64Array.from({ length: days }, (_, d) => value(s, d));
  return {
    dates,
    series: new Map([
      [
        'AKBNK',
        { ticker: 'AKBNK', kind: 'price', currency: 'TRY', tenorDays: null, values: series(0) },
      ],
      [
        'TRYTB2Y',
        { ticker: 'TRYTB2Y', kind: 'yield', currency: 'TRY', tenorDays: 730, values: series(1) },
      ],
    ]),
    fx: new Map([['USD', series(2)]]),
  };
}

describe('windowKeys', () => {
  it('names equal windows alike and a window that differs in anything bundleMarket writes otherwise', () => {
    const key = windowKeys(marketData(300)).window;
    expect(windowKeys(marketData(300)).window, 'another window with the same content').toBe(key);
    expect(key.split('\u0000')).toEqual(['window', expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const others: MarketData[] = [
      marketData(300, (s, d) => (s === 1 && d === 299 ? 0 : 100 + s + d / 7)), // one value
      marketData(300, (s, d) => (s === 2 && d === 0 ? NaN : 100 + s + d / 7)), // an FX day
      marketData(301), // one more day
      {
        ...marketData(300),
        dates: marketData(300).dates.map((d, i) => (i === 5 ? '2020-01-05' : d)),
      },
      { ...marketData(300), fx: new Map() },
    ];
    const renamed = marketData(300);
    const yieldSeries = renamed.series.get('TRYTB2Y')!;
    others.push({
      ...renamed,
      series: new Map([...renamed.series, ['TRYTB2Y', { ...yieldSeries, tenorDays: 731 }]]),
    });
    const keys = others.map((m) => windowKeys(m).window);
    expect(new Set([key, ...keys]).size, 'every one named apart').toBe(others.length + 1);
  });

  it('names each series and rate by its fields and values: alike in two windows, apart otherwise', () => {
    const keys = windowKeys(marketData(300));
    expect(keys.series).toHaveLength(2);
    expect(keys.fx).toHaveLength(1);
    expect(keys.series[0]!.split('\u0000')).toEqual([
      'series',
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(keys.fx[0]!.split('\u0000')[0]).toBe('fx');
    // Another window whose second series differs in one value, on other dates: its first series
    // and its rate keep their names.
    const other = windowKeys({
      ...marketData(300, (s, d) => (s === 1 && d === 7 ? 1 : 100 + s + d / 7)),
      dates: marketData(300).dates.map((d, i) => (i === 5 ? '2020-01-05' : d)),
    });
    expect(other.window).not.toBe(keys.window);
    expect(other.series[0]).toBe(keys.series[0]);
    expect(other.series[1]).not.toBe(keys.series[1]);
    expect(other.fx).toEqual(keys.fx);
    // The same values under another ticker, kind, currency or tenor are another series.
    const yieldSeries = marketData(300).series.get('TRYTB2Y')!;
    const renamed = [
      { ...yieldSeries, ticker: 'TRYTB5Y' },
      { ...yieldSeries, kind: 'price' },
      { ...yieldSeries, currency: 'USD' },
      { ...yieldSeries, tenorDays: 731 },
    ].map((s) => windowKeys({ ...marketData(300), series: new Map([[s.ticker, s]]) }).series[0]);
    expect(new Set([keys.series[1], ...renamed]).size).toBe(5);
  });

  it("names a run's recorded window, which packBundle then finds in the memo of a later run", async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const asked = { get: 0, set: 0 };
    const store = {
      getPart: (key: string) => {
        asked.get++;
        return cache.getPart(key);
      },
      setPart: (key: string, part: KnownPart) => {
        asked.set++;
        cache.setPart(key, part);
      },
    };
    const run = async () => {
      const recorder = new InputBundleRecorder();
      recorder.recordMarket(marketData(1500));
      const stored: StoredBundle = { reads: [], data: recorder.data(), snapshot: null };
      const memo = partMemo(store, (v) => recorder.partKey(v));
      expect(recorder.partKey(stored), 'not a window').toBeUndefined();
      return { stored, packed: await packBundle(stored, memo) };
    };
    const first = await run();
    expect(first.packed.parts).toHaveLength(1);
    // The window and its two series and one rate, each a part of its own (decision 0100).
    expect(asked).toEqual({ get: 4, set: 4 });
    expect(await first.packed.parts[0]!.children()).toHaveLength(3);
    expect(first.packed).toMatchObject({ placesMade: 1, rowsMade: 3, rowsNamed: 0 });
    const second = await run();
    expect(asked, 'the window known: nothing learnt, its series not asked for').toEqual({
      get: 5,
      set: 4,
    });
    expect(second.packed).toMatchObject({ placesNamed: 1, placesMade: 0, rowsMade: 0 });
    expect(second.packed.parts.map((p) => p.hash)).toEqual(first.packed.parts.map((p) => p.hash));
    expect(await second.packed.parts[0]!.text()).toBe(await first.packed.parts[0]!.text());
    expect(await joined(second.packed)).toBe(JSON.stringify(second.stored));
  });

  it("names the series another fund's window shares without making their text", async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const pack = async (market: MarketData) => {
      const recorder = new InputBundleRecorder();
      recorder.recordMarket(market);
      const stored: StoredBundle = { reads: [], data: recorder.data(), snapshot: null };
      const packed = await packBundle(
        stored,
        partMemo(cache, (v) => recorder.partKey(v)),
      );
      return { stored, packed };
    };
    const first = await pack(marketData(1500));
    // Another fund: the same dates and rate, the first series alike, the second one not.
    const second = await pack(marketData(1500, (s, d) => (s === 1 ? 50 + d / 9 : 100 + s + d / 7)));
    expect(second.packed).toMatchObject({ placesMade: 1, rowsNamed: 2, rowsMade: 1 });
    const [firstChildren, secondChildren] = [
      await first.packed.parts[0]!.children(),
      await second.packed.parts[0]!.children(),
    ];
    expect(secondChildren.map((c) => c.hash)).toEqual([
      firstChildren[0]!.hash,
      expect.not.stringMatching(firstChildren[1]!.hash),
      firstChildren[2]!.hash,
    ]);
    // Only the second series is new: the stored parts (the first window's) are not sent again.
    const stored = new Set([first.packed.parts[0]!.hash, ...firstChildren.map((c) => c.hash)]);
    const toStore = await compressParts(second.packed.parts, storedIn(stored));
    expect(toStore[0]!.children!.map((c) => c.content !== null)).toEqual([false, true, false]);
    const window = JSON.parse(await second.packed.parts[0]!.text()) as Record<string, unknown[]>;
    expect(window['series']!.every(isBundlePartRef)).toBe(true);
    expect(window['fx']!.every(isBundlePartRef)).toBe(true);
    expect(await joined(second.packed)).toBe(JSON.stringify(second.stored));
  });
});
