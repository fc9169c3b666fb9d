// Loads what the performance report reads: unit prices, the benchmark, holdings with sectors.
import type { AttributionAssetClass } from '@fonrisk/contracts';
import { MAIN_TYPE_ASSET_CLASS, type FeeRateSource } from '@fonrisk/contracts';
import {
  type Database,
  and,
  asc,
  benchmarkComponents,
  benchmarks,
  eq,
  gte,
  inArray,
  indexConstituents,
  instruments,
  lte,
  marketSeries,
  marketValues,
  portfolioFeeRates,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import {
  componentAssetClass,
  type BenchmarkComponentSeries,
  type Rebalancing,
} from './benchmark-index.ts';

export interface DatedSeries {
  readonly dates: string[];
  readonly values: number[];
}

/** Values of one series in [from, to], ascending. */
export async function seriesValues(
  db: Database,
  ticker: string,
  from: string,
  to: string,
): Promise<DatedSeries> {
  const rows = await db
    .select({ date: marketValues.date, value: marketValues.value })
    .from(marketValues)
    .where(
      and(
        eq(marketValues.ticker, ticker),
        gte(marketValues.date, from),
        lte(marketValues.date, to),
      ),
    )
    .orderBy(asc(marketValues.date));
  return { dates: rows.map((r) => r.date), values: rows.map((r) => r.value) };
}

export interface FundRef {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  readonly benchmarkCode: string | null;
  readonly priceTicker: string;
}

/** The fund and the series of its unit price (its ticker mapping, else a series of its code). */
export async function loadFund(db: Database, code: string): Promise<FundRef> {
  const [p] = await db.select().from(portfolios).where(eq(portfolios.code, code));
  if (!p) throw new AnalysisInputError(`${code} kodlu portföy bulunamadı.`);
  const [mapped] = await db
    .select({ t: tickerMappings.seriesTicker })
    .from(tickerMappings)
    .where(eq(tickerMappings.instrumentCode, code));
  const candidates = [mapped?.t, code].filter((t): t is string => t !== undefined);
  const found = await db
    .select({ t: marketSeries.ticker })
    .from(marketSeries)
    .where(and(inArray(marketSeries.ticker, candidates), eq(marketSeries.kind, 'price')));
  const ticker = candidates.find((c) => found.some((f) => f.t === c));
  if (ticker === undefined)
    throw new AnalysisInputError(
      p.kind === 'customer'
        ? `${code} bir müşteri portföyü; birim pay fiyatı yok. Müşteri Performans Raporu’nu kullanın.`
        : `${code} fonunun birim pay fiyatı serisi bulunamadı (fon koduyla ya da sembol eşleştirmesiyle tanımlı bir fiyat serisi gerekir).`,
    );
  return {
    code,
    name: p.name,
    kind: p.kind,
    benchmarkCode: p.referenceBenchmarkCode,
    priceTicker: ticker,
  };
}

export interface BenchmarkData {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  readonly rebalancing: Rebalancing;
  readonly holdingsPortfolioCode: string | null;
  readonly components: BenchmarkComponentSeries[];
}

/** The reference benchmark with each component's series (values in [from, to]) and asset class. */
export async function loadBenchmark(
  db: Database,
  code: string,
  from: string,
  to: string,
): Promise<BenchmarkData> {
  const [b] = await db.select().from(benchmarks).where(eq(benchmarks.code, code));
  if (!b) throw new AnalysisInputError(`Karşılaştırma ölçütü ${code} bulunamadı.`);
  const comps = await db
    .select({ c: benchmarkComponents, s: marketSeries })
    .from(benchmarkComponents)
    .innerJoin(marketSeries, eq(marketSeries.ticker, benchmarkComponents.seriesTicker))
    .where(eq(benchmarkComponents.benchmarkCode, code));
  const tickers = comps.map((c) => c.s.ticker);
  const mapped = tickers.length
    ? await db
        .select({ t: tickerMappings.seriesTicker, mainType: instruments.mainType })
        .from(tickerMappings)
        .innerJoin(instruments, eq(instruments.code, tickerMappings.instrumentCode))
        .where(inArray(tickerMappings.seriesTicker, tickers))
    : [];
  const components: BenchmarkComponentSeries[] = [];
  for (const c of comps) {
    const v = await seriesValues(db, c.s.ticker, from, to);
    const classes: AttributionAssetClass[] = mapped
      .filter((m) => m.t === c.s.ticker)
      .map((m) => MAIN_TYPE_ASSET_CLASS[m.mainType] ?? 'other');
    components.push({
      ticker: c.s.ticker,
      name: c.s.name,
      seriesKind: c.s.kind,
      weightPct: c.c.weightPct,
      assetClass: componentAssetClass(c.s.ticker, c.s.name, c.s.kind, classes),
      values: new Map(v.dates.map((d, i) => [d, v.values[i]!])),
    });
  }
  return {
    code,
    name: b.name,
    kind: b.kind,
    rebalancing: b.rebalancing as Rebalancing,
    holdingsPortfolioCode: b.holdingsPortfolioCode,
    components,
  };
}

/** Sector of each instrument code (null when the master has none). */
export async function sectorsOf(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, string | null>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: instruments.code, sector: instruments.sector })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.sector]));
}

/**
 * The fee rate of the gross-of-fee add-back: the run's own rate when the form gives one, else the
 * fund's stored rate (portfolio_fee_rates); a Turkish error when neither exists.
 */
export async function feeRateOf(
  db: Database,
  portfolioCode: string,
  inputPct: number | undefined,
): Promise<{ annualFeeRatePct: number; source: FeeRateSource }> {
  if (inputPct !== undefined) return { annualFeeRatePct: inputPct, source: 'input' };
  const [row] = await db
    .select({ pct: portfolioFeeRates.annualFeeRatePct })
    .from(portfolioFeeRates)
    .where(eq(portfolioFeeRates.portfolioCode, portfolioCode));
  if (!row)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun yıllık yönetim ücreti oranı kayıtlı değil: Portföyler ekranında kaydedin ya da rapor formunda girin.`,
    );
  return { annualFeeRatePct: row.pct, source: 'stored' };
}

/** One constituent of an index series with its sector and prices (index_constituents). */
export interface IndexConstituent {
  readonly instrumentCode: string;
  readonly sector: string | null;
  /** Shares the index counts (capitalisation weight = price × shares). */
  readonly shares: number;
  /** The constituent's price series in the window, ascending. */
  readonly prices: DatedSeries;
}

/**
 * The constituents of the given index series (those that have any), each with its sector from
 * the instrument master and its prices in [from, to] from its mapped series (or the series of
 * its own code), read in two queries.
 */
export async function loadIndexConstituents(
  db: Database,
  indexTickers: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, IndexConstituent[]>> {
  if (indexTickers.length === 0) return new Map();
  const rows = await db
    .select({
      index: indexConstituents.indexTicker,
      code: indexConstituents.instrumentCode,
      shares: indexConstituents.shares,
      sector: instruments.sector,
      mapped: tickerMappings.seriesTicker,
    })
    .from(indexConstituents)
    .innerJoin(instruments, eq(instruments.code, indexConstituents.instrumentCode))
    .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, indexConstituents.instrumentCode))
    .where(inArray(indexConstituents.indexTicker, [...indexTickers]));
  const tickerOf = (r: (typeof rows)[number]) => r.mapped ?? r.code;
  const tickers = [...new Set(rows.map(tickerOf))];
  const values = tickers.length
    ? await db
        .select({ ticker: marketValues.ticker, date: marketValues.date, value: marketValues.value })
        .from(marketValues)
        .where(
          and(
            inArray(marketValues.ticker, tickers),
            gte(marketValues.date, from),
            lte(marketValues.date, to),
          ),
        )
        .orderBy(asc(marketValues.ticker), asc(marketValues.date))
    : [];
  const series = new Map<string, DatedSeries>();
  for (const v of values) {
    const s = series.get(v.ticker) ?? { dates: [], values: [] };
    s.dates.push(v.date);
    s.values.push(v.value);
    series.set(v.ticker, s);
  }
  const out = new Map<string, IndexConstituent[]>();
  for (const r of rows) {
    const list = out.get(r.index) ?? [];
    list.push({
      instrumentCode: r.code,
      sector: r.sector,
      shares: r.shares,
      prices: series.get(tickerOf(r)) ?? { dates: [], values: [] },
    });
    out.set(r.index, list);
  }
  return out;
}
