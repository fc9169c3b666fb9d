import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError } from '../errors.ts';
import { calendarYearReturns, monthsBefore, trailingReturns } from './trailing.ts';

describe('trailing and calendar-year returns', () => {
  const dates = ['2023-11-30', '2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31'];
  const r = [0.01, 0.02, -0.01, 0.03, 0.02];

  it('compounds the returns after each window start and reports missing history as null', () => {
    const t = Object.fromEntries(trailingReturns(dates, r).map((x) => [x.period, x]));
    expect(t['1M']!.since).toBe('2024-02-29');
    expect(t['1M']!.cumulative).toBeCloseTo(0.02, 15);
    expect(t['3M']!.cumulative).toBeCloseTo(0.99 * 1.03 * 1.02 - 1, 15);
    expect(t.YTD!.cumulative).toBeCloseTo(0.99 * 1.03 * 1.02 - 1, 15);
    expect(t['6M']!.cumulative).toBeNull();
    expect(t['3Y']!.annualized).toBeNull();
    const long = trailingReturns(['2021-03-31', '2024-03-31'], [0, 0.331], {
      startDate: '2021-03-31',
    });
    expect(long.find((x) => x.period === '3Y')!.annualized).toBeCloseTo(1.331 ** (1 / 3) - 1, 14);
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2024-01-15', 13)).toBe('2022-12-15');
    expect(() => trailingReturns([], [])).toThrow(InsufficientHistoryError);
  });

  it('compounds each calendar year', () => {
    const y = calendarYearReturns(dates, r);
    expect(y.map((x) => x.year)).toEqual([2023, 2024]);
    expect(y[0]!.return).toBeCloseTo(1.01 * 1.02 - 1, 15);
    expect(y[1]!.observations).toBe(3);
  });
});
