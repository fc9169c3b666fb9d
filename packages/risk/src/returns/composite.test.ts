import { describe, expect, it } from 'vitest';
import { compositePath, compositeReturns, compositeStartHoldings } from './composite.ts';

const series = (weightPct: number, points: Record<string, number>) => ({
  weightPct,
  values: new Map(Object.entries(points)),
});

describe('compositeReturns', () => {
  // A doubles on the last day of January and stays flat; B stays flat throughout.
  const a = series(50, {
    '2025-01-30': 100,
    '2025-01-31': 200,
    '2025-02-03': 200,
    '2025-02-04': 400,
  });
  const b = series(50, {
    '2025-01-30': 100,
    '2025-01-31': 100,
    '2025-02-03': 100,
    '2025-02-04': 100,
  });

  it('lets weights drift within a month and resets them at the month change (hand-computed)', () => {
    const monthly = compositeReturns([a, b], 'monthly');
    // 31 Jan: 50·2 + 50 = 150. Rebalanced to 75/75 at the January close; 3 Feb flat; 4 Feb: 75·2 + 75 = 225.
    expect(monthly.map((p) => p.index)).toEqual([100, 150, 150, 225]);
    expect(monthly[1]!.return).toBeCloseTo(0.5, 12);
    expect(monthly[3]!.return).toBeCloseTo(0.5, 12);
  });

  it('keeps drifting without a period change under annual rebalancing', () => {
    const annual = compositeReturns([a, b], 'annual');
    // No reset: A's holding 100 → 200 → 400 after two doublings, B 50 → total 450 from 150 start... 50·2·2 + 50 = 250.
    expect(annual.map((p) => p.index)).toEqual([100, 150, 150, 250]);
    expect(annual[3]!.return).toBeCloseTo(250 / 150 - 1, 12);
  });

  it('uses only dates every component has', () => {
    const gap = series(50, { '2025-01-30': 1, '2025-02-04': 2 });
    expect(compositeReturns([a, gap], 'daily').map((p) => p.date)).toEqual([
      '2025-01-30',
      '2025-02-04',
    ]);
  });
});

describe('compositePath (the one composite rule of benchmarks, risk value and performance reports)', () => {
  const a = series(50, { '2025-01-30': 100, '2025-01-31': 200, '2025-02-04': 400 });
  const b = series(50, { '2025-01-30': 100, '2025-01-31': 100, '2025-02-03': 100 });
  const dates = ['2025-01-30', '2025-01-31', '2025-02-03', '2025-02-04'];

  it('forward-fills a component without a value on a date (a market holiday), hand-computed', () => {
    const path = compositePath([a, b], dates, 'monthly');
    if ('missing' in path) throw new Error('unexpected');
    // A keeps 200 on 3 Feb, B keeps 100 on 4 Feb: 100, 150, 150 (rebalanced 75/75), 75·2 + 75 = 225.
    expect([...path.index]).toEqual([100, 150, 150, 225]);
    expect([...path.levels[0]!]).toEqual([100, 200, 200, 400]);
    expect([...path.levels[1]!]).toEqual([100, 100, 100, 100]);
    // Start holdings: target weights on the first date and after the January close, drifted otherwise.
    expect([...compositeStartHoldings(path, [a, b], 0, 'monthly')]).toEqual([50, 50]);
    expect([...compositeStartHoldings(path, [a, b], 1, 'monthly')]).toEqual([75, 75]);
    expect([...compositeStartHoldings(path, [a, b], 2, 'monthly')]).toEqual([75, 75]);
  });

  it('names the component and date that has no value yet', () => {
    expect(compositePath([a, series(50, { '2025-02-03': 1 })], dates, 'daily')).toEqual({
      missing: { component: 1, date: '2025-01-30' },
    });
  });

  it('gives compositeReturns its index on common dates', () => {
    const full = { '2025-01-30': 100, '2025-01-31': 110, '2025-02-03': 99, '2025-02-04': 120 };
    const other = { '2025-01-30': 50, '2025-01-31': 51, '2025-02-03': 52, '2025-02-04': 50 };
    const comps = [series(60, full), series(40, other)];
    const path = compositePath(comps, dates, 'daily');
    if ('missing' in path) throw new Error('unexpected');
    expect(compositeReturns(comps, 'daily').map((p) => p.index)).toEqual([...path.index]);
  });
});
