import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { fxRates, marketSeries, marketValues } from '../schema/index.ts';
import { readSeriesValues, type PriceBasis } from '../readers/series-values.ts';

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
 */
export async function readFxRates(
  ex: Executor,
  from: string,
  to: string,
  currencies?: readonly string[],
): Promise<{ currency: string; date: string; rate: number }[]> {
  if (currencies?.length === 0) return [];
  // numeric columns arrive from the driver as text.
  const rate = sql<
    string | null
  >`coalesce(${fxRates.forexBuying}, ${fxRates.forexSelling}, ${fxRates.banknoteBuying})`;
  const rows = await ex
    .select({ currency: fxRates.currency, date: fxRates.date, rate })
    .from(fxRates)
    .where(
      and(
        gte(fxRates.date, from),
        lte(fxRates.date, to),
        currencies === undefined ? undefined : inArray(fxRates.currency, [...currencies]),
      ),
    );
  return rows.flatMap((r) => (r.rate === null ? [] : [{ ...r, rate: Number(r.rate) }]));
}

/** Tickers of every yield-curve point series (the analyses price rate risk on the curve). */
export async function curvePointTickers(ex: Executor): Promise<string[]> {
  const rows = await ex
    .select({ t: marketSeries.ticker })
    .from(marketSeries)
    .where(eq(marketSeries.kind, 'curvePoint'));
  return rows.map((r) => r.t);
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
  const before = list.length
    ? await ex
        .selectDistinct({ date: marketValues.date })
        .from(marketValues)
        .where(and(inArray(marketValues.ticker, list), lte(marketValues.date, from)))
        .orderBy(desc(marketValues.date))
        .limit(lookback + 1)
    : [];
  const start = before.at(-1)?.date ?? from;
  const meta = list.length
    ? await ex.select().from(marketSeries).where(inArray(marketSeries.ticker, list))
    : [];
  const values = await readMarketValues(ex, list, start, to, basis);
  const dates = [...new Set(values.map((v) => v.date))].sort();
  const index = new Map(dates.map((d, i) => [d, i]));
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
  for (const v of values) {
    const target = series.get(v.ticker);
    const i = index.get(v.date);
    if (target && i !== undefined) target.values[i] = v.value;
  }
  // Return series are read as levels: chained into an index over the window (its first return,
  // from the day before the window, is not needed: only ratios of levels are used).
  for (const s of series.values())
    if (s.kind === RETURN_SERIES_KIND) s.values.set(chainPercentReturns(s.values));
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
