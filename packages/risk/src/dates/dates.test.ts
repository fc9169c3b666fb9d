import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatIsoDate,
  isEndOfMonth,
  isLeapYear,
  isoWeekday,
  parseIsoDate,
  startOfIsoWeek,
} from './date.ts';
import { days30360, isDayCount, yearFraction } from './day-count.ts';
import {
  addBusinessDays,
  adjustBusinessDay,
  businessDaysBetween,
  createBusinessCalendar,
} from './calendar.ts';
import { InvalidInputError } from '../errors.ts';

const d = parseIsoDate;

describe('calendar dates', () => {
  it('round-trips ISO dates and rejects invalid ones', () => {
    expect(formatIsoDate(d('2024-02-29'))).toBe('2024-02-29');
    expect(d('1970-01-01')).toBe(0);
    expect(() => d('2023-02-29')).toThrow(InvalidInputError);
    expect(() => d('2023-13-01')).toThrow(InvalidInputError);
    expect(() => d('01.02.2023')).toThrow(/ISO/);
  });
  it('adds months with end-of-month clamping and the end-of-month rule', () => {
    expect(formatIsoDate(addMonths(d('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatIsoDate(addMonths(d('2024-02-29'), -6, true))).toBe('2023-08-31');
    expect(formatIsoDate(addMonths(d('2024-03-15'), -15))).toBe('2022-12-15');
    expect(isEndOfMonth(d('2023-02-28'))).toBe(true);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });
  it('numbers ISO weekdays from Monday', () => {
    expect(isoWeekday(d('2024-01-01'))).toBe(1);
    expect(isoWeekday(d('1969-12-28'))).toBe(7);
    expect(formatIsoDate(startOfIsoWeek(d('2024-01-07')))).toBe('2024-01-01');
  });
});

describe('day counts (ISDA 2006 4.16)', () => {
  it('computes ACT/365F and ACT/ACT ISDA across a leap-year boundary', () => {
    // ISDA "EMU and market conventions" example: 2003-11-01 .. 2004-05-01 ACT/ACT ISDA =
    // 61/365 + 121/366 = 0.16712 + 0.33060 = 0.49772.
    expect(yearFraction('actact-isda', d('2003-11-01'), d('2004-05-01'))).toBeCloseTo(
      61 / 365 + 121 / 366,
      15,
    );
    expect(yearFraction('act365f', d('2003-11-01'), d('2004-05-01'))).toBeCloseTo(182 / 365, 15);
    expect(yearFraction('act365f', d('2004-05-01'), d('2003-11-01'))).toBeCloseTo(-182 / 365, 15);
  });
  it('computes ACT/ACT ISMA against the reference period (same ISDA example: 182/(2·182) = 0.5)', () => {
    const period = { start: d('2003-11-01'), end: d('2004-05-01'), frequency: 2 };
    expect(yearFraction('actact-isma', d('2003-11-01'), d('2004-05-01'), period)).toBe(0.5);
    expect(() => yearFraction('actact-isma', d('2003-11-01'), d('2004-05-01'))).toThrow(
      /reference/,
    );
  });
  it('applies the 30/360 bond basis end-of-month rules', () => {
    expect(days30360(d('2024-01-31'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-30'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-29'), d('2024-03-31'))).toBe(62);
    expect(days30360(d('2024-02-29'), d('2024-03-31'))).toBe(32);
    expect(yearFraction('30-360', d('2024-01-15'), d('2024-07-15'))).toBe(0.5);
    expect(isDayCount('30-360')).toBe(true);
    expect(isDayCount('act360')).toBe(false);
  });
});

describe('business-day calendars', () => {
  const calendar = createBusinessCalendar(['2024-04-23', '2024-05-01']);
  it('skips weekends and supplied holidays', () => {
    expect(calendar.isBusinessDay(d('2024-04-23'))).toBe(false);
    expect(calendar.isBusinessDay(d('2024-04-27'))).toBe(false);
    expect(calendar.isBusinessDay(d('2024-04-24'))).toBe(true);
    expect(formatIsoDate(addBusinessDays(d('2024-04-22'), 1, calendar))).toBe('2024-04-24');
    expect(formatIsoDate(addBusinessDays(d('2024-04-24'), -1, calendar))).toBe('2024-04-22');
    expect(addBusinessDays(d('2024-04-24'), 0, calendar)).toBe(d('2024-04-24'));
    expect(businessDaysBetween(d('2024-04-19'), d('2024-04-26'), calendar)).toBe(4);
    expect(businessDaysBetween(d('2024-04-26'), d('2024-04-19'), calendar)).toBe(-4);
  });
  it('adjusts dates by following, modified following and preceding', () => {
    expect(formatIsoDate(adjustBusinessDay(d('2024-04-23'), calendar, 'following'))).toBe(
      '2024-04-24',
    );
    expect(formatIsoDate(adjustBusinessDay(d('2024-04-23'), calendar, 'preceding'))).toBe(
      '2024-04-22',
    );
    expect(formatIsoDate(adjustBusinessDay(d('2024-08-31'), calendar, 'modified-following'))).toBe(
      '2024-08-30',
    );
    expect(formatIsoDate(adjustBusinessDay(d('2024-06-01'), calendar, 'modified-following'))).toBe(
      '2024-06-03',
    );
    expect(adjustBusinessDay(d('2024-04-23'), calendar, 'none')).toBe(d('2024-04-23'));
  });
  it('rejects an invalid holiday', () => {
    expect(() => createBusinessCalendar(['2024-02-30'])).toThrow(InvalidInputError);
  });
});
