import { readMarketValues, sql, type Executor } from '@fonrisk/db';
import type { MarketSeriesKind, SeriesSummary } from '@fonrisk/contracts';
import { containsPattern, foldSql } from '../instruments/instruments.repository.ts';

/** Series with their first and last date and number of values, filtered and capped. */
export async function listSeries(
  ex: Executor,
  filter: {
    q?: string | undefined;
    kind?: string | undefined;
    tickers?: readonly string[];
    limit?: number;
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
  const result = await ex.execute(sql`
    SELECT s.ticker, s.name, s.kind, s.currency, s.tenor_days,
      (SELECT to_char(min(date), 'YYYY-MM-DD') FROM market_values v WHERE v.ticker = s.ticker) AS first_date,
      (SELECT to_char(max(date), 'YYYY-MM-DD') FROM market_values v WHERE v.ticker = s.ticker) AS last_date,
      (SELECT count(*) FROM market_values v WHERE v.ticker = s.ticker) AS n
    FROM market_series s WHERE ${sql.join(where, sql` AND `)}
    ORDER BY s.ticker ${filter.limit ? sql`LIMIT ${filter.limit}` : sql``}`);
  return result.rows.map((r) => ({
    ticker: String(r.ticker),
    name: String(r.name),
    kind: r.kind as MarketSeriesKind,
    currency: String(r.currency),
    tenorDays: r.tenor_days === null ? null : Number(r.tenor_days),
    firstDate: (r.first_date as string | null) ?? null,
    lastDate: (r.last_date as string | null) ?? null,
    count: Number(r.n),
  }));
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
