import { columnParam, sql, type Executor } from '@fonrisk/db';
import { insertDemoCashFlows } from '../demo-module5.ts';
import { refreshForInstruments } from '../../modules/corporate-actions/derived-series.ts';
import { insertHoldings } from '../../modules/data-imports/holdings-import.ts';
import type { DemoStep } from '../demo-steps.ts';
import { lastBusinessDayOnOrBefore } from './calendar.ts';
import { DEMO_SEED, generateDemoData } from './generate.ts';
import { demoName, type DemoDataSet } from './types.ts';

const BATCH = 10_000;

async function inBatches<T>(
  rows: readonly T[],
  insert: (batch: readonly T[], offset: number) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH), i);
}

export interface DemoLoadCounts {
  readonly instruments: number;
  readonly series: number;
  readonly marketValues: number;
  readonly fxRates: number;
  readonly portfolios: number;
  readonly holdings: number;
  readonly benchmarks: number;
  readonly tickerMappings: number;
  readonly unifiedPortfolios: number;
  readonly corporateActions: number;
}

/**
 * Inserts a generated data set with array-unnesting statements (one per table, or per 10,000
 * rows), all flagged is_demo and named '(Demo verisi)' where the table has a name. Runs inside
 * the caller's transaction.
 */
export async function insertDemoData(tx: Executor, data: DemoDataSet): Promise<DemoLoadCounts> {
  const ins = data.instruments;
  await tx.execute(sql`
    INSERT INTO instruments (code, name, main_type, sub_type, currency, issuer, issuer_group, sector, isin, is_foreign, tcmb_code, fund_category, terms, is_demo)
    SELECT c, n, m, st, cur, iss, ig, sec, isin, f, tc, fc, t::jsonb, true
    FROM unnest(${columnParam(ins, (i) => i.code)}::text[], ${columnParam(ins, (i) => i.name)}::text[], ${columnParam(ins, (i) => i.mainType)}::text[],
      ${columnParam(ins, (i) => i.subType)}::text[], ${columnParam(ins, (i) => i.currency)}::text[], ${columnParam(ins, (i) => i.issuer)}::text[],
      ${columnParam(ins, (i) => i.issuerGroup)}::text[], ${columnParam(ins, (i) => i.sector)}::text[], ${columnParam(ins, (i) => i.isinCode)}::text[],
      ${columnParam(ins, (i) => i.isForeign)}::boolean[], ${columnParam(ins, (i) => i.tcmbCode)}::text[],
      ${columnParam(ins, (i) => (i.terms.kind === 'fund' ? i.terms.fundCategory : null))}::text[], ${columnParam(ins, (i) => JSON.stringify(i.terms))}::text[])
      AS x(c, n, m, st, cur, iss, ig, sec, isin, f, tc, fc, t)`);

  const series = data.series;
  await tx.execute(sql`
    INSERT INTO market_series (ticker, name, kind, currency, tenor_days, is_demo)
    SELECT t, n, k, c, d, true
    FROM unnest(${columnParam(series, (s) => s.ticker)}::text[], ${columnParam(series, (s) => demoName(s.name))}::text[],
      ${columnParam(series, (s) => s.kind)}::text[], ${columnParam(series, (s) => s.currency)}::text[], ${columnParam(series, (s) => s.tenorDays)}::int[])
      AS x(t, n, k, c, d)`);
  const values: { ticker: string; date: string; value: number }[] = [];
  for (const s of series) {
    s.values.forEach((value, t) => {
      if (!Number.isNaN(value)) values.push({ ticker: s.ticker, date: data.dates[t]!, value });
    });
  }
  await inBatches(values, (batch) =>
    tx.execute(sql`
      INSERT INTO market_values (ticker, date, value)
      SELECT * FROM unnest(${columnParam(batch, (v) => v.ticker)}::text[], ${columnParam(batch, (v) => v.date)}::date[], ${columnParam(batch, (v) => v.value)}::float8[])`),
  );
  const fx = data.fxRates;
  await tx.execute(sql`
    INSERT INTO fx_rates (currency, date, forex_buying, forex_selling, banknote_buying, banknote_selling)
    SELECT * FROM unnest(${columnParam(fx, (r) => r.currency)}::text[], ${columnParam(fx, (r) => r.date)}::date[],
      ${columnParam(fx, (r) => r.forexBuying)}::numeric[], ${columnParam(fx, (r) => r.forexSelling)}::numeric[],
      ${columnParam(fx, (r) => r.banknoteBuying)}::numeric[], ${columnParam(fx, (r) => r.banknoteSelling)}::numeric[])`);

  const bms = data.benchmarks;
  await tx.execute(sql`
    INSERT INTO benchmarks (code, name, kind, rebalancing, is_demo)
    SELECT c, n, 'composite', r, true FROM unnest(${columnParam(bms, (b) => b.code)}::text[], ${columnParam(bms, (b) => demoName(b.name))}::text[],
      ${columnParam(bms, (b) => b.rebalancing)}::text[]) AS x(c, n, r)`);
  const components = bms.flatMap((b) => b.components.map((c) => ({ code: b.code, ...c })));
  await tx.execute(sql`
    INSERT INTO benchmark_components (benchmark_code, series_ticker, weight_pct)
    SELECT * FROM unnest(${columnParam(components, (c) => c.code)}::text[], ${columnParam(components, (c) => c.seriesTicker)}::text[],
      ${columnParam(components, (c) => c.weightPct)}::numeric[])`);

  const ps = data.portfolios;
  await tx.execute(sql`
    INSERT INTO portfolios (code, name, kind, fund_category, currency, reference_benchmark_code, is_demo)
    SELECT c, n, k, f, 'TRY', b, true FROM unnest(${columnParam(ps, (p) => p.code)}::text[], ${columnParam(ps, (p) => demoName(p.name))}::text[],
      ${columnParam(ps, (p) => p.kind)}::text[], ${columnParam(ps, (p) => p.fundCategory)}::text[], ${columnParam(ps, (p) => p.referenceBenchmarkCode)}::text[])
      AS x(c, n, k, f, b)`);
  const rowNumbers = new Map<string, number>();
  const numbered = data.holdings.map((h) => {
    const key = `${h.portfolioCode}|${h.portfolioDate}`;
    const rowNo = (rowNumbers.get(key) ?? 0) + 1;
    rowNumbers.set(key, rowNo);
    return { row: h, rowNo };
  });
  await insertHoldings(tx, numbered);

  const maps = data.tickerMappings;
  await tx.execute(sql`
    INSERT INTO ticker_mappings (instrument_code, series_ticker, mapping_kind, note)
    SELECT * FROM unnest(${columnParam(maps, (m) => m.instrumentCode)}::text[], ${columnParam(maps, (m) => m.seriesTicker)}::text[],
      ${columnParam(maps, (m) => m.mappingKind)}::text[], ${columnParam(maps, (m) => m.note)}::text[])`);
  const actions = data.corporateActions;
  if (actions.length > 0) {
    await tx.execute(sql`
      INSERT INTO corporate_actions (instrument_code, kind, ex_date, ratio, amount, note)
      SELECT * FROM unnest(${columnParam(actions, (a) => a.instrumentCode)}::text[], ${columnParam(actions, (a) => a.kind)}::text[],
        ${columnParam(actions, (a) => a.exDate)}::date[], ${columnParam(actions, (a) => a.ratio)}::float8[],
        ${columnParam(actions, (a) => a.amount)}::float8[], ${columnParam(actions, (a) => a.note)}::text[])`);
    // The adjusted and total-return series of those shares (market_values_derived).
    await refreshForInstruments(tx, [...new Set(actions.map((a) => a.instrumentCode))]);
  }
  for (const u of data.unifiedPortfolios) {
    await tx.execute(sql`
      WITH created AS (
        INSERT INTO unified_portfolios (new_portfolio_code, name, is_demo) VALUES (${u.newPortfolioCode}, ${demoName(u.name)}, true)
        RETURNING id)
      INSERT INTO unified_portfolio_members (unified_id, portfolio_code)
      SELECT created.id, m FROM created, unnest(${sql.param([...u.members])}::text[]) AS m`);
  }
  return {
    instruments: ins.length,
    series: series.length,
    marketValues: values.length,
    fxRates: fx.length,
    portfolios: ps.length,
    holdings: numbered.length,
    benchmarks: bms.length,
    tickerMappings: maps.length,
    unifiedPortfolios: data.unifiedPortfolios.length,
    corporateActions: actions.length,
  };
}

/** Today's date in Istanbul (UTC+3 all year), as YYYY-MM-DD. */
function istanbulToday(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The demo market, instruments, portfolios, holdings, benchmarks, mappings and a unified
 * portfolio, generated for the last business day on or before the day of the first start so that
 * the demo is always recent. The generator itself has no clock: only this step reads it.
 */
export function createDemoMarketStep(clock: () => Date = () => new Date()): DemoStep {
  return {
    name: 'market-and-portfolios-v1',
    async run(tx) {
      const endDate = lastBusinessDayOnOrBefore(istanbulToday(clock()));
      const data = generateDemoData(DEMO_SEED, endDate);
      await insertDemoData(tx, data);
      await insertDemoCashFlows(tx, data.internals.customerFlows);
    },
  };
}

export const demoMarketStep = createDemoMarketStep();
