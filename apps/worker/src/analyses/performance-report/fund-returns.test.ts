import { describe, expect, it } from 'vitest';
import { AnalysisInputError } from '../../runner/errors.ts';
import { calendarDays, dailyReturns } from './fund-returns.ts';

describe('daily returns of a unit-price series', () => {
  it('is p[i] / p[i − 1] − 1 for each day (100 → 110 → 99: +10 %, −10 %)', () => {
    const r = dailyReturns('PFON', {
      dates: ['2025-01-02', '2025-01-03', '2025-01-06'],
      values: [100, 110, 99],
    });
    expect(r).toHaveLength(2);
    expect(r[0]).toBeCloseTo(0.1, 15);
    expect(r[1]).toBeCloseTo(-0.1, 15);
  });

  it('names the fund and the date of a price that is not positive', () => {
    const dates = ['2025-01-02', '2025-01-03', '2025-01-06'];
    expect(() => dailyReturns('PFON', { dates, values: [100, 0, 99] })).toThrow(
      new AnalysisInputError('PFON fonunun 2025-01-03 tarihli birim pay fiyatı pozitif değil.'),
    );
    expect(() => dailyReturns('PFON', { dates, values: [-1, 100, 99] })).toThrow(
      'PFON fonunun 2025-01-02 tarihli birim pay fiyatı pozitif değil.',
    );
  });

  it('counts calendar days between two ISO dates', () => {
    expect(calendarDays('2025-01-03', '2025-01-06')).toBe(3);
    expect(calendarDays('2024-02-28', '2024-03-01')).toBe(2);
  });
});
