// The first date of a market window (`calendarStart` in read/market.ts, decision 0074) as the
// worker's cache sees it (decision 0081). The statement answers, for tickers T, a date `from` and
// a count `keep`, the earliest of the `keep` latest distinct dates on or before `from` on which
// any ticker of T has a value (null when none has one). Those dates are each ticker's own latest
// `keep` dates merged, so the answer is known exactly from any read that holds, for every ticker,
// at least `keep` of its dates up to `from` with nothing left out between them: a packed series
// row over a window that reaches `from` (series-columns-statement.ts). This file is the one place
// that knows the statement's mark and the order of its values.
import { MARKET_READ_MARK } from './market-reads.ts';
import { ISO_DATE, isoOfDay } from './series-columns-statement.ts';

/** The first words of the window's first-date statement (a market read: MARKET_READ_MARK first). */
export const CALENDAR_START_MARK = `${MARKET_READ_MARK} /* calendar start */`;

/** What a first-date statement asks for. */
export interface CalendarStartRequest {
  readonly tickers: readonly string[];
  /** ISO date. */
  readonly from: string;
  /** How many latest dates count (the window's lookback + 1). */
  readonly keep: number;
}

/** The values of the statement for `request`, in the order its SQL sends them. */
export function calendarStartValues(request: CalendarStartRequest): unknown[] {
  return [[...request.tickers], request.from, request.keep, request.keep];
}

/** What a statement with these values asks for; null for values of another shape. */
export function calendarStartRequest(values: readonly unknown[]): CalendarStartRequest | null {
  if (values.length !== 4) return null;
  const [tickers, from, keep, again] = values;
  if (!Array.isArray(tickers) || !tickers.every((t) => typeof t === 'string')) return null;
  if (typeof from !== 'string' || !ISO_DATE.test(from)) return null;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1 || again !== keep)
    return null;
  return { tickers, from, keep };
}

/**
 * The statement's answer row from each ticker's latest `keep` day numbers on or before `from`
 * (fewer only for a ticker that has no more: all of its days then): the earliest of the `keep`
 * latest distinct days of them all, as the ISO date the statement writes, null when there is none.
 */
export function calendarStartOf(
  latestDays: Iterable<ArrayLike<number>>,
  keep: number,
): { start: string | null } {
  const all = new Set<number>();
  for (const days of latestDays) for (let i = 0; i < days.length; i++) all.add(days[i]!);
  if (all.size === 0) return { start: null };
  const sorted = [...all].sort((a, b) => b - a);
  const day = sorted[Math.min(keep, sorted.length) - 1]!;
  return { start: isoOfDay(day) };
}
