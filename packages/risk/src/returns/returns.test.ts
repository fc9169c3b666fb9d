import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { logToSimpleReturns, returnsFromPrices, simpleToLogReturns } from './from-prices.ts';
import {
  compoundByPeriod,
  dayNumber,
  inferPeriodsPerYear,
  periodKey,
  periodReturnsFromPrices,
} from './periods.ts';
import { calendarYearReturns, monthsBefore, trailingReturns } from './trailing.ts';

describe('returns from prices', () => {
  it('skips missing prices and computes the return across the gap (Return.calculate on na.omit)', () => {
    const r = returnsFromPrices([100, null, 110, Number.NaN, 99, undefined]);
    expect(Array.from(r.returns)).toEqual([expect.closeTo(0.1, 15), expect.closeTo(-0.1, 15)]);
    expect(Array.from(r.endIndex)).toEqual([2, 4]);
    expect(returnsFromPrices([100, 110], 'log').returns[0]).toBeCloseTo(Math.log(1.1), 15);
    expect(() => returnsFromPrices([100, -1])).toThrow(
      'prices[1] must be a positive finite number, got -1',
    );
  });

  it('converts between simple and log returns', () => {
    expect(logToSimpleReturns(simpleToLogReturns([0.05, -0.2]))[1]).toBeCloseTo(-0.2, 15);
  });
});

describe('period aggregation', () => {
  const dates = [
    '2024-01-01',
    '2024-01-03',
    '2024-01-05',
    '2024-01-08',
    '2024-01-12',
    '2024-01-15',
    '2024-02-01',
  ];
  const prices = [100, 101, 102, 104, 103, 110, 120];

  it('takes SPK weekly returns from the first to the last business day of each week', () => {
    const w = periodReturnsFromPrices(dates, prices, 'weekly', { convention: 'first-to-last' });
    expect(w.dates).toEqual(['2024-01-05', '2024-01-12']);
    expect(w.returns[0]).toBeCloseTo(0.02, 15);
    expect(w.returns[1]).toBeCloseTo(103 / 104 - 1, 15);
  });

  it('takes monthly returns last to last and compounds returns by period', () => {
    const m = periodReturnsFromPrices(dates, prices, 'monthly');
    expect(m.dates).toEqual(['2024-02-01']);
    expect(m.returns[0]).toBeCloseTo(120 / 110 - 1, 15);
    const daily = returnsFromPrices(prices).returns;
    const c = compoundByPeriod(dates.slice(1), daily, 'monthly');
    expect(c.returns[0]).toBeCloseTo(110 / 100 - 1, 14);
    expect(periodKey('2024-05-15', 'quarterly')).toBe('2024-Q2');
    expect(periodKey('2024-05-15', 'yearly')).toBe('2024');
    expect(periodKey('2024-01-07', 'weekly')).toBe('2024-01-01');
    expect(() => periodReturnsFromPrices(['2024-01-02', '2024-01-01'], [1, 2], 'monthly')).toThrow(
      InvalidInputError,
    );
    expect(() => periodReturnsFromPrices(['2024-01-02'], [1, 2], 'monthly')).toThrow(
      LengthMismatchError,
    );
    expect(() => periodReturnsFromPrices(['2024-01-02'], [0], 'monthly')).toThrow(
      InvalidInputError,
    );
    expect(() => dayNumber('2024-02-30')).toThrow('not a calendar date: "2024-02-30"');
    expect(() => dayNumber('02.01.2024')).toThrow(InvalidInputError);
  });

  it('infers periods per year from the date spacing', () => {
    expect(inferPeriodsPerYear(['2024-01-01', '2024-01-02', '2024-01-03'])).toBe(252);
    expect(inferPeriodsPerYear(['2024-01-05', '2024-01-12', '2024-01-19'])).toBe(52);
    expect(inferPeriodsPerYear(['2024-01-31', '2024-02-29', '2024-03-31'])).toBe(12);
    expect(inferPeriodsPerYear(['2024-03-31', '2024-06-30', '2024-09-30'])).toBe(4);
    expect(inferPeriodsPerYear(['2022-12-31', '2023-12-31'])).toBe(1);
    expect(() => inferPeriodsPerYear(['2024-01-01'])).toThrow(InsufficientHistoryError);
  });
});

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
