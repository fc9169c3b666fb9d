import { eq, sql } from 'drizzle-orm';
import { equalsAnyText } from '../raw-sql.ts';
import { selectArrays, tableRowDecoder } from '../select-arrays.ts';
import type { Executor } from '../client.ts';
import { fxRates, marketSeries, type MarketSeriesRow } from '../schema/index.ts';
import { readSeriesColumns, readSeriesValues, type PriceBasis } from '../readers/series-values.ts';
import { CALENDAR_START_MARK } from '../readers/calendar-start-statement.ts';
import { FX_RATES_MARK, markedSelect, REFERENCE_READ_MARK } from '../readers/market-reads.ts';
import { isoOfDay } from '../readers/series-columns-statement.ts';

/** A window's series descriptions, decoded as drizzle would (decision 0108). */
const SERIES_ROW = tableRowDecoder(marketSeries);

/** One market series over the window's dates (NaN where the series has no value). */
export interface SeriesWindow {
  readonly ticker: string;
  readonly kind: string;
  readonly currency: string;
  readonly tenorDays: number | null;
  readonly values: Float64Array;
}

/** Market data on one calendar: the dates on which any of the requested series has a value. */
export interface MarketWindow {
  readonly dates: readonly string[];
  readonly series: Map<string, SeriesWindow>;
  /** Currency -> TRY per unit on `dates` (NaN where no rate). */
  readonly fx: Map<string, Float64Array>;
}

/**
 * Values of `tickers` with from <= date <= to (either bound open), by ticker then date, on the
 * price basis asked for (raw closes, or adjusted / total return for series with corporate
 * actions; docs/decisions/0017-corporate-actions.md).
 */
export async function readMarketValues(
  ex: Executor,
  tickers: readonly string[],
  from: string | undefined,
  to: string | undefined,
  basis: PriceBasis = 'raw',
): Promise<{ ticker: string; date: string; value: number }[]> {
  return readSeriesValues(ex, { tickers, from, to, basis });
}

/**
 * FX rates in TRY per unit on from..to, one per currency and date: forex buying, else forex
 * selling, else banknote buying (the one rule every analysis uses). `currencies` narrows them.
 * A market read (`MARKET_READ_MARK`): fx_rates' writes are noted with the market values' (migration
 * 0022), so the worker answers a night's runs' FX reads of one window from its cache (decision
 * 0096). The rates as PostgreSQL writes the numeric, then read as numbers, as before.
 */
export async function readFxRates(
  ex: Executor,
  from: string,
  to: string,
  currencies?: readonly string[],
): Promise<{ currency: string; date: string; rate: number }[]> {
  if (currencies?.length === 0) return [];
  const only =
    currencies === undefined ? sql`` : sql`AND ${equalsAnyText(fxRates.currency, currencies)}`;
  const result = await ex.execute<{ currency: string; date: string; rate: string | null }>(
    sql`${sql.raw(FX_RATES_MARK)}
    SELECT currency, to_char(date, 'YYYY-MM-DD') AS date,
      coalesce(forex_buying, forex_selling, banknote_buying)::text AS rate
    FROM fx_rates WHERE date >= ${from} AND date <= ${to} ${only}`,
  );
  return result.rows.flatMap((r) =>
    r.rate === null ? [] : [{ currency: r.currency, date: r.date, rate: Number(r.rate) }],
  );
}

/**
 * Tickers of every yield-curve point series (the analyses price rate risk on the curve). A
 * reference read (decision 0115).
 */
export async function curvePointTickers(ex: Executor): Promise<string[]> {
  return selectArrays(
    ex,
    markedSelect(
      REFERENCE_READ_MARK,
      ex
        .select({ t: marketSeries.ticker })
        .from(marketSeries)
        .where(eq(marketSeries.kind, 'curvePoint')),
    ),
    (row) => row[0] as string,
  );
}

/**
 * A return series (kind `return`: daily returns in percent, as a fund or index publishes them)
 * chained into an index, 100 on its first value: (1 + r/100) compounded, NaN kept where no
 * return. Every reader that treats a series as levels (prices, index values) reads a return
 * series through this, so a ticker mapped to a return series moves by its returns, never by the
 * return figures taken as prices.
 */
export function chainPercentReturns(returns: ArrayLike<number>): Float64Array {
  const out = new Float64Array(returns.length).fill(Number.NaN);
  let level: number | null = null;
  for (let i = 0; i < returns.length; i++) {
    const r = returns[i]!;
    if (Number.isNaN(r)) continue;
    level = level === null ? 100 : level * (1 + r / 100);
    out[i] = level;
  }
  return out;
}

/** Kind of the series that holds daily returns in percent (contracts MarketSeriesKind.Return). */
export const RETURN_SERIES_KIND = 'return';

/**
 * One series' values in [from, to] (inclusive) on `basis`, ascending by date: the packed read of
 * decision 0074 (one row to send and record, not one per day), the same doubles and dates as
 * reading `market_values` row by row (decision 0076).
 */
export async function readSeriesHistory(
  ex: Executor,
  ticker: string,
  from: string,
  to: string,
  basis: PriceBasis = 'raw',
): Promise<{ dates: string[]; values: number[] }> {
  const [column] = await readSeriesColumns(ex, { tickers: [ticker], from, to, basis });
  if (column === undefined) return { dates: [], values: [] };
  return { dates: Array.from(column.days, isoOfDay), values: Array.from(column.values) };
}

/**
 * Market data of `tickers` and every FX rate on the calendar of the dates on which any of the
 * tickers has a value, from `lookback` such dates before `from` through `to`.
 */
export async function readMarketWindow(
  ex: Executor,
  tickers: readonly string[],
  from: string,
  to: string,
  lookback: number,
  basis: PriceBasis = 'raw',
): Promise<MarketWindow> {
  const list = [...tickers];
  const start = list.length ? ((await calendarStart(ex, list, from, lookback)) ?? from) : from;
  // The series' descriptions: a reference read (decision 0115).
  const meta = list.length
    ? await selectArrays(
        ex,
        markedSelect(
          REFERENCE_READ_MARK,
          ex.select().from(marketSeries).where(equalsAnyText(marketSeries.ticker, list)),
        ),
        SERIES_ROW,
      )
    : [];
  const columns = await readSeriesColumns(ex, { tickers: list, from: start, to, basis });
  // The calendar: every day on which a series has a value, ascending. Day numbers are small
  // integers (days since 2000), so the days are marked in an array over their range and each
  // day's place is read back from it: no set, no sort, no map, for a fund's ~200 series × 250 to
  // 1,261 days in every run of a night, on the worker's main thread.
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const c of columns) {
    if (c.days.length === 0) continue;
    first = Math.min(first, c.days[0]!);
    last = Math.max(last, c.days[c.days.length - 1]!);
  }
  // 0: no series has a value that day; else the day's place in the calendar plus one.
  const place = new Int32Array(Math.max(0, last - first + 1));
  for (const c of columns) for (let k = 0; k < c.days.length; k++) place[c.days[k]! - first] = 1;
  const days: number[] = [];
  for (let d = 0; d < place.length; d++) {
    if (place[d] === 0) continue;
    days.push(first + d);
    place[d] = days.length;
  }
  return assembleMarketWindow(ex, meta, days.map(isoOfDay), start, to, (series) => {
    for (const c of columns) {
      const target = series.get(c.ticker);
      if (!target) continue;
      for (let k = 0; k < c.days.length; k++)
        target.values[place[c.days[k]! - first]! - 1] = c.values[k]!;
    }
  });
}

/**
 * The window on `dates` (ascending): the series of `meta`, NaN until `place` sets their values,
 * return series chained into levels, and the FX rates of start..to on those dates.
 */
export async function assembleMarketWindow(
  ex: Executor,
  meta: readonly MarketSeriesRow[],
  dates: readonly string[],
  start: string,
  to: string,
  place: (series: ReadonlyMap<string, SeriesWindow>) => void,
): Promise<MarketWindow> {
  const series = new Map<string, SeriesWindow>(
    meta.map((m) => [
      m.ticker,
      {
        ticker: m.ticker,
        kind: m.kind,
        currency: m.currency,
        tenorDays: m.tenorDays,
        values: new Float64Array(dates.length).fill(Number.NaN),
      },
    ]),
  );
  place(series);
  // Return series are read as levels: chained into an index over the window (its first return,
  // from the day before the window, is not needed: only ratios of levels are used).
  for (const s of series.values())
    if (s.kind === RETURN_SERIES_KIND) s.values.set(chainPercentReturns(s.values));
  const index = new Map(dates.map((d, i) => [d, i]));
  const fx = new Map<string, Float64Array>();
  for (const r of await readFxRates(ex, start, to)) {
    const i = index.get(r.date);
    if (i === undefined) continue;
    let line = fx.get(r.currency);
    if (!line) {
      line = new Float64Array(dates.length).fill(Number.NaN);
      fx.set(r.currency, line);
    }
    line[i] = r.rate;
  }
  return { dates, series, fx };
}

/**
 * The first date of the window: the `lookback`-th date before `from` (counting `from`'s own as
 * 0) among the dates on which any of `tickers` has a value; null when they have none on or
 * before `from`. The distinct dates are taken from each ticker's last lookback + 1 dates (an
 * index walk per ticker): any of the last lookback + 1 dates of the union is among the last
 * lookback + 1 of a ticker that has it, so the answer is the union's own (decision 0074). The
 * worker may answer it from packed rows it holds (calendar-start-statement.ts, decision 0081).
 */
async function calendarStart(
  ex: Executor,
  tickers: readonly string[],
  from: string,
  lookback: number,
): Promise<string | null> {
  const keep = lookback + 1;
  const result = await ex.execute<{ start: string | null }>(sql`${sql.raw(CALENDAR_START_MARK)}
    SELECT to_char(min(w.date), 'YYYY-MM-DD') AS start FROM (
      SELECT DISTINCT last.date FROM unnest(${sql.param([...tickers])}::text[]) AS t(ticker)
      CROSS JOIN LATERAL (
        SELECT v.date FROM market_values v WHERE v.ticker = t.ticker AND v.date <= ${from}
        ORDER BY v.date DESC LIMIT ${keep}
      ) last
      ORDER BY last.date DESC LIMIT ${keep}
    ) w`);
  return result.rows[0]?.start ?? null;
}
