import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { TURKISH_CALENDAR, createTurkishCalendar } from '../dates/turkish-calendar.ts';
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

  describe('across the Kurban Bayramı 2025 weeks (holidays 6-9 June, arife 5 June a half day)', () => {
    // A series priced every weekday (a foreign quote or a careless file): 2-13 June 2025.
    const days = [
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-09',
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
    ];
    const values = [100, 101, 102, 103, 110, 120, 121, 122, 123, 124];
    it('runs each week from its first to its last business day of the calendar', () => {
      // Week of 2 June: Monday 2 (100) to the half-day Thursday 5 (103), Friday 6 is Bayram.
      // Week of 9 June: Monday 9 is Bayram; Tuesday 10 (121) to Friday 13 (124).
      expect(weeklyReturns(days, values, 'first-to-last', TURKISH_CALENDAR)).toEqual([
        { weekStart: '2025-06-02', date: '2025-06-05', return: 103 / 100 - 1 },
        { weekStart: '2025-06-09', date: '2025-06-13', return: 124 / 121 - 1 },
      ]);
      // Without the calendar every priced day counts.
      expect(weeklyReturns(days, values).map((w) => w.return)).toEqual([
        110 / 100 - 1,
        124 / 120 - 1,
      ]);
    });
    it('follows an edited calendar: Friday 13 June made a holiday ends that week on Thursday', () => {
      const edited = createTurkishCalendar([
        { date: '2025-06-13', kind: 'holiday', name: 'Örnek tatil' },
      ]);
      expect(weeklyReturns(days, values, 'first-to-last', edited)[1]).toEqual({
        weekStart: '2025-06-09',
        date: '2025-06-12',
        return: 123 / 121 - 1,
      });
      const reopened = createTurkishCalendar([
        { date: '2025-06-06', kind: 'businessDay', name: 'Açık' },
      ]);
      expect(weeklyReturns(days, values, 'first-to-last', reopened)[0]!.return).toBe(110 / 100 - 1);
    });
  });
});
