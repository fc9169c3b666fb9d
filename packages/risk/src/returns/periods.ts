// Calendar grouping of dated series: ISO weeks, months, quarters, years; period aggregation of
// prices and returns; periods-per-year inference.
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';

/** Aggregation period. */
export type Period = 'weekly' | 'monthly' | 'quarterly' | 'yearly';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of an ISO yyyy-mm-dd date. */
export function dayNumber(isoDate: string): number {
  const m = ISO_DATE.exec(isoDate);
  if (m === null) throw new InvalidInputError(`date must be ISO yyyy-mm-dd, got "${isoDate}"`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== isoDate) {
    throw new InvalidInputError(`not a calendar date: "${isoDate}"`);
  }
  return t / 86_400_000;
}

/** Key of the period a date falls in: the Monday of its ISO week, yyyy-mm, yyyy-Qn or yyyy. */
export function periodKey(isoDate: string, period: Period): string {
  const day = dayNumber(isoDate);
  switch (period) {
    case 'weekly': {
      const weekday = (new Date(day * 86_400_000).getUTCDay() + 6) % 7; // Monday = 0
      return new Date((day - weekday) * 86_400_000).toISOString().slice(0, 10);
    }
    case 'monthly':
      return isoDate.slice(0, 7);
    case 'quarterly':
      return `${isoDate.slice(0, 4)}-Q${Math.floor((Number(isoDate.slice(5, 7)) - 1) / 3) + 1}`;
    case 'yearly':
      return isoDate.slice(0, 4);
  }
}

function assertDated(dates: readonly string[], values: ArrayLike<unknown>): void {
  if (dates.length !== values.length)
    throw new LengthMismatchError('dates', values.length, dates.length);
  for (let i = 1; i < dates.length; i++) {
    if (!(dates[i]! > dates[i - 1]!)) {
      throw new InvalidInputError(
        `dates must be strictly ascending: "${dates[i - 1]}" then "${dates[i]}"`,
      );
    }
  }
}

/** Returns per period, dated by the period's last observation. */
export interface PeriodReturns {
  readonly dates: string[];
  readonly returns: Float64Array;
}

/**
 * Period returns from daily prices (missing prices skipped).
 * - `last-to-last` (default; monthly, quarterly, yearly): last price of the period over the last
 *   price of the previous period; the first period, which has no previous close, yields no return.
 * - `first-to-last` (SPK weekly, Rehber §9.3.2.1 fn. 23: "haftanın ilk iş günü ile son iş günü
 *   arasındaki getiri"): last over first price within the same period; a period with a single
 *   price yields no return.
 */
export function periodReturnsFromPrices(
  dates: readonly string[],
  prices: ArrayLike<number | null>,
  period: Period,
  options: { convention?: 'last-to-last' | 'first-to-last' } = {},
): PeriodReturns {
  assertDated(dates, prices);
  const groups: { key: string; first: number; last: number; lastDate: string; count: number }[] =
    [];
  for (let i = 0; i < dates.length; i++) {
    const p = prices[i];
    if (p === null || p === undefined || Number.isNaN(p)) continue;
    if (!(p > 0)) throw new InvalidInputError(`prices[${i}] must be positive, got ${p}`);
    const key = periodKey(dates[i]!, period);
    const g = groups.at(-1);
    if (g?.key === key) {
      g.last = p;
      g.lastDate = dates[i]!;
      g.count++;
    } else groups.push({ key, first: p, last: p, lastDate: dates[i]!, count: 1 });
  }
  const out: PeriodReturns = { dates: [], returns: new Float64Array(groups.length) };
  let n = 0;
  groups.forEach((g, i) => {
    if (options.convention === 'first-to-last') {
      if (g.count < 2) return;
      out.returns[n++] = g.last / g.first - 1;
    } else {
      if (i === 0) return;
      out.returns[n++] = g.last / groups[i - 1]!.last - 1;
    }
    out.dates.push(g.lastDate);
  });
  return { dates: out.dates, returns: out.returns.slice(0, n) };
}

/**
 * Compounds periodic simple returns into longer periods: Π(1 + r) − 1 over the returns dated in
 * each period, dated by its last return (equivalent to last-to-last on the underlying prices).
 */
export function compoundByPeriod(
  dates: readonly string[],
  returns: ArrayLike<number>,
  period: Period,
): PeriodReturns {
  assertDated(dates, returns);
  const outDates: string[] = [];
  const out: number[] = [];
  let key: string | null = null;
  for (let i = 0; i < dates.length; i++) {
    const k = periodKey(dates[i]!, period);
    if (k !== key) {
      out.push(0);
      outDates.push(dates[i]!);
      key = k;
    }
    const j = out.length - 1;
    out[j] = (1 + out[j]!) * (1 + returns[i]!) - 1;
    outDates[j] = dates[i]!;
  }
  return { dates: outDates, returns: Float64Array.from(out) };
}

/**
 * Infers periods per year from the median spacing of the dates (PerformanceAnalytics `Frequency`
 * idea): ≤ 4 days daily 252, ≤ 10 weekly 52, ≤ 45 monthly 12, ≤ 135 quarterly 4, else yearly 1.
 * @throws InsufficientHistoryError with fewer than 2 dates.
 */
export function inferPeriodsPerYear(dates: readonly string[]): number {
  if (dates.length < 2) throw new InsufficientHistoryError(2, dates.length, 'dates');
  const gaps = new Float64Array(dates.length - 1);
  for (let i = 1; i < dates.length; i++)
    gaps[i - 1] = dayNumber(dates[i]!) - dayNumber(dates[i - 1]!);
  gaps.sort();
  const median = gaps[Math.floor((gaps.length - 1) / 2)]!;
  if (median <= 4) return 252;
  if (median <= 10) return 52;
  if (median <= 45) return 12;
  if (median <= 135) return 4;
  return 1;
}
