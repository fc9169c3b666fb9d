import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { SERIES_COLUMNS_MARK } from './series-columns-statement.ts';

/**
 * Which values of a price series an analysis reads (docs/decisions/0017-corporate-actions.md):
 * - `raw`: the closes as stored;
 * - `adjusted`: backward-adjusted for splits, bonus and rights issues (VaR, backtests);
 * - `totalReturn`: adjusted and with cash dividends reinvested (risk value, performance).
 * Series without corporate actions read the same values under every basis. The contracts
 * `PriceBasisSchema` spells the same three names.
 */
export const PRICE_BASES = ['raw', 'adjusted', 'totalReturn'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

export interface SeriesPoint {
  readonly ticker: string;
  readonly date: string;
  readonly value: number;
}

/**
 * Daily values of `tickers` from `from` through `to` (both optional, inclusive) on the chosen
 * basis, ordered by ticker and date. The one reader later modules call for market values.
 */
export async function readSeriesValues(
  ex: Executor,
  options: {
    readonly tickers: readonly string[];
    readonly from?: string | undefined;
    readonly to?: string | undefined;
    readonly basis: PriceBasis;
  },
): Promise<SeriesPoint[]> {
  const { tickers, basis } = options;
  if (tickers.length === 0) return [];
  const from = options.from ?? '0001-01-01';
  const to = options.to ?? '9999-12-31';
  const result = await ex.execute<{ ticker: string; date: string; value: number }>(sql`
    SELECT v.ticker, to_char(v.date, 'YYYY-MM-DD') AS date, ${valueOn(basis)} AS value
    ${valuesOn(basis, tickers, from, to)}
    ORDER BY v.ticker, v.date`);
  return result.rows;
}

/** The value on `basis` of a row `v` of market_values (`d`: its derived values). */
function valueOn(basis: PriceBasis): SQL {
  return basis === 'raw'
    ? sql`v.value`
    : basis === 'adjusted'
      ? sql`coalesce(d.adjusted, v.value)`
      : sql`coalesce(d.total_return, v.value)`;
}

/** FROM and WHERE of the values of `tickers` in [from, to] on `basis`. */
function valuesOn(basis: PriceBasis, tickers: readonly string[], from: string, to: string): SQL {
  return valuesIn(basis, sql`v.ticker = ANY(${sql.param([...tickers])}::text[])`, from, to);
}

/** FROM and WHERE of the values in [from, to] on `basis` of the tickers that `which` selects. */
function valuesIn(basis: PriceBasis, which: SQL, from: string, to: string): SQL {
  return sql`FROM market_values v
    ${basis === 'raw' ? sql`` : sql`LEFT JOIN market_values_derived d ON d.ticker = v.ticker AND d.date = v.date`}
    WHERE ${which} AND v.date >= ${from} AND v.date <= ${to}`;
}

/** One series' values, ascending by date: days since SERIES_DAY_ZERO and the values on those days. */
export interface SeriesColumn {
  readonly ticker: string;
  readonly days: Int32Array;
  readonly values: Float64Array;
}

/**
 * The same values as readSeriesValues, packed: one row per ticker holding its days and values as
 * the database's own binary forms (int4send, float8send: big-endian, every bit of the double
 * kept), so that a window of 200 series × 250 days is 200 rows to send, decode and record instead
 * of 50,000 (decision 0074). Tickers without values are absent; ordered by ticker in the C
 * collation (byte order), so that the worker can compose the answer from other reads of the same
 * tickers (series-columns-statement.ts, decision 0081). Each distinct ticker's rows are aggregated
 * on their own (a lateral subquery): a range of the primary key (ticker, date), read in date order
 * as the aggregate wants them. Grouping all the tickers' rows at once let the planner scan them in
 * storage order and sort the whole window, on disk past work_mem (decision 0109).
 */
export async function readSeriesColumns(
  ex: Executor,
  options: {
    readonly tickers: readonly string[];
    readonly from: string;
    readonly to: string;
    readonly basis: PriceBasis;
  },
): Promise<SeriesColumn[]> {
  const { tickers, from, to, basis } = options;
  if (tickers.length === 0) return [];
  const result = await ex.execute<{
    ticker: string;
    days: Buffer;
    vals: Buffer;
  }>(sql`${sql.raw(SERIES_COLUMNS_MARK)}
    SELECT t.ticker, s.days, s.vals
    FROM (SELECT DISTINCT unnest(${sql.param([...tickers])}::text[]) AS ticker) t
    CROSS JOIN LATERAL (
      SELECT string_agg(int4send(v.date - DATE '2000-01-01'), ''::bytea ORDER BY v.date) AS days,
        string_agg(float8send(${valueOn(basis)}), ''::bytea ORDER BY v.date) AS vals
      ${valuesIn(basis, sql`v.ticker = t.ticker`, from, to)}
    ) s
    WHERE s.days IS NOT NULL
    ORDER BY t.ticker COLLATE "C"`);
  return result.rows.map((r) => {
    const n = r.days.length / 4;
    const days = new Int32Array(n);
    const values = new Float64Array(n);
    // Big-endian through DataViews: the same bits as Buffer's readInt32BE / readDoubleBE, about
    // four times faster (the night decodes millions of values a batch on the worker's main thread).
    const dayBytes = new DataView(r.days.buffer, r.days.byteOffset, r.days.byteLength);
    const valueBytes = new DataView(r.vals.buffer, r.vals.byteOffset, r.vals.byteLength);
    for (let i = 0; i < n; i++) {
      days[i] = dayBytes.getInt32(i * 4);
      values[i] = valueBytes.getFloat64(i * 8);
    }
    return { ticker: r.ticker, days, values };
  });
}
