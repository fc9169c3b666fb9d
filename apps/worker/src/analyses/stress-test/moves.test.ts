// A hypothetical scenario's moves: what each series of a fund's market stands for.
import { describe, expect, it } from 'vitest';
import type { MarketData, SeriesData } from '@fonrisk/risk';
import { testPosition } from '../testing/position.ts';
import { hypotheticalMove, seriesContext } from './moves.ts';

const DATES = Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);

/** A price series moving `k` times the index each day (k = 1: the index itself). */
function series(ticker: string, k: number, kind = 'price'): SeriesData {
  let v = 100;
  const values = DATES.map((_, t) => (v *= 1 + k * 0.01 * Math.sin(t + 1)));
  return { ticker, kind, currency: 'TRY', tenorDays: null, values: Float64Array.from(values) };
}

const MARKET: MarketData = {
  dates: DATES,
  series: new Map(
    [series('XU100', 1, 'index'), series('HIS', 1.5), series('OPS', -6), series('MMF', 0.001)].map(
      (s) => [s.ticker, s],
    ),
  ),
  fx: new Map(),
};

describe('a hypothetical equity shock', () => {
  const share = testPosition({ instrumentCode: 'HIS', mappingTicker: 'HIS' });
  // A put mapped to its own price series, on the index: revalued on the index, never on OPS.
  const put = testPosition({
    instrumentCode: 'OPS',
    mainType: 'option',
    mappingTicker: 'OPS',
    underlyingTicker: 'XU100',
  });

  it("moves a share by its beta and names it, but neither moves nor names an option's own series (decision 0141)", () => {
    const ctx = seriesContext(MARKET, [share, put], 'XU100', DATES.at(-1)!, 20);
    const move = hypotheticalMove({ equityPct: -20 }, MARKET, ctx);
    expect(move.levels.get('XU100')).toBeCloseTo(0.8, 12);
    expect(move.levels.get('HIS')).toBeCloseTo(1 - 0.2 * ctx.betas.get('HIS')!, 12);
    expect(ctx.betas.get('HIS')).toBeCloseTo(1.5, 6);
    expect(move.levels.has('OPS')).toBe(false);
    expect(move.notes.join(' ')).toContain('HIS β=1,50');
    expect(move.notes.join(' ')).not.toContain('OPS');
  });

  it('names a series whose beta is near zero apart, not as β=0,00, and still moves it', () => {
    const proxy = testPosition({ instrumentCode: 'MMF', mappingTicker: 'MMF' });
    const ctx = seriesContext(MARKET, [share, proxy], 'XU100', DATES.at(-1)!, 20);
    const move = hypotheticalMove({ equityPct: -20 }, MARKET, ctx);
    expect(ctx.betas.get('MMF')).toBeCloseTo(0.001, 6);
    expect(move.levels.get('MMF')).toBeCloseTo(1 - 0.2 * ctx.betas.get('MMF')!, 12);
    expect(move.notes).toEqual([
      'Hisse şoku endeks dışı fiyat serilerine XU100 endeksine göre betalarıyla uygulandı (doğrusal yaklaşım): HIS β=1,50, OPS β=-6,00; betası sıfıra yakın (|β| < 0,005) olduğundan neredeyse hareket etmeyenler: MMF.',
    ]);
  });

  it('still moves a series a derivative is on as its underlying, or a share is mapped to', () => {
    const onShare = testPosition({
      instrumentCode: 'VHIS',
      mainType: 'future',
      mappingTicker: 'OPS',
      underlyingTicker: 'OPS',
    });
    const ctx = seriesContext(MARKET, [share, onShare], 'XU100', DATES.at(-1)!, 20);
    const move = hypotheticalMove({ equityPct: -20 }, MARKET, ctx);
    expect(move.levels.get('OPS')).toBeCloseTo(1 - 0.2 * ctx.betas.get('OPS')!, 12);
    const shared = testPosition({ instrumentCode: 'OPSH', mappingTicker: 'OPS' });
    const both = seriesContext(MARKET, [put, shared], 'XU100', DATES.at(-1)!, 20);
    expect(hypotheticalMove({ equityPct: -20 }, MARKET, both).levels.has('OPS')).toBe(true);
  });
});
