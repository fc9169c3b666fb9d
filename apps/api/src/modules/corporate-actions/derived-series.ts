import { sql, type Executor } from '@fonrisk/db';
import { deriveAdjustedSeries, type CorporateAction } from '@fonrisk/risk';

/**
 * Keeps market_values_derived current (docs/decisions/0017-corporate-actions.md). The price
 * series of an instrument are those whose `instrument_code` names it and those a direct ticker
 * mapping ties to it. Call inside the transaction that changed the actions or the raw values.
 */

/** Price series of the instruments: ticker → instrument code. */
export async function priceSeriesOf(
  ex: Executor,
  instrumentCodes: readonly string[],
): Promise<Map<string, string>> {
  if (instrumentCodes.length === 0) return new Map();
  const codes = sql.param([...instrumentCodes]);
  const result = await ex.execute<{ ticker: string; code: string }>(sql`
    SELECT ticker, instrument_code AS code FROM market_series
      WHERE instrument_code = ANY(${codes}::text[]) AND kind = 'price'
    UNION
    SELECT m.series_ticker, m.instrument_code FROM ticker_mappings m
      JOIN market_series s ON s.ticker = m.series_ticker AND s.kind = 'price'
      WHERE m.instrument_code = ANY(${codes}::text[]) AND m.mapping_kind = 'direct'`);
  return new Map(result.rows.map((r) => [r.ticker, r.code]));
}

/** The instrument each of the tickers prices (only tickers that price one). */
async function instrumentsOf(ex: Executor, tickers: readonly string[]) {
  const list = sql.param([...tickers]);
  const result = await ex.execute<{ ticker: string; code: string }>(sql`
    SELECT ticker, instrument_code AS code FROM market_series
      WHERE ticker = ANY(${list}::text[]) AND instrument_code IS NOT NULL AND kind = 'price'
    UNION
    SELECT m.series_ticker, m.instrument_code FROM ticker_mappings m
      JOIN market_series s ON s.ticker = m.series_ticker AND s.kind = 'price'
      WHERE m.series_ticker = ANY(${list}::text[]) AND m.mapping_kind = 'direct'`);
  return new Map(result.rows.map((r) => [r.ticker, r.code]));
}

async function actionsOf(ex: Executor, instrumentCode: string): Promise<CorporateAction[]> {
  const result = await ex.execute<{
    kind: CorporateAction['kind'];
    ex_date: string;
    ratio: number | null;
    amount: number | null;
    subscription_price: number | null;
  }>(sql`
    SELECT kind, to_char(ex_date, 'YYYY-MM-DD') AS ex_date, ratio, amount, subscription_price
    FROM corporate_actions WHERE instrument_code = ${instrumentCode} ORDER BY ex_date`);
  return result.rows.map((r) => ({
    kind: r.kind,
    exDate: r.ex_date,
    ratio: r.ratio,
    amount: r.amount,
    subscriptionPrice: r.subscription_price,
  }));
}

/** Rebuilds the derived values of one series from its raw values and its instrument's actions. */
export async function rebuildDerived(
  ex: Executor,
  ticker: string,
  actions: readonly CorporateAction[],
): Promise<number> {
  await ex.execute(sql`DELETE FROM market_values_derived WHERE ticker = ${ticker}`);
  if (actions.length === 0) return 0;
  const raw = await ex.execute<{ date: string; value: number }>(sql`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, value FROM market_values
    WHERE ticker = ${ticker} ORDER BY date`);
  const dates = raw.rows.map((r) => r.date);
  const values = Float64Array.from(raw.rows, (r) => r.value);
  const { adjusted, totalReturn } = deriveAdjustedSeries(dates, values, actions);
  if (dates.length === 0) return 0;
  await ex.execute(sql`
    INSERT INTO market_values_derived (ticker, date, adjusted, total_return)
    SELECT ${ticker}, * FROM unnest(${sql.param(dates)}::date[], ${sql.param([...adjusted])}::float8[],
      ${sql.param([...totalReturn])}::float8[])`);
  return dates.length;
}

/** After the actions of these instruments changed: rebuild every price series of theirs. */
export async function refreshForInstruments(
  ex: Executor,
  instrumentCodes: readonly string[],
): Promise<string[]> {
  const series = await priceSeriesOf(ex, instrumentCodes);
  for (const [ticker, code] of series) await rebuildDerived(ex, ticker, await actionsOf(ex, code));
  return [...series.keys()];
}

/** After raw values of these tickers changed: rebuild those whose instrument has actions. */
export async function refreshForTickers(ex: Executor, tickers: readonly string[]): Promise<void> {
  if (tickers.length === 0) return;
  const owners = await instrumentsOf(ex, tickers);
  for (const [ticker, code] of owners) {
    const actions = await actionsOf(ex, code);
    const hasRows = await ex.execute(
      sql`SELECT 1 FROM market_values_derived WHERE ticker = ${ticker} LIMIT 1`,
    );
    if (actions.length > 0 || hasRows.rows.length > 0) await rebuildDerived(ex, ticker, actions);
  }
}
