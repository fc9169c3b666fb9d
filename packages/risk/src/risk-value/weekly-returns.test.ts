import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { weeklyReturns } from './weekly-returns.ts';

describe('weekly returns (Rehber §9.3.2.1 fn. 23)', () => {
  const dates = [
    '2024-01-01',
    '2024-01-03',
    '2024-01-05',
    '2024-01-10',
    '2024-01-15',
    '2024-01-19',
  ];
  const prices = [100, 101, 102, 103, 104, 99];
  it('measures each ISO week from its first to its last priced day and skips single-price weeks', () => {
    expect(weeklyReturns(dates, prices)).toEqual([
      { weekStart: '2024-01-01', date: '2024-01-05', return: 102 / 100 - 1 },
      { weekStart: '2024-01-15', date: '2024-01-19', return: 99 / 104 - 1 },
    ]);
  });
  it('optionally measures from last price to last price', () => {
    expect(weeklyReturns(dates, prices, 'last-to-last').map((w) => w.return)).toEqual([
      103 / 102 - 1,
      99 / 103 - 1,
    ]);
  });
  it('rejects unordered dates, bad prices and mismatched lengths', () => {
    expect(() => weeklyReturns(['2024-01-02', '2024-01-01'], [1, 1])).toThrow(/increase/);
    expect(() => weeklyReturns(['2024-01-02'], [0])).toThrow(/positive/);
    expect(() => weeklyReturns(['2024-01-02'], [])).toThrow(InvalidInputError);
  });
});
