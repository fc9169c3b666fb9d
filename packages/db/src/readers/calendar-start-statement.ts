// The first date of a market window (`calendarStart` in read/market.ts, decision 0074) as the
// worker's cache sees it (decision 0081). The statement answers, for tickers T, a date `from` and
// a count `keep`, the earliest of the `keep` latest distinct dates on or before `from` on which
// any ticker of T has a value (null when none has one). Those dates are each ticker's own latest
// `keep` dates merged, so the answer is known exactly from any read that holds, for every ticker,
// at least `keep` of its dates up to `from` with nothing left out between them: a packed series
// row over a window that reaches `from` (series-columns-statement.ts). This file is the one place
// that knows the statement's mark and the order of its values.
import { MARKET_READ_MARK } from './market-reads.ts';
import {
  ISO_DATE,
  SERIES_DAY_ZERO,
  firstAtLeast,
  isoOfDay,
  seriesDayOf,
  type SeriesColumnsRow,
} from './series-columns-statement.ts';

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

/**
 * `calendarStartOf` the tickers' latest days, read from their packed rows, each holding at least
 * `keep` of its days up to `from` (latestDaysOnOrBefore is not null for it). The ticker whose
 * `keep`-th latest day is the latest, m, holds `keep` days in [m, from], so the answer is at least
 * m; every ticker's days in [m, from] are among its latest `keep`, and so the answer is the
 * `keep`-th latest of the days in [m, from] of all of them. Tickers on one calendar hold the same
 * bytes there (compared, not decoded): the answer is then m itself. The worker forms a window's
 * first date this way for most runs of a night (decision 0094).
 */
export function calendarStartOfRows(
  rows: readonly SeriesColumnsRow[],
  from: string,
  keep: number,
): { start: string | null } {
  if (rows.length === 0) return { start: null };
  const after = seriesDayOf(from) + 1;
  const ends = rows.map((row) => firstAtLeast(row.days, after));
  let best = 0;
  let m = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) {
    if (ends[i]! < keep) throw new Error('calendarStartOfRows: a row holds fewer days than keep');
    const day = rows[i]!.days.readInt32BE(4 * (ends[i]! - keep));
    if (day > m) {
      m = day;
      best = i;
    }
  }
  const reference = rows[best]!.days.subarray(4 * (ends[best]! - keep), 4 * ends[best]!);
  const days = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    const own = rows[i]!.days.subarray(4 * firstAtLeast(rows[i]!.days, m), 4 * ends[i]!);
    if (own.equals(reference)) continue;
    if (days.size === 0) for (let k = 0; k < keep; k++) days.add(reference.readInt32BE(4 * k));
    for (let k = 0; k < own.length; k += 4) days.add(own.readInt32BE(k));
  }
  if (days.size === 0) return { start: isoOfDay(m) };
  const sorted = [...days].sort((a, b) => b - a);
  return { start: isoOfDay(sorted[keep - 1]!) };
}

/** The first words of the latest-days statement (not a market read: it is never recorded). */
export const LATEST_DAYS_MARK = '/* latest days for a first date */';

/**
 * The statement the worker sends when some tickers of a first-date statement have no kept row
 * that answers for them (decision 0094): the `keep` latest distinct days on or before `from` on
 * which any of `tickers` has a value, as one row of int4 day numbers (days since
 * SERIES_DAY_ZERO), ascending and big-endian, as the packed read writes its days. The first-date
 * statement's answer is then formed from these and the kept tickers' latest days together
 * (`calendarStartOf`): any of the `keep` latest days of all the tickers is among the `keep`
 * latest of the tickers that have it, kept or read.
 */
export function latestDaysStatement(request: CalendarStartRequest): {
  text: string;
  values: unknown[];
} {
  return {
    text: `${LATEST_DAYS_MARK} SELECT string_agg(int4send(w.date - DATE '${SERIES_DAY_ZERO}'), ''::bytea ORDER BY w.date) AS days
      FROM (
        SELECT DISTINCT last.date FROM unnest($1::text[]) AS t(ticker)
        CROSS JOIN LATERAL (
          SELECT v.date FROM market_values v WHERE v.ticker = t.ticker AND v.date <= $2::date
          ORDER BY v.date DESC LIMIT $3
        ) last
        ORDER BY last.date DESC LIMIT $3
      ) w`,
    values: [[...request.tickers], request.from, request.keep],
  };
}

/** The day numbers of the latest-days statement's answer (none when no ticker has a day). */
export function latestDaysOfAnswer(rows: readonly unknown[]): Int32Array {
  const days = (rows[0] as { days?: unknown } | undefined)?.days;
  if (days === null || days === undefined) return new Int32Array(0);
  if (!Buffer.isBuffer(days) || days.length % 4 !== 0)
    throw new Error('son günler okumasının cevabı beklenen biçimde değil');
  const out = new Int32Array(days.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = days.readInt32BE(4 * i);
  return out;
}
