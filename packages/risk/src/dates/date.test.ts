import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import {
  addMonths,
  formatIsoDate,
  isEndOfMonth,
  isLeapYear,
  isoWeekday,
  parseIsoDate,
  startOfIsoWeek,
} from './date.ts';

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
