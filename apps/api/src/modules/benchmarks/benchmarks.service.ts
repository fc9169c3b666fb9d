import {
  benchmarkComponents,
  benchmarks,
  eq,
  inArray,
  marketSeries,
  portfolios,
  chainPercentReturns,
  readSeriesValues,
  RETURN_SERIES_KIND,
  sql,
  type Database,
  type Executor,
} from '@fonrisk/db';
import type {
  Benchmark,
  BenchmarkKind,
  BenchmarkRequest,
  BenchmarkReturns,
  Rebalancing,
  ReferenceBenchmark,
  TokenClaims,
} from '@fonrisk/contracts';
import { PRICE_BASIS_BY_CONVENTION } from '@fonrisk/contracts';
import { compositeReturns } from '@fonrisk/risk';
import { recordAudit } from '../audit/audit.repository.ts';
import { PortfolioNotFoundError } from '../portfolios/portfolios.errors.ts';
import {
  BenchmarkCodeTakenError,
  BenchmarkNotFoundError,
  BenchmarkPortfolioMissingError,
  BenchmarkReferenceError,
} from './benchmarks.errors.ts';
import { loadHoldingsBenchmarkInput } from './holdings-benchmark.repository.ts';
import { holdingsReturns } from './holdings-returns.ts';

export type BenchmarksService = ReturnType<typeof createBenchmarksService>;

/** Benchmarks serve performance and risk value: total-return prices (docs/decisions/0017). */
export const BENCHMARK_PRICE_BASIS = PRICE_BASIS_BY_CONVENTION.riskValueAndPerformance;

async function loadAll(ex: Executor): Promise<Benchmark[]> {
  const rows = await ex.select().from(benchmarks).orderBy(benchmarks.code);
  const parts = await ex.select().from(benchmarkComponents);
  return rows.map((b) => ({
    code: b.code,
    name: b.name,
    kind: b.kind as BenchmarkKind,
    rebalancing: b.rebalancing as Rebalancing,
    components: parts
      .filter((c) => c.benchmarkCode === b.code)
      .map((c) => ({ seriesTicker: c.seriesTicker, weightPct: c.weightPct })),
    holdingsPortfolioCode: b.holdingsPortfolioCode,
  }));
}

/** Composite and holdings benchmarks, their returns, and each fund's reference benchmark. */
export function createBenchmarksService(db: Database) {
  async function mustFind(ex: Executor, code: string): Promise<Benchmark> {
    const found = (await loadAll(ex)).find((b) => b.code === code);
    if (!found) throw new BenchmarkNotFoundError(code);
    return found;
  }

  async function validateReferences(ex: Executor, request: BenchmarkRequest) {
    if (request.kind === 'composite') {
      const tickers = request.components.map((c) => c.seriesTicker);
      const known = await ex
        .select({ t: marketSeries.ticker })
        .from(marketSeries)
        .where(inArray(marketSeries.ticker, tickers));
      const missing = tickers.filter((t) => !known.some((k) => k.t === t));
      if (missing.length > 0) {
        throw new BenchmarkReferenceError(
          'components',
          `Bilinmeyen seriler: ${missing.join(', ')}.`,
        );
      }
    } else {
      const [p] = await ex
        .select()
        .from(portfolios)
        .where(eq(portfolios.code, request.holdingsPortfolioCode!));
      if (!p)
        throw new BenchmarkReferenceError(
          'holdingsPortfolioCode',
          `'${request.holdingsPortfolioCode}' kodlu portföy bulunamadı.`,
        );
    }
  }

  async function write(ex: Executor, request: BenchmarkRequest) {
    const row = {
      code: request.code,
      name: request.name,
      kind: request.kind,
      rebalancing: request.rebalancing,
      holdingsPortfolioCode: request.kind === 'holdings' ? request.holdingsPortfolioCode : null,
    };
    await ex
      .insert(benchmarks)
      .values(row)
      .onConflictDoUpdate({ target: benchmarks.code, set: { ...row, updatedAt: sql`now()` } });
    await ex.delete(benchmarkComponents).where(eq(benchmarkComponents.benchmarkCode, request.code));
    if (request.kind === 'composite') {
      await ex
        .insert(benchmarkComponents)
        .values(request.components.map((c) => ({ benchmarkCode: request.code, ...c })));
    }
  }

  return {
    list: () => loadAll(db),

    async create(actor: TokenClaims, request: BenchmarkRequest): Promise<Benchmark> {
      return db.transaction(async (tx) => {
        if ((await loadAll(tx)).some((b) => b.code === request.code))
          throw new BenchmarkCodeTakenError(request.code);
        await validateReferences(tx, request);
        await write(tx, request);
        const after = await mustFind(tx, request.code);
        await recordAudit(tx, {
          actor,
          action: 'benchmark.create',
          entity: 'benchmark',
          entityId: request.code,
          after,
        });
        return after;
      });
    },

    async update(actor: TokenClaims, code: string, request: BenchmarkRequest): Promise<Benchmark> {
      if (request.code !== code)
        throw new BenchmarkReferenceError('code', 'Ölçüt kodu değiştirilemez.');
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, code);
        await validateReferences(tx, request);
        await write(tx, request);
        const after = await mustFind(tx, code);
        await recordAudit(tx, {
          actor,
          action: 'benchmark.update',
          entity: 'benchmark',
          entityId: code,
          before,
          after,
        });
        return after;
      });
    },

    async remove(actor: TokenClaims, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await mustFind(tx, code);
        await tx.delete(benchmarks).where(eq(benchmarks.code, code));
        await recordAudit(tx, {
          actor,
          action: 'benchmark.delete',
          entity: 'benchmark',
          entityId: code,
          before,
        });
      });
    },

    async returns(code: string, from: string, to: string): Promise<BenchmarkReturns> {
      const benchmark = await mustFind(db, code);
      if (benchmark.kind === 'holdings') {
        const portfolioCode = benchmark.holdingsPortfolioCode;
        if (portfolioCode === null) throw new BenchmarkPortfolioMissingError(code);
        return {
          ...holdingsReturns(await loadHoldingsBenchmarkInput(db, portfolioCode, from, to)),
          priceBasis: BENCHMARK_PRICE_BASIS,
        };
      }
      // Total return per the convention of performance and risk value (shares with dividends
      // reinvested); a return series is chained into levels before weighting.
      const tickers = benchmark.components.map((c) => c.seriesTicker);
      const kinds = new Map(
        (
          await db
            .select({ ticker: marketSeries.ticker, kind: marketSeries.kind })
            .from(marketSeries)
            .where(inArray(marketSeries.ticker, tickers))
        ).map((r) => [r.ticker, r.kind]),
      );
      const points = await readSeriesValues(db, {
        tickers,
        from,
        to,
        basis: BENCHMARK_PRICE_BASIS,
      });
      const components = benchmark.components.map((c) => {
        const own = points.filter((p) => p.ticker === c.seriesTicker);
        const levels =
          kinds.get(c.seriesTicker) === RETURN_SERIES_KIND
            ? chainPercentReturns(own.map((p) => p.value))
            : own.map((p) => p.value);
        return {
          weightPct: c.weightPct,
          values: new Map(own.map((p, i) => [p.date, levels[i]!])),
        };
      });
      return {
        points: compositeReturns(components, benchmark.rebalancing),
        unmapped: [],
        priceBasis: BENCHMARK_PRICE_BASIS,
      };
    },

    async references(): Promise<ReferenceBenchmark[]> {
      const rows = await db.select().from(portfolios).orderBy(portfolios.code);
      return rows.map((p) => ({
        portfolioCode: p.code,
        portfolioName: p.name,
        benchmarkCode: p.referenceBenchmarkCode,
      }));
    },

    async setReference(
      actor: TokenClaims,
      portfolioCode: string,
      benchmarkCode: string | null,
    ): Promise<ReferenceBenchmark> {
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(portfolios).where(eq(portfolios.code, portfolioCode));
        if (!p) throw new PortfolioNotFoundError(portfolioCode);
        if (benchmarkCode !== null) await mustFind(tx, benchmarkCode);
        await tx
          .update(portfolios)
          .set({ referenceBenchmarkCode: benchmarkCode })
          .where(eq(portfolios.code, portfolioCode));
        await recordAudit(tx, {
          actor,
          action: 'portfolio.reference-benchmark',
          entity: 'portfolio',
          entityId: portfolioCode,
          before: { benchmarkCode: p.referenceBenchmarkCode },
          after: { benchmarkCode },
        });
        return { portfolioCode, portfolioName: p.name, benchmarkCode };
      });
    },
  };
}
