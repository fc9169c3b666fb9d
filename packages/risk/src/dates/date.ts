import { InvalidInputError } from '../errors.ts';
/**
 * Calendar dates as whole day numbers (days since 1970-01-01, UTC), so that date arithmetic is
 * exact integer arithmetic with no time zone or clock involved. ISO `YYYY-MM-DD` strings are the
 * only textual form accepted and produced.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A calendar date as days since 1970-01-01 (UTC). */
export type DayNumber = number;

/**
 * Parses an ISO `YYYY-MM-DD` date into a day number.
 * @throws InvalidInputError when the text is not a valid calendar date (e.g. `2023-02-30`).
 */
export function parseIsoDate(text: string): DayNumber {
  const match = ISO_DATE.exec(text);
  if (match === null) throw new InvalidInputError(`date must be ISO YYYY-MM-DD, got "${text}"`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const serial = Date.UTC(year, month - 1, day) / MS_PER_DAY;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new InvalidInputError(`not a calendar date: "${text}"`);
  }
  return serial;
}

/** Formats a day number as ISO `YYYY-MM-DD`. */
export function formatIsoDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Year, month (1-12) and day of month of a day number. */
export function toYmd(day: DayNumber): { year: number; month: number; day: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Day number of a year, month (1-12) and day of month. */
export function fromYmd(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** Whether the Gregorian year has 366 days. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the day is the last day of its month. */
export function isEndOfMonth(day: DayNumber): boolean {
  const { year, month, day: dom } = toYmd(day);
  return dom === daysInMonth(year, month);
}

/**
 * Adds calendar months, clamping the day of month to the target month's length
 * (31 Jan + 1 month = 28/29 Feb). With `endOfMonth` the result is the target month's last day.
 */
export function addMonths(day: DayNumber, months: number, endOfMonth = false): DayNumber {
  const { year, month, day: dom } = toYmd(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const last = daysInMonth(targetYear, targetMonth);
  return fromYmd(targetYear, targetMonth, endOfMonth ? last : Math.min(dom, last));
}

/** Day of week, ISO numbering: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: DayNumber): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Day number of the Monday that starts the ISO week containing the day. */
export function startOfIsoWeek(day: DayNumber): DayNumber {
  return day - (isoWeekday(day) - 1);
}
