import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

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
  const value =
    basis === 'raw'
      ? sql`v.value`
      : basis === 'adjusted'
        ? sql`coalesce(d.adjusted, v.value)`
        : sql`coalesce(d.total_return, v.value)`;
  const result = await ex.execute<{ ticker: string; date: string; value: number }>(sql`
    SELECT v.ticker, to_char(v.date, 'YYYY-MM-DD') AS date, ${value} AS value
    FROM market_values v
    ${basis === 'raw' ? sql`` : sql`LEFT JOIN market_values_derived d ON d.ticker = v.ticker AND d.date = v.date`}
    WHERE v.ticker = ANY(${sql.param([...tickers])}::text[]) AND v.date >= ${from} AND v.date <= ${to}
    ORDER BY v.ticker, v.date`);
  return result.rows;
}
