import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import {
  addBusinessDays,
  adjustBusinessDay,
  businessDaysBetween,
  createBusinessCalendar,
} from './calendar.ts';
import { formatIsoDate, parseIsoDate } from './date.ts';

const d = parseIsoDate;

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
