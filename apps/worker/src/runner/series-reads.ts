// Packed series reads answered series by series (decision 0081). A night's funds hold the same
// series in different mixes (each series is held by several funds), so the whole-statement cache
// of decision 0078 misses a fund's read even when every one of its series was read for earlier
// funds. The statement's answer composes (series-columns-statement.ts in @fonrisk/db): each
// ticker's row over a window is its row over any wider window, sliced, and the rows come in the
// byte order of the tickers. So a read sends only the tickers that no earlier read of the same
// market-data version covers, and its answer is composed from the kept rows and the new ones:
// the rows the database would have answered, recorded as if it had.
import {
  calendarStartOf,
  calendarStartOfRows,
  compareTickers,
  holdsDaysUpTo,
  isSeriesColumnsRow,
  latestDaysOfAnswer,
  latestDaysOnOrBefore,
  latestDaysStatement,
  seriesColumnsValues,
  sliceSeriesColumnsRow,
  type CalendarStartRequest,
  type SeriesColumnsRequest,
  type SeriesColumnsRow,
} from '@fonrisk/db';
import { addMonths, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import type { MarketReadCache } from './market-read-cache.ts';

/**
 * The cache key of a ticker's kept row for a series statement text (by its short name,
 * `textName`) and market-data version.
 */
function seriesKey(version: string, textName: string, ticker: string): string {
  return `${version}\u0000series\u0000${textName}\u0000${ticker}`;
}

/** The short name of a series statement text in the cache's keys, given on its first read. */
function textName(cache: MarketReadCache, text: string): string {
  let name = cache.seriesTexts.get(text);
  if (name === undefined) {
    name = `s${String(cache.seriesTexts.size)}`;
    cache.seriesTexts.set(text, name);
  }
  return name;
}

/**
 * The name of a ticker's recorded row over [from, to] read by a series statement text (by its
 * short name in `cache`) at a market-data version: what the row holds, whichever run read it and
 * however (decision 0091).
 */
export function seriesRowKey(
  cache: MarketReadCache,
  version: string,
  text: string,
  ticker: string,
  window: { readonly from: string; readonly to: string },
): string {
  return `${version}\u0000series-row\u0000${textName(cache, text)}\u0000${ticker}\u0000${window.from}\u0000${window.to}`;
}

/** The answer of a composed read, as the driver's would be, and how it was formed. */
export interface ComposedSeriesRead {
  readonly rows: SeriesColumnsRow[];
  readonly rowCount: number;
  readonly command: 'SELECT';
  /** Tickers answered from the cache, and sent to the database. */
  readonly kept: number;
  readonly sent: number;
}

/**
 * How far back a missing ticker's read may reach before the request's last date: the longest
 * window of a night's analyses, the risk value's five years of the current allocation (1,306
 * business days), with room. A longer read keeps its own window and widens later ones by six
 * years only.
 */
const WIDEST_YEARS = 6;

/** About how many bytes a kept row holds (its two byte strings and its ticker). */
function rowBytes(row: SeriesColumnsRow | null): number {
  return 64 + (row ? row.days.length + row.vals.length + 2 * row.ticker.length : 0);
}

/**
 * The answer of the packed series read `request` (statement text `text`, market-data version
 * `version`): the kept rows of its tickers whose kept window contains the request's, and the rows
 * of the others read by `send` (the same statement with only those tickers, from the earliest
 * date the reads of the statement up to the same date asked for, six years at most, to the
 * request's last), which are then kept. Tickers asked twice are answered once, as the database
 * does.
 * @throws what `send` throws, or when its answer is not the statement's (nothing is kept then).
 */
export async function composeSeriesRead(
  cache: MarketReadCache,
  version: string,
  text: string,
  request: SeriesColumnsRequest,
  send: (values: unknown[]) => Promise<{ readonly rows: readonly unknown[] }>,
): Promise<ComposedSeriesRead> {
  const name = textName(cache, text);
  const keyOf = (ticker: string) => seriesKey(version, name, ticker);
  const tickers = [...new Set(request.tickers)].sort(compareTickers);
  const answered = new Map<string, SeriesColumnsRow | null>();
  const missing: string[] = [];
  for (const ticker of tickers) {
    const entry = cache.getSeries(keyOf(ticker));
    if (entry && entry.from <= request.from && request.to <= entry.to)
      answered.set(ticker, entry.row && sliceSeriesColumnsRow(entry.row, request.from, request.to));
    else missing.push(ticker);
  }
  // A ticker not kept is read from the earliest date any read of this statement asked for: the
  // night's analyses of one fund ask for windows of different lengths up to the same date (VaR
  // about 501 dates, its backtest about 751, the risk value 1,306), so the fund's first run
  // reads its new tickers once for all of them instead of once per length (decision 0102).
  // Only reads up to the same date count, and none reaches back more than WIDEST_YEARS.
  const reach = `${name}\u0000${request.to}`;
  const earliest = cache.seriesFrom.get(reach);
  if (earliest === undefined || request.from < earliest) cache.seriesFrom.set(reach, request.from);
  const floor = formatIsoDate(addMonths(parseIsoDate(request.to), -12 * WIDEST_YEARS));
  let from = request.from;
  if (earliest !== undefined && earliest < from) from = earliest < floor ? floor : earliest;
  if (from > request.from) from = request.from;
  if (missing.length > 0) {
    const answer = await send(seriesColumnsValues({ ...request, from, tickers: missing }));
    const asked = new Set(missing);
    const read = new Map<string, SeriesColumnsRow>();
    for (const row of answer.rows) {
      if (!isSeriesColumnsRow(row) || !asked.has(row.ticker) || read.has(row.ticker))
        throw new Error('paketli seri okumasının cevabı beklenen biçimde değil');
      read.set(row.ticker, row);
    }
    for (const ticker of missing) {
      const row = read.get(ticker) ?? null;
      answered.set(ticker, row && sliceSeriesColumnsRow(row, request.from, request.to));
      cache.setSeries(keyOf(ticker), { from, to: request.to, row }, rowBytes(row));
    }
  }
  const rows = tickers.flatMap((ticker) => answered.get(ticker) ?? []);
  return {
    rows,
    rowCount: rows.length,
    command: 'SELECT',
    kept: tickers.length - missing.length,
    sent: missing.length,
  };
}

/**
 * The row kept for a ticker that holds its latest `keep` days on or before the request's date (a
 * row over a window reaching the date, with at least `keep` days up to it), or null.
 */
function keptRow(
  cache: MarketReadCache,
  version: string,
  request: CalendarStartRequest,
  ticker: string,
): SeriesColumnsRow | null {
  for (const name of cache.seriesTexts.values()) {
    const entry = cache.getSeries(seriesKey(version, name, ticker));
    if (
      entry?.row &&
      entry.to >= request.from &&
      holdsDaysUpTo(entry.row, request.from, request.keep)
    )
      return entry.row;
  }
  return null;
}

/**
 * The answer row of the window's first-date statement `request` formed from the rows kept for
 * its tickers (any price basis: the days are the same), or null when a ticker has no kept row
 * reaching the date with at least `keep` of its days up to it.
 */
export function composeCalendarStart(
  cache: MarketReadCache,
  version: string,
  request: CalendarStartRequest,
): { start: string | null } | null {
  const rows: SeriesColumnsRow[] = [];
  for (const ticker of new Set(request.tickers)) {
    const row = keptRow(cache, version, request, ticker);
    if (!row) return null;
    rows.push(row);
  }
  return calendarStartOfRows(rows, request.from, request.keep);
}

/** The answer of a first-date statement as the driver's would be. */
export interface ComposedCalendarStart {
  readonly rows: [{ start: string | null }];
  readonly rowCount: 1;
  readonly command: 'SELECT';
}

/**
 * The answer of the first-date statement `request` when some of its tickers have no kept row
 * that answers for them (decision 0094): their latest days read by `send` (the latest-days
 * statement, for those tickers only: a first fund's read walks every ticker's last `keep` dates,
 * a later fund's only those no earlier read kept), merged with the kept tickers' own.
 * @throws what `send` throws, or when its answer is not the statement's.
 */
export async function composeCalendarStartRead(
  cache: MarketReadCache,
  version: string,
  request: CalendarStartRequest,
  send: (statement: {
    text: string;
    values: unknown[];
  }) => Promise<{ readonly rows: readonly unknown[] }>,
): Promise<ComposedCalendarStart> {
  const latest: Int32Array[] = [];
  const missing: string[] = [];
  for (const ticker of new Set(request.tickers)) {
    const row = keptRow(cache, version, request, ticker);
    if (row) latest.push(latestDaysOnOrBefore(row, request.from, request.keep)!);
    else missing.push(ticker);
  }
  if (missing.length > 0) {
    const answer = await send(latestDaysStatement({ ...request, tickers: missing }));
    latest.push(latestDaysOfAnswer(answer.rows));
  }
  return { rows: [calendarStartOf(latest, request.keep)], rowCount: 1, command: 'SELECT' };
}
