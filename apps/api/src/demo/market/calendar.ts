import { formatIsoDate, isoWeekday, parseIsoDate, type DayNumber } from '@fonrisk/risk';

/**
 * The demo's Turkish business-day calendar: weekends and the fixed-date public holidays
 * (New Year, 23 April, 1 May, 19 May, 15 July, 30 August, 29 October) are closed. The religious
 * holidays (Ramazan and Kurban Bayramı) move every year and are deliberately left open, and the
 * 28 October half day is treated as a full day (docs/decisions/0008-demo-data.md).
 */
const FIXED_HOLIDAYS = new Set(['01-01', '04-23', '05-01', '05-19', '07-15', '08-30', '10-29']);

export function isDemoBusinessDay(day: DayNumber): boolean {
  return isoWeekday(day) <= 5 && !FIXED_HOLIDAYS.has(formatIsoDate(day).slice(5));
}

/** The last business day on or before an ISO date. */
export function lastBusinessDayOnOrBefore(isoDate: string): string {
  let day = parseIsoDate(isoDate);
  while (!isDemoBusinessDay(day)) day -= 1;
  return formatIsoDate(day);
}

/** Business days from `start` to `end`, both inclusive, in order, as ISO dates. */
export function businessDaysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = parseIsoDate(start), last = parseIsoDate(end); day <= last; day += 1) {
    if (isDemoBusinessDay(day)) out.push(formatIsoDate(day));
  }
  return out;
}

/** Indices of the dates that are the last business day of their month (the final date included). */
export function monthEndIndices(dates: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    const next = dates[i + 1];
    if (next === undefined || next.slice(0, 7) !== dates[i]!.slice(0, 7)) out.push(i);
  }
  return out;
}

/** Calendar days between two ISO dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return parseIsoDate(b) - parseIsoDate(a);
}
