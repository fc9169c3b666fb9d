import { TURKISH_CALENDAR, formatIsoDate, parseIsoDate, type DayNumber } from '@fonrisk/risk';

/**
 * The demo's business days are the Turkish calendar of @fonrisk/risk (weekends, the fixed
 * holidays, Ramazan and Kurban Bayramı; half days are business days), the same calendar the
 * data-gap checks use, so the demo market has no gaps (docs/decisions/0016-turkish-calendar.md).
 */
export function isDemoBusinessDay(day: DayNumber): boolean {
  return TURKISH_CALENDAR.isBusinessDay(day);
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
