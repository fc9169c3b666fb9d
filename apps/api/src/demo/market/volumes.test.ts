import { describe, expect, it } from 'vitest';
import { historyDates, simulateMarket } from './market.ts';
import { STOCKS } from './stocks.ts';
import { DEMO_VOLUME_DAYS, stockVolumeSeries } from './volumes.ts';

describe('demo stock volumes', () => {
  const dates = historyDates('2026-04-30').slice(-120);
  const market = simulateMarket(1, dates);

  it('gives every stock a volume series of whole positive units, labelled by the price ticker', () => {
    const series = stockVolumeSeries(1, market);
    expect(series.map((s) => s.ticker)).toEqual(STOCKS.map((s) => `${s.ticker}-HACIM`));
    for (const s of series) {
      expect(s.kind).toBe('volume');
      expect(s.values).toHaveLength(dates.length);
      for (const v of s.values) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThan(0);
      }
    }
  });

  it('covers the last DEMO_VOLUME_DAYS business days only', () => {
    const long = historyDates('2026-04-30');
    const values = stockVolumeSeries(1, simulateMarket(1, long))[0]!.values;
    const filled = values.filter((v) => !Number.isNaN(v)).length;
    expect(filled).toBe(DEMO_VOLUME_DAYS);
    expect(Number.isNaN(values[long.length - DEMO_VOLUME_DAYS - 1]!)).toBe(true);
  });

  it('is deterministic in the seed and differs between seeds', () => {
    const a = stockVolumeSeries(1, market)[0]!.values;
    expect(stockVolumeSeries(1, market)[0]!.values).toEqual(a);
    expect(stockVolumeSeries(2, market)[0]!.values).not.toEqual(a);
  });
});
