// Hand-computed expectations on a five-date calendar (decision 0003: a missing value is carried
// forward, so the next return spans the gap).
import { describe, expect, it } from 'vitest';
import {
  firstObservation,
  fxAt,
  indexOnOrBefore,
  type MarketData,
  scenarioStart,
  valuationIndex,
  valueAt,
  windowChanges,
  windowReturns,
} from './market.ts';

const DATES = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
const GAPPY = Float64Array.from([Number.NaN, 10, Number.NaN, 12, 15]);
const MARKET: MarketData = {
  dates: DATES,
  series: new Map(),
  fx: new Map([['USD', Float64Array.from([30, 31, Number.NaN, 33, 34])]]),
};

describe('aligned market data', () => {
  it('finds the last calendar date on or before a date', () => {
    expect(indexOnOrBefore(DATES, '2025-01-08')).toBe(2);
    expect(indexOnOrBefore(DATES, '2025-01-08T12')).toBe(2);
    expect(indexOnOrBefore(DATES, '2025-01-11')).toBe(4);
    expect(indexOnOrBefore(DATES, '2025-01-01')).toBe(-1);
    expect(indexOnOrBefore([], '2025-01-01')).toBe(-1);
  });

  it('carries the last value forward and has none before the first observation', () => {
    expect(valueAt(GAPPY, 2)).toBe(10);
    expect(valueAt(GAPPY, 4)).toBe(15);
    expect(valueAt(GAPPY, 0)).toBeNaN();
    expect(firstObservation(GAPPY)).toBe(1);
    expect(firstObservation(Float64Array.from([Number.NaN]))).toBe(-1);
  });

  it('reads FX as TRY per unit, 1 for TRY, NaN for an unknown currency', () => {
    expect(fxAt(MARKET, 'TRY', 3)).toBe(1);
    expect(fxAt(MARKET, 'USD', 2)).toBe(31);
    expect(fxAt(MARKET, 'EUR', 2)).toBeNaN();
  });

  it('places scenario s of a window ending at endIndex', () => {
    const w = { endIndex: 4, scenarios: 3, stepDays: 1 };
    expect([0, 1, 2].map((s) => scenarioStart(w, s))).toEqual([1, 2, 3]);
    // Overlapping 2-day scenarios: 0->2, 1->3, 2->4.
    expect([0, 1, 2].map((s) => scenarioStart({ ...w, stepDays: 2 }, s))).toEqual([0, 1, 2]);
    expect(valuationIndex(w)).toBe(4);
    expect(valuationIndex({ ...w, valuationIndex: 3 })).toBe(3);
  });

  it('gives simple returns and changes over the window, spanning gaps', () => {
    const w = { endIndex: 4, scenarios: 3, stepDays: 1 };
    // 10 -> 10 (gap carried), 10 -> 12, 12 -> 15.
    expect([...windowReturns(GAPPY, w)!]).toEqual([0, 12 / 10 - 1, 15 / 12 - 1]);
    expect([...windowChanges(GAPPY, w)!]).toEqual([0, 2, 3]);
  });

  it('gives each scenario the move of the carried-forward values, one-day or overlapping', () => {
    // Runs of one, two and three missing days ('.'); the second window's first base is one.
    const values = Float64Array.from('50 51 . 53 . . 52 55 . . . 54 56 57 . 58'.split(' '), (v) =>
      v === '.' ? Number.NaN : Number(v),
    );
    for (const w of [
      { endIndex: 15, scenarios: 14, stepDays: 1 },
      { endIndex: 12, scenarios: 8, stepDays: 1 },
      { endIndex: 15, scenarios: 10, stepDays: 3 },
    ]) {
      const bases = Array.from({ length: w.scenarios }, (_, s) => scenarioStart(w, s));
      expect([...windowReturns(values, w)!]).toEqual(
        bases.map((a) => valueAt(values, a + w.stepDays) / valueAt(values, a) - 1),
      );
      expect([...windowChanges(values, w)!]).toEqual(
        bases.map((a) => valueAt(values, a + w.stepDays) - valueAt(values, a)),
      );
    }
  });

  it('has no returns when the window starts before the data or before the first observation', () => {
    const long = { endIndex: 4, scenarios: 5, stepDays: 1 };
    expect(windowReturns(GAPPY, long)).toBeNull();
    expect(windowChanges(GAPPY, long)).toBeNull();
    const four = { endIndex: 4, scenarios: 4, stepDays: 1 };
    expect(windowReturns(GAPPY, four)).toBeNull();
    expect(windowChanges(GAPPY, four)).toBeNull();
    const none = Float64Array.from([Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN]);
    expect(windowReturns(none, { endIndex: 4, scenarios: 1, stepDays: 1 })).toBeNull();
    expect(windowChanges(none, { endIndex: 4, scenarios: 1, stepDays: 1 })).toBeNull();
  });
});
