import { PRICE_BASIS_BY_CONVENTION } from '@fonrisk/contracts';
import {
  RETURN_SERIES_KIND,
  chainPercentReturns,
  readFxRates,
  readMarketValues,
  sql,
  type Executor,
} from '@fonrisk/db';
import type { HoldingsReturnsInput, HoldingsSnapshot, PricedSeries } from './holdings-returns.ts';

/**
 * How far before the first snapshot prices and FX rates are read, so that a snapshot taken on a
 * day without a published value still finds the previous one (holidays, illiquid bonds).
 */
const PRICE_LOOKBACK_DAYS = 31;

/** The ISO date `days` calendar days before `date`. */
function daysBefore(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * Everything `holdingsReturns` needs for the portfolio over [from, to]: its snapshots from the
 * latest on or before `from` through `to` (summed per instrument), their ticker mappings, the
 * mapped series and the FX rates of their currencies (forex buying, else forex selling, else
 * banknote buying, as the analyses use).
 */
export async function loadHoldingsBenchmarkInput(
  ex: Executor,
  portfolioCode: string,
  from: string,
  to: string,
): Promise<HoldingsReturnsInput> {
  const rows = await ex.execute<{
    date: string;
    code: string;
    name: string | null;
    value: string | number;
  }>(sql`
    SELECT to_char(h.portfolio_date, 'YYYY-MM-DD') AS date, h.instrument_code AS code,
      coalesce(max(h.instrument_name), max(i.name)) AS name, sum(h.current_value) AS value
    FROM holdings h JOIN instruments i ON i.code = h.instrument_code
    WHERE h.portfolio_code = ${portfolioCode} AND h.portfolio_date <= ${to}
      AND h.portfolio_date >= coalesce(
        (SELECT max(portfolio_date) FROM holdings WHERE portfolio_code = ${portfolioCode} AND portfolio_date <= ${from}),
        ${from}::date)
    GROUP BY h.portfolio_date, h.instrument_code
    ORDER BY h.portfolio_date, h.instrument_code`);
  const byDate = new Map<string, HoldingsSnapshot['positions'][number][]>();
  for (const r of rows.rows) {
    const positions = byDate.get(r.date) ?? [];
    positions.push({ instrumentCode: r.code, instrumentName: r.name, valueTry: Number(r.value) });
    byDate.set(r.date, positions);
  }
  const snapshots = [...byDate].map(([date, positions]) => ({ date, positions }));
  const first = snapshots[0]?.date;
  const codes = [...new Set(rows.rows.map((r) => r.code))];
  if (first === undefined || codes.length === 0) {
    return { from, to, snapshots, mappings: new Map(), series: new Map(), fx: new Map() };
  }

  const mappingRows = await ex.execute<{
    code: string;
    ticker: string;
    currency: string;
    kind: string;
  }>(sql`
    SELECT m.instrument_code AS code, m.series_ticker AS ticker, s.currency, s.kind
    FROM ticker_mappings m JOIN market_series s ON s.ticker = m.series_ticker
    WHERE m.instrument_code IN ${codes}`);
  const mappings = new Map(mappingRows.rows.map((m) => [m.code, m.ticker]));
  const tickers = [...new Set(mappingRows.rows.map((m) => m.ticker))];
  const since = daysBefore(first, PRICE_LOOKBACK_DAYS);

  const series = new Map<string, PricedSeries & { values: Map<string, number> }>();
  for (const m of mappingRows.rows)
    series.set(m.ticker, { currency: m.currency, values: new Map() });
  // Total return (dividends reinvested), the convention of performance and risk value.
  const basis = PRICE_BASIS_BY_CONVENTION.riskValueAndPerformance;
  for (const v of await readMarketValues(ex, tickers, since, to, basis))
    series.get(v.ticker)?.values.set(v.date, v.value);
  // A position mapped to a return series moves by its returns: chain them into levels.
  for (const m of mappingRows.rows) {
    const s = series.get(m.ticker);
    if (m.kind !== RETURN_SERIES_KIND || !s || s.values.size === 0) continue;
    const dates = [...s.values.keys()].sort();
    const levels = chainPercentReturns(dates.map((d) => s.values.get(d)!));
    dates.forEach((d, i) => s.values.set(d, levels[i]!));
  }

  const currencies = [
    ...new Set(mappingRows.rows.map((m) => m.currency).filter((c) => c !== 'TRY')),
  ];
  const fx = new Map<string, Map<string, number>>();
  for (const r of await readFxRates(ex, since, to, currencies)) {
    const byCurrency = fx.get(r.currency) ?? new Map<string, number>();
    byCurrency.set(r.date, r.rate);
    fx.set(r.currency, byCurrency);
  }
  return { from, to, snapshots, mappings, series, fx };
}
