// fundStatistics composes the library's statistics; the managers figures are R PerformanceAnalytics'
// published output (table.AnnualizedReturns(managers[,1:8]) and maxDrawdown(managers), timelyportfolio
// build, see stats/performance-analytics.test.ts), the rest is worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';
import { fundStatistics } from './fund-statistics.ts';

/** HAM1 and SP500 TR monthly returns turned into unit prices (100 before the first month). */
function pricesOf(col: readonly (number | null)[]): { dates: string[]; prices: number[] } {
  const dates = ['1995-12-31'];
  const prices = [100];
  managers.dates.forEach((d, i) => {
    const r = col[i];
    if (r === null || r === undefined) return;
    dates.push(d);
    prices.push(prices.at(-1)! * (1 + r));
  });
  return { dates, prices };
}

describe('fundStatistics', () => {
  it('reproduces PerformanceAnalytics annualised return, volatility, Sharpe and max drawdown of HAM1', () => {
    const s = fundStatistics(pricesOf(managers.HAM1), pricesOf(managers['SP500 TR']), {
      periodsPerYear: 12,
    });
    expect(Math.abs(s.annualizedReturn - 0.1375)).toBeLessThan(0.00005);
    expect(Math.abs(s.annualizedVolatility - 0.0888)).toBeLessThan(0.00005);
    expect(Math.abs(s.maxDrawdown - 0.1518)).toBeLessThan(0.00005);
    expect(s.observations).toBe(132);
    expect(s.beta).not.toBeNull();
    expect(s.monthly).toHaveLength(132);
    expect(s.yearly[0]!.year).toBe(1996);
  });

  it('a hand-made series: drawdown dates, calendar months, curve, period returns and benchmark figures', () => {
    // 100 → 110 → 99 → 99 → 121: returns +10 %, −10 %, 0 %, +22.2 %; peak 110 on 01-31, trough 99
    // on 02-29 (drawdown 10 %), recovery on 04-30.
    const fund = {
      dates: ['2024-01-01', '2024-01-31', '2024-02-29', '2024-03-29', '2024-04-30'],
      prices: [100, 110, 99, 99, 121],
    };
    const s = fundStatistics(fund, fund, { periodsPerYear: 12 });
    expect(s.cumulativeReturn).toBeCloseTo(0.21, 12);
    expect(s.maxDrawdown).toBeCloseTo(0.1, 12);
    expect([s.drawdownPeakDate, s.drawdownTroughDate, s.drawdownRecoveryDate]).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-04-30',
    ]);
    expect(s.monthly.map((m) => [m.month, Number(m.return.toFixed(6))])).toEqual([
      [1, 0.1],
      [2, -0.1],
      [3, 0],
      [4, 0.222222],
    ]);
    expect(s.curve.drawdown.map((d) => Number(d.toFixed(6)))).toEqual([0, 0, -0.1, -0.1, 0]);
    // Sortino, annualised: mean (0,1 − 0,1 + 0 + 2/9) / 4 = 1/18; downside deviation
    // √(0,1² / 4) = 1/20; per month 20/18 = 10/9, × √12 = 3,8490017946.
    expect(s.sortino).toBeCloseTo((10 / 9) * Math.sqrt(12), 10);
    expect(s.sortino).toBeCloseTo(3.8490017946, 9);
    // Against itself: beta 1, tracking error 0 (no information ratio), captures 1.
    expect(s.beta).toBeCloseTo(1, 12);
    expect(s.trackingError).toBeCloseTo(0, 12);
    expect(s.informationRatio).toBeNull();
    expect(s.upCapture).toBeCloseTo(1, 12);
    // 1M at 04-30 = since 03-30: only the April return (+22.2 %); 3M since 01-30 takes every return from 01-31 on = 121/100 − 1.
    const m1 = s.periodReturns.find((p) => p.period === '1M')!;
    expect(m1.cumulative).toBeCloseTo(121 / 99 - 1, 12);
    expect(s.periodReturns.find((p) => p.period === '3M')!.cumulative).toBeCloseTo(0.21, 12);
    expect(s.periodReturns.find((p) => p.period === '1Y')!.cumulative).toBeNull();
  });

  it('starts the period at fromDate and refuses bad input', () => {
    const fund = {
      dates: ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'],
      prices: [1, 2, 4, 2],
    };
    expect(fundStatistics(fund, null, { fromDate: '2024-01-02' }).cumulativeReturn).toBeCloseTo(
      0,
      12,
    );
    expect(() => fundStatistics(fund, null, { fromDate: '2024-01-03' })).toThrow(
      InsufficientHistoryError,
    );
    expect(() => fundStatistics({ ...fund, prices: [1, 0, 1, 1] }, null)).toThrow(
      InvalidInputError,
    );
  });
});
