// Calendar-year and trailing-period returns of a dated return series.
import { InsufficientHistoryError, assertFinite } from '../errors.ts';
import { dayNumber } from './periods.ts';

/** Trailing windows: months back from the last date, or year to date. */
export const TRAILING_PERIODS = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y'] as const;
export type TrailingPeriod = (typeof TRAILING_PERIODS)[number];

const MONTHS: Record<Exclude<TrailingPeriod, 'YTD'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
  '3Y': 36,
  '5Y': 60,
};

export interface TrailingReturn {
  readonly period: TrailingPeriod;
  /** Exclusive start: the window holds the returns dated after this date, up to the last date. */
  readonly since: string;
  /** Compounded return over the window; null when the series starts after `since`. */
  readonly cumulative: number | null;
  /** (1 + cumulative)^(12 / months) − 1 for windows longer than a year (3Y, 5Y); else null. */
  readonly annualized: number | null;
}

/** The same day `months` earlier, clamped to the month's last day (2024-03-31 − 1M = 2024-02-29). */
export function monthsBefore(isoDate: string, months: number): string {
  dayNumber(isoDate);
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7)) - 1 - months;
  const d = Number(isoDate.slice(8, 10));
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(d, lastDay)))
    .toISOString()
    .slice(0, 10);
}

/**
 * Trailing returns at the last date of a series of simple returns, each dated at the end of its
 * period. The window "since S" compounds the returns dated strictly after S and needs the value
 * at S to be known: available only when S ≥ `startDate`, the date of the first known value
 * (default: the first return's date; pass the date of the price before the first return when
 * the series was computed from prices).
 */
export function trailingReturns(
  dates: readonly string[],
  returns: ArrayLike<number>,
  options: { startDate?: string } = {},
): TrailingReturn[] {
  if (dates.length === 0) throw new InsufficientHistoryError(1, 0);
  assertFinite(returns, 'returns');
  const last = dates.at(-1)!;
  const coveredFrom = options.startDate ?? dates[0]!;
  return TRAILING_PERIODS.map((period) => {
    const since =
      period === 'YTD'
        ? `${Number(last.slice(0, 4)) - 1}-12-31`
        : monthsBefore(last, MONTHS[period]);
    if (since < coveredFrom) return { period, since, cumulative: null, annualized: null };
    let w = 1;
    for (let i = 0; i < dates.length; i++) if (dates[i]! > since) w *= 1 + returns[i]!;
    const months = period === 'YTD' ? 0 : MONTHS[period];
    return {
      period,
      since,
      cumulative: w - 1,
      annualized: months > 12 ? w ** (12 / months) - 1 : null,
    };
  });
}

export interface CalendarYearReturn {
  readonly year: number;
  readonly return: number;
  /** Number of returns compounded. */
  readonly observations: number;
}

/** Compounded return of each calendar year (by the returns' dates), oldest first. */
export function calendarYearReturns(
  dates: readonly string[],
  returns: ArrayLike<number>,
): CalendarYearReturn[] {
  assertFinite(returns, 'returns');
  const out: { year: number; return: number; observations: number }[] = [];
  for (let i = 0; i < dates.length; i++) {
    const year = Number(dates[i]!.slice(0, 4));
    let row = out.at(-1);
    if (row?.year !== year) {
      row = { year, return: 0, observations: 0 };
      out.push(row);
    }
    row.return = (1 + row.return) * (1 + returns[i]!) - 1;
    row.observations++;
  }
  return out;
}
