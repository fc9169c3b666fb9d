import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { returnsFromPrices } from './from-prices.ts';
import {
  compoundByPeriod,
  dayNumber,
  inferPeriodsPerYear,
  periodKey,
  periodReturnsFromPrices,
} from './periods.ts';

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
