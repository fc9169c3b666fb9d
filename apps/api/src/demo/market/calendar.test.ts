import { describe, expect, it } from 'vitest';
import { isValidIsin } from '@fonrisk/contracts';
import { parseIsoDate } from '@fonrisk/risk';
import {
  businessDaysBetween,
  isDemoBusinessDay,
  lastBusinessDayOnOrBefore,
  monthEndIndices,
} from './calendar.ts';
import { isinCheckDigit, makeIsin } from './isin.ts';

describe('demo business-day calendar', () => {
  it('closes weekends and the fixed Turkish public holidays', () => {
    for (const holiday of [
      '2025-01-01',
      '2025-04-23',
      '2025-05-01',
      '2025-05-19',
      '2025-07-15',
      '2024-08-30',
      '2025-10-29',
    ]) {
      expect(isDemoBusinessDay(parseIsoDate(holiday)), holiday).toBe(false);
    }
    expect(isDemoBusinessDay(parseIsoDate('2025-06-14')), 'Saturday').toBe(false);
    expect(isDemoBusinessDay(parseIsoDate('2025-06-15')), 'Sunday').toBe(false);
    expect(isDemoBusinessDay(parseIsoDate('2025-06-16')), 'an ordinary Monday').toBe(true);
  });

  it('closes Kurban Bayramı 2025 (6-9 June) and keeps its eve, a half day, open', () => {
    expect(isDemoBusinessDay(parseIsoDate('2025-06-05'))).toBe(true);
    expect(isDemoBusinessDay(parseIsoDate('2025-06-06'))).toBe(false);
    expect(isDemoBusinessDay(parseIsoDate('2025-06-09'))).toBe(false);
    expect(lastBusinessDayOnOrBefore('2025-06-09')).toBe('2025-06-05');
  });

  it('walks back over a weekend and a holiday to the last business day', () => {
    expect(lastBusinessDayOnOrBefore('2025-06-15')).toBe('2025-06-13');
    // 2024-04-23 was a Tuesday holiday.
    expect(lastBusinessDayOnOrBefore('2024-04-23')).toBe('2024-04-22');
    expect(lastBusinessDayOnOrBefore('2025-06-16')).toBe('2025-06-16');
  });

  it('lists business days inclusively and marks the last business day of each month', () => {
    const days = businessDaysBetween('2025-04-28', '2025-05-06');
    expect(days).toEqual([
      '2025-04-28',
      '2025-04-29',
      '2025-04-30',
      '2025-05-02',
      '2025-05-05',
      '2025-05-06',
    ]);
    expect(monthEndIndices(days).map((i) => days[i])).toEqual(['2025-04-30', '2025-05-06']);
  });
});

describe('demo ISIN codes', () => {
  it('computes the ISO 6166 check digit of a known ISIN', () => {
    // US0378331005 (Apple) is the standard worked example.
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(makeIsin('TRT150127T1')).toBe('TRT150127T19');
  });

  it('produces codes the contracts validator accepts', () => {
    for (const body of ['TRDANDBK91D', 'TRDFDHS0000', 'TRD300626T0']) {
      expect(isValidIsin(makeIsin(body)), body).toBe(true);
    }
  });
});
