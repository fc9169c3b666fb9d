import { formatIsoDate, isoWeekday, parseIsoDate, type DayNumber } from './date.ts';

/**
 * A business-day calendar: Saturdays and Sundays plus a supplied list of holidays (ISO dates,
 * e.g. the Turkish public holidays and half days the caller treats as closed). No built-in
 * holiday data: holidays change by decree, so they are input.
 */
export interface BusinessCalendar {
  isBusinessDay(day: DayNumber): boolean;
}

/**
 * Builds a calendar from ISO holiday dates.
 * @throws InvalidInputError when a holiday is not a valid ISO date.
 */
export function createBusinessCalendar(holidays: readonly string[] = []): BusinessCalendar {
  const closed = new Set(holidays.map(parseIsoDate));
  return { isBusinessDay: (day) => isoWeekday(day) <= 5 && !closed.has(day) };
}

/** Business-day adjustment rules (ISDA 2006 4.12). */
export type BusinessDayConvention = 'none' | 'following' | 'modified-following' | 'preceding';

/** Moves a date onto a business day by the given rule. */
export function adjustBusinessDay(
  day: DayNumber,
  calendar: BusinessCalendar,
  convention: BusinessDayConvention,
): DayNumber {
  if (convention === 'none' || calendar.isBusinessDay(day)) return day;
  const step = convention === 'preceding' ? -1 : 1;
  let moved = day;
  while (!calendar.isBusinessDay(moved)) moved += step;
  if (
    convention === 'modified-following' &&
    formatIsoDate(moved).slice(0, 7) !== formatIsoDate(day).slice(0, 7)
  ) {
    return adjustBusinessDay(day, calendar, 'preceding');
  }
  return moved;
}

/** Adds (or with a negative count subtracts) business days; 0 returns the date unchanged. */
export function addBusinessDays(
  day: DayNumber,
  count: number,
  calendar: BusinessCalendar,
): DayNumber {
  const step = count < 0 ? -1 : 1;
  let remaining = Math.abs(count);
  let cursor = day;
  while (remaining > 0) {
    cursor += step;
    if (calendar.isBusinessDay(cursor)) remaining -= 1;
  }
  return cursor;
}

/** Business days in (start, end]: the count of settlement days from start to end. */
export function businessDaysBetween(
  start: DayNumber,
  end: DayNumber,
  calendar: BusinessCalendar,
): number {
  if (end < start) return -businessDaysBetween(end, start, calendar);
  let count = 0;
  for (let d = start + 1; d <= end; d += 1) if (calendar.isBusinessDay(d)) count += 1;
  return count;
}
