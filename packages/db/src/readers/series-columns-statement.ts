// The packed series read (readSeriesColumns, decision 0074) as the worker's per-series cache sees
// it (decision 0081). Its statement reads one row per ticker (the ticker, its days and values as
// bytes) with a WHERE on the tickers and the dates only, ordered by ticker in the C collation. So
// its answer for tickers T over [from, to] is, exactly, the rows of each ticker of T read on its
// own, restricted to the days in [from, to], in byte order of the tickers: the worker may compose
// it from the rows it read for other funds' windows. This file is the one place that knows how
// the statement's values and rows are laid out.
import { MARKET_READ_MARK } from './market-reads.ts';

/** The first words of readSeriesColumns' statement (it is a market read: MARKET_READ_MARK first). */
export const SERIES_COLUMNS_MARK = `${MARKET_READ_MARK} /* series columns */`;

/** What a packed series read asks for: its tickers and its window (ISO dates, inclusive). */
export interface SeriesColumnsRequest {
  readonly tickers: readonly string[];
  readonly from: string;
  readonly to: string;
}

/** One row of its answer as the driver gives it: int4 day numbers and float8 values, big-endian. */
export interface SeriesColumnsRow {
  readonly ticker: string;
  readonly days: Buffer;
  readonly vals: Buffer;
}

/** An ISO date as the statements' values carry it. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Day 0 of the days' numbers (the SQL of readSeriesColumns spells the same date). */
export const SERIES_DAY_ZERO = '2000-01-01';
const DAY_ZERO_MS = Date.parse(`${SERIES_DAY_ZERO}T00:00:00Z`);

/** ISO dates of day numbers already asked for (a window's days are asked for by every run). */
const isoOfDays: string[] = [];
const KEPT_DAYS = 50_000;

/** The ISO date of a day number (days since SERIES_DAY_ZERO), as the rows' days count them. */
export function isoOfDay(day: number): string {
  const iso = () => new Date(DAY_ZERO_MS + day * 86_400_000).toISOString().slice(0, 10);
  if (!Number.isInteger(day) || day < 0 || day >= KEPT_DAYS) return iso();
  return (isoOfDays[day] ??= iso());
}

/** The day number of an ISO date (days since SERIES_DAY_ZERO). */
export function seriesDayOf(iso: string): number {
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - DAY_ZERO_MS) / 86_400_000);
}

/**
 * The values of the statement for `request`, in the order its SQL sends them (the tickers as a
 * text array, then from and to).
 */
export function seriesColumnsValues(request: SeriesColumnsRequest): unknown[] {
  return [[...request.tickers], request.from, request.to];
}

/** What a statement with these values asks for; null for values of another shape. */
export function seriesColumnsRequest(values: readonly unknown[]): SeriesColumnsRequest | null {
  if (values.length !== 3) return null;
  const [tickers, from, to] = values;
  if (!Array.isArray(tickers) || !tickers.every((t) => typeof t === 'string')) return null;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return null;
  return { tickers, from, to };
}

/** Whether a driver row has the answer's shape (ticker text, days and values as bytes). */
export function isSeriesColumnsRow(row: unknown): row is SeriesColumnsRow {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  return (
    typeof r.ticker === 'string' &&
    Buffer.isBuffer(r.days) &&
    Buffer.isBuffer(r.vals) &&
    r.days.length % 4 === 0 &&
    r.vals.length === 2 * r.days.length
  );
}

/** The order of the answer's rows: ORDER BY ticker COLLATE "C", i.e. by the UTF-8 bytes. */
export function compareTickers(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The first index of `days` (ascending int4 big-endian) whose day is at least `day`. */
export function firstAtLeast(days: Buffer, day: number): number {
  let lo = 0;
  let hi = days.length / 4;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days.readInt32BE(mid * 4) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The row the statement would answer for the row's ticker over [from, to], given its row over a
 * window that contains [from, to]: its days in [from, to] (the same bytes); null when it has none
 * there (the statement then answers no row for the ticker).
 */
export function sliceSeriesColumnsRow(
  row: SeriesColumnsRow,
  from: string,
  to: string,
): SeriesColumnsRow | null {
  const start = firstAtLeast(row.days, seriesDayOf(from));
  const end = firstAtLeast(row.days, seriesDayOf(to) + 1);
  if (end <= start) return null;
  if (start === 0 && end === row.days.length / 4) return row;
  return {
    ticker: row.ticker,
    days: row.days.subarray(4 * start, 4 * end),
    vals: row.vals.subarray(8 * start, 8 * end),
  };
}

/**
 * Whether the row holds at least `keep` of its days on or before `from` (given a row over a
 * window reaching `from`: then latestDaysOnOrBefore is not null for it).
 */
export function holdsDaysUpTo(row: SeriesColumnsRow, from: string, keep: number): boolean {
  return firstAtLeast(row.days, seriesDayOf(from) + 1) >= keep;
}

/**
 * The latest `keep` days of the row on or before `from`, given the row over a window [f, t] with
 * t on or after `from` (so that it holds every day of the ticker from f through `from`); null
 * when it holds fewer (the ticker's earlier days, before f, are not in it).
 */
export function latestDaysOnOrBefore(
  row: SeriesColumnsRow,
  from: string,
  keep: number,
): Int32Array | null {
  const end = firstAtLeast(row.days, seriesDayOf(from) + 1);
  if (end < keep) return null;
  const out = new Int32Array(keep);
  for (let i = 0; i < keep; i++) out[i] = row.days.readInt32BE(4 * (end - keep + i));
  return out;
}
