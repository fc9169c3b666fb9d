import {
  and,
  auditCriteria,
  benchmarks,
  eq,
  findPortfolioRefs,
  gt,
  holdings,
  holdingsDates,
  inArray,
  instruments,
  isNull,
  latestHoldingsDate,
  lt,
  marketSeries,
  marketValues,
  portfolioFeeRates,
  portfolios,
  sql,
  stressScenarios,
  tickerMappings,
  type Executor,
  type PortfolioRef,
} from '@fonrisk/db';

/** What the submission checks read (issue 21): the same readers the worker computes with. */

export type { PortfolioRef };
export { findPortfolioRefs, holdingsDates, latestHoldingsDate };

/** The holdings date of any of `members` nearest to `date` on one side (excluded), or null. */
async function adjacentHoldingsDate(
  ex: Executor,
  members: readonly string[],
  date: string,
  side: 'before' | 'after',
): Promise<string | null> {
  if (members.length === 0) return null;
  const [row] = await ex
    .select({
      date:
        side === 'after'
          ? sql<string | null>`min(${holdings.portfolioDate})`
          : sql<string | null>`max(${holdings.portfolioDate})`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...members]),
        side === 'after' ? gt(holdings.portfolioDate, date) : lt(holdings.portfolioDate, date),
      ),
    );
  return row?.date ?? null;
}

/** The first holdings date of any of `members` after `date`, or null. */
export const nextHoldingsDate = (ex: Executor, members: readonly string[], date: string) =>
  adjacentHoldingsDate(ex, members, date, 'after');

/** The latest holdings date of any of `members` before `date`, or null. */
export const previousHoldingsDate = (ex: Executor, members: readonly string[], date: string) =>
  adjacentHoldingsDate(ex, members, date, 'before');

/** The values of a series in [from, to]: how many, and the nearest dates with a value outside. */
export interface SeriesCoverage {
  readonly exists: boolean;
  readonly count: number;
  readonly before: string | null;
  readonly after: string | null;
}

export async function seriesCoverage(
  ex: Executor,
  ticker: string,
  from: string,
  to: string,
): Promise<SeriesCoverage> {
  const [series] = await ex
    .select({ ticker: marketSeries.ticker })
    .from(marketSeries)
    .where(eq(marketSeries.ticker, ticker));
  if (!series) return { exists: false, count: 0, before: null, after: null };
  const [row] = await ex
    .select({
      count: sql<number>`count(*) FILTER (WHERE ${marketValues.date} >= ${from} AND ${marketValues.date} <= ${to})::int`,
      before: sql<
        string | null
      >`max(${marketValues.date}) FILTER (WHERE ${marketValues.date} < ${from})`,
      after: sql<
        string | null
      >`min(${marketValues.date}) FILTER (WHERE ${marketValues.date} > ${to})`,
    })
    .from(marketValues)
    .where(eq(marketValues.ticker, ticker));
  return {
    exists: true,
    count: row?.count ?? 0,
    before: row?.before ?? null,
    after: row?.after ?? null,
  };
}

/** A plain portfolio (not a unified one) with what a performance report needs of it. */
export interface PlainPortfolio {
  readonly code: string;
  readonly kind: string;
  readonly referenceBenchmarkCode: string | null;
  /** Its unit-price series: its ticker mapping, else a price series of its code; null: none. */
  readonly priceTicker: string | null;
  readonly hasStoredFeeRate: boolean;
}

export async function findPlainPortfolio(
  ex: Executor,
  code: string,
): Promise<PlainPortfolio | null> {
  const [p] = await ex.select().from(portfolios).where(eq(portfolios.code, code));
  if (!p) return null;
  const [mapped] = await ex
    .select({ t: tickerMappings.seriesTicker })
    .from(tickerMappings)
    .where(eq(tickerMappings.instrumentCode, code));
  const candidates = [mapped?.t, code].filter((t): t is string => t !== undefined);
  const found = await ex
    .select({ t: marketSeries.ticker })
    .from(marketSeries)
    .where(and(inArray(marketSeries.ticker, candidates), eq(marketSeries.kind, 'price')));
  const [fee] = await ex
    .select({ code: portfolioFeeRates.portfolioCode })
    .from(portfolioFeeRates)
    .where(eq(portfolioFeeRates.portfolioCode, code));
  return {
    code,
    kind: p.kind,
    referenceBenchmarkCode: p.referenceBenchmarkCode,
    priceTicker: candidates.find((c) => found.some((f) => f.t === c)) ?? null,
    hasStoredFeeRate: fee !== undefined,
  };
}

/** The ids among `ids` that name a stored stress scenario. */
export async function existingScenarioIds(
  ex: Executor,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: stressScenarios.id })
    .from(stressScenarios)
    .where(inArray(stressScenarios.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export interface BenchmarkKind {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  readonly holdingsPortfolioCode: string | null;
}

export async function findBenchmarks(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, BenchmarkKind>> {
  if (codes.length === 0) return new Map();
  const rows = await ex
    .select({
      code: benchmarks.code,
      name: benchmarks.name,
      kind: benchmarks.kind,
      holdingsPortfolioCode: benchmarks.holdingsPortfolioCode,
    })
    .from(benchmarks)
    .where(inArray(benchmarks.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r]));
}

/** Instruments among `codes` with their stored terms (a bond's are checked by the caller). */
export async function findInstrumentTerms(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, { readonly name: string; readonly terms: unknown }>> {
  if (codes.length === 0) return new Map();
  const rows = await ex
    .select({ code: instruments.code, name: instruments.name, terms: instruments.terms })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Map(rows.map((r) => [r.code, { name: r.name, terms: r.terms }]));
}

/** Codes of the criteria in force (neither superseded nor retired), with their stored rule. */
export async function criteriaInForce(
  ex: Executor,
): Promise<{ readonly code: string; readonly rule: unknown }[]> {
  return ex
    .select({ code: auditCriteria.code, rule: auditCriteria.rule })
    .from(auditCriteria)
    .where(and(isNull(auditCriteria.supersededAt), isNull(auditCriteria.retiredAt)));
}
