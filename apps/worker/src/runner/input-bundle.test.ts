// A run's stored bundle with its large parts referenced (decision 0086): which values become
// parts, that putting them back gives the recorded text to the byte, that the runs of a fund
// which read the same rows and window name the same parts, and that only the parts not stored
// yet are compressed.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { StoredBundle } from '@fonrisk/contracts';
import { isBundlePartRef, replaceBundleSlots } from '@fonrisk/db';
import type { MarketData } from '@fonrisk/risk';
import { BUNDLE_PART_MIN_BYTES, bundleMarket, compressParts, packBundle } from './input-bundle.ts';

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

/** The stored text with every part put back, as the API reads it. */
function joined(packed: Awaited<ReturnType<typeof packBundle>>): string {
  const body = JSON.parse(gunzipSync(packed.content).toString('utf8')) as Record<string, unknown>;
  const texts = new Map(packed.parts.map((p) => [p.hash, p.text]));
  return JSON.stringify(
    replaceBundleSlots(body, (value) =>
      isBundlePartRef(value) ? JSON.parse(texts.get(value.$part)!) : value,
    ),
  );
}

describe('packBundle', () => {
  it('stores large rows and market windows as parts, small ones in the bundle', async () => {
    const series = rowsOf(200, 400);
    const stored = bundle(series, market(800));
    const packed = await packBundle(stored);
    const body = JSON.parse(gunzipSync(packed.content).toString('utf8')) as StoredBundle;
    expect(body.reads.map((r) => isBundlePartRef(r.rows))).toEqual([false, true, false]);
    expect(isBundlePartRef((body.data as { markets: unknown[] }).markets[0])).toBe(true);
    expect(packed.parts).toHaveLength(2);
    for (const part of packed.parts) {
      expect(part.text.length).toBeGreaterThanOrEqual(BUNDLE_PART_MIN_BYTES);
      expect(part.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(packed.jsonBytes).toBe(gunzipSync(packed.content).length);
    expect(joined(packed), 'the recorded text, to the byte').toBe(JSON.stringify(stored));
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

  it('compresses only the parts not stored yet', async () => {
    const packed = await packBundle(bundle(rowsOf(200, 400), market(800)));
    const [rows, window] = packed.parts;
    const parts = await compressParts(packed.parts, new Set([window!.hash]));
    expect(parts.map((p) => [p.hash, p.content === null])).toEqual([
      [rows!.hash, false],
      [window!.hash, true],
    ]);
    expect(gunzipSync(parts[0]!.content!).toString('utf8')).toBe(rows!.text);
    expect(parts.map((p) => p.jsonBytes)).toEqual([rows!.text.length, window!.text.length]);
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
});
