import { InvalidInputError } from '../errors.ts';
import { fromYmd, isLeapYear, toYmd, type DayNumber } from './date.ts';

/**
 * Day-count conventions (ISDA 2006 definitions, section 4.16):
 * - `act365f`: actual days / 365 (ACT/365 Fixed).
 * - `actact-isma`: actual days / (frequency × actual days of the coupon period) (ACT/ACT ICMA,
 *   ICMA Rule 251); needs the reference coupon period.
 * - `actact-isda`: days falling in a leap year / 366 + days in other years / 365.
 * - `30-360`: 30/360 bond basis (ISDA 4.16(f)): D1 = 31 -> 30; D2 = 31 -> 30 when D1 is 30 or 31.
 */
export const DAY_COUNTS = ['act365f', 'actact-isma', 'actact-isda', '30-360'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

/** The regular coupon period an ACT/ACT ISMA fraction is measured against. */
export interface ReferencePeriod {
  readonly start: DayNumber;
  readonly end: DayNumber;
  /** Coupons per year. */
  readonly frequency: number;
}

/** Whether a text names one of the supported day counts. */
export function isDayCount(text: string): text is DayCount {
  return (DAY_COUNTS as readonly string[]).includes(text);
}

/** Days between two dates under 30/360 bond basis (ISDA 2006 4.16(f)). */
export function days30360(start: DayNumber, end: DayNumber): number {
  const a = toYmd(start);
  const b = toYmd(end);
  const d1 = Math.min(a.day, 30);
  const d2 = b.day === 31 && d1 === 30 ? 30 : b.day;
  return 360 * (b.year - a.year) + 30 * (b.month - a.month) + (d2 - d1);
}

function actActIsda(start: DayNumber, end: DayNumber): number {
  let fraction = 0;
  let cursor = start;
  while (cursor < end) {
    const { year } = toYmd(cursor);
    const nextYear = Math.min(fromYmd(year + 1, 1, 1), end);
    fraction += (nextYear - cursor) / (isLeapYear(year) ? 366 : 365);
    cursor = nextYear;
  }
  return fraction;
}

/**
 * Year fraction between two dates (end after start; a reversed pair gives the negative fraction).
 * @throws InvalidInputError for `actact-isma` without a reference period, or with an empty one.
 */
export function yearFraction(
  convention: DayCount,
  start: DayNumber,
  end: DayNumber,
  period?: ReferencePeriod,
): number {
  if (end < start) return -yearFraction(convention, end, start, period);
  switch (convention) {
    case 'act365f':
      return (end - start) / 365;
    case 'actact-isda':
      return actActIsda(start, end);
    case '30-360':
      return days30360(start, end) / 360;
    case 'actact-isma': {
      if (period === undefined || period.end <= period.start) {
        throw new InvalidInputError('actact-isma needs a non-empty reference coupon period');
      }
      return (end - start) / (period.frequency * (period.end - period.start));
    }
  }
}
