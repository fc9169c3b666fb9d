import {
  marketSeries,
  readMarketValues,
  seriesCoverage,
  sql,
  type Executor,
  type MarketSeriesRow,
} from '@fonrisk/db';
import type {
  MarketSeriesKind,
  SeriesDetail,
  SeriesSource,
  SeriesSummary,
} from '@fonrisk/contracts';
import { containsPattern, foldSql } from '../instruments/instruments.repository.ts';

/** Series with their first and last date and number of values, filtered and capped. */
export async function listSeries(
  ex: Executor,
  filter: {
    q?: string | undefined;
    kind?: string | undefined;
    tickers?: readonly string[];
    limit?: number;
    includeRetired?: boolean;
  },
): Promise<SeriesSummary[]> {
  const where = [sql`true`];
  if (filter.kind) where.push(sql`s.kind = ${filter.kind}`);
  if (filter.tickers)
    where.push(filter.tickers.length ? sql`s.ticker IN ${filter.tickers}` : sql`false`);
  if (filter.q) {
    const p = containsPattern(filter.q);
    where.push(sql`(${foldSql(sql`s.ticker`)} LIKE ${p} OR ${foldSql(sql`s.name`)} LIKE ${p})`);
  }
  if (filter.includeRetired !== true && !filter.tickers) where.push(sql`s.retired_at IS NULL`);
  const result = await ex.execute(sql`
    SELECT s.ticker, s.name, s.kind, s.currency, s.tenor_days, s.unit, s.source, s.instrument_code,
      s.retired_at IS NOT NULL AS retired, c.first_date, c.last_date, c.n
    FROM market_series s
    -- Coverage from market_value_days (decision 0123), not by counting the values.
    LEFT JOIN LATERAL (${seriesCoverage(sql`s.ticker`)}) c ON true
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY s.ticker ${filter.limit ? sql`LIMIT ${filter.limit}` : sql``}`);
  return result.rows.map((r) => ({
    ticker: String(r.ticker),
    name: String(r.name),
    kind: r.kind as MarketSeriesKind,
    currency: String(r.currency),
    tenorDays: r.tenor_days === null ? null : Number(r.tenor_days),
    unit: (r.unit as string | null) ?? null,
    source: String(r.source),
    instrumentCode: (r.instrument_code as string | null) ?? null,
    retired: Boolean(r.retired),
    firstDate: (r.first_date as string | null) ?? null,
    lastDate: (r.last_date as string | null) ?? null,
    count: Number(r.n),
  }));
}

export function toSeriesDetail(row: MarketSeriesRow): SeriesDetail {
  return {
    ticker: row.ticker,
    name: row.name,
    kind: row.kind as MarketSeriesKind,
    currency: row.currency,
    unit: row.unit,
    source: row.source as SeriesSource,
    instrumentCode: row.instrumentCode,
    tenorDays: row.tenorDays,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

export async function seriesRows(
  ex: Executor,
  tickers: readonly string[],
): Promise<MarketSeriesRow[]> {
  if (tickers.length === 0) return [];
  return ex
    .select()
    .from(marketSeries)
    .where(sql`${marketSeries.ticker} = ANY(${sql.param([...tickers])}::text[])`);
}

export async function seriesValues(
  ex: Executor,
  ticker: string,
  from: string | undefined,
  to: string | undefined,
): Promise<{ date: string; value: number }[]> {
  const rows = await readMarketValues(ex, [ticker], from, to);
  return rows.map((r) => ({ date: r.date, value: r.value }));
}
