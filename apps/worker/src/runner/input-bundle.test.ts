// The bundle's market windows as parts shared across runs (decision 0083), and the stored bundle
// as gzip members that read back as the bundle's JSON.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MarketData } from '@fonrisk/risk';
import { bundleMarket, compressBundle, InputBundleRecorder } from './input-bundle.ts';
import { createSharedParts, sharedPiece } from './shared-pieces.ts';

function market(last: number): MarketData {
  return {
    dates: ['2025-01-02', '2025-01-03', '2025-01-06'],
    series: new Map([
      [
        'XU100',
        {
          ticker: 'XU100',
          kind: 'index',
          currency: 'TRY',
          tenorDays: null,
          values: Float64Array.from([9000, Number.NaN, last]),
        },
      ],
      [
        'TRY1Y',
        {
          ticker: 'TRY1Y',
          kind: 'curvePoint',
          currency: 'TRY',
          tenorDays: 365,
          values: Float64Array.from([40.1, 40.2, 40.3]),
        },
      ],
    ]),
    fx: new Map([['USD', Float64Array.from([34.1, 34.2, 34.3])]]),
  };
}

describe('the input bundle with shared parts', () => {
  it('gives the same market text, its series, rates and dates shared by content', () => {
    const shared = createSharedParts(1 << 20);
    const a = bundleMarket(market(9100), shared);
    const b = bundleMarket(market(9100), shared);
    const c = bundleMarket(market(9200), shared);
    expect(JSON.stringify(a)).toBe(JSON.stringify(bundleMarket(market(9100))));
    expect(a.series[0]!.values).toEqual([9000, null, 9100]);
    expect(b.series[0]).toBe(a.series[0]);
    expect(b.fx[0]).toBe(a.fx[0]);
    expect(b.dates).toBe(a.dates);
    expect(c.series[0]).not.toBe(a.series[0]); // another last value
    expect(c.series[1]).toBe(a.series[1]);
    expect(sharedPiece(a.series[1])?.text).toBe(JSON.stringify(a.series[1]));
    expect(sharedPiece(bundleMarket(market(9100)).series[0])).toBeUndefined();
  });

  it('stores what reads back as the JSON of the bundle, shared parts and all', async () => {
    const shared = createSharedParts(1 << 20);
    const recorder = new InputBundleRecorder(shared);
    const data = market(9100);
    recorder.recordMarket(data);
    recorder.recordMarket(market(9100)); // another object, the same content: its parts shared
    const stored = { reads: [], data: recorder.data(), snapshot: null };
    const { content, jsonBytes } = await compressBundle(stored);
    const text = gunzipSync(content).toString('utf8');
    expect(text).toBe(JSON.stringify(stored));
    expect(jsonBytes).toBe(Buffer.byteLength(text, 'utf8'));
    expect(recorder.data().markets[1]!.series[0]).toBe(recorder.data().markets[0]!.series[0]);
  });
});
