// Reference portfolio VaR for the relative approach (Rehber §7.6.2: fund VaR ≤ 2 × reference VaR).
import type { ResolvedVarParameters } from '@fonrisk/contracts';
import { type Database, benchmarkComponents, benchmarks, eq } from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { RunContext } from '../../runner/handler.ts';
import {
  latestHoldingsDate,
  loadMarketData,
  loadSnapshots,
  neededTickers,
  type PortfolioRef,
} from '../data/load.ts';
import type { PositionInput } from '@fonrisk/risk';
import { evaluate, riskModel, windowFor } from './evaluate.ts';

const NOTIONAL = 1_000_000;

function indexPosition(ticker: string, weightPct: number): PositionInput {
  return {
    instrumentCode: ticker,
    instrumentName: ticker,
    mainType: 'other',
    currency: 'TRY',
    nominalValue: null,
    valueTry: (NOTIONAL * weightPct) / 100,
    maturityDate: null,
    ratePct: null,
    modifiedDuration: null,
    terms: null,
    mappingTicker: ticker,
    underlyingTicker: null,
    underlyingIsFuture: false,
  };
}

async function referencePositions(
  db: Database,
  code: string,
  date: string,
): Promise<{ positions: PositionInput[]; nav: number }> {
  const [b] = await db.select().from(benchmarks).where(eq(benchmarks.code, code));
  if (!b) throw new AnalysisInputError(`Referans ölçüt ${code} bulunamadı.`);
  if (b.kind === 'holdings' && b.holdingsPortfolioCode) {
    const ref: PortfolioRef = {
      code: b.holdingsPortfolioCode,
      name: b.name,
      members: [b.holdingsPortfolioCode],
      referenceBenchmarkCode: null,
    };
    const d = await latestHoldingsDate(db, ref, date);
    if (d === null)
      throw new AnalysisInputError(
        `Referans ölçüt ${code}: ${date} tarihinde portföy dağılımı yok.`,
      );
    const snap = (await loadSnapshots(db, ref, [d])).get(d)!;
    return { positions: snap.positions, nav: snap.nav };
  }
  const components = await db
    .select()
    .from(benchmarkComponents)
    .where(eq(benchmarkComponents.benchmarkCode, code));
  if (components.length === 0)
    throw new AnalysisInputError(`Referans ölçüt ${code} bileşen içermiyor.`);
  return {
    positions: components.map((c) => indexPosition(c.seriesTicker, c.weightPct)),
    nav: NOTIONAL,
  };
}

/** VaR of the portfolio's reference benchmark as a fraction of its value, with the same model. */
export async function referenceVarPct(
  ctx: RunContext<unknown>,
  portfolio: PortfolioRef,
  date: string,
  params: ResolvedVarParameters,
): Promise<number> {
  if (portfolio.referenceBenchmarkCode === null) {
    throw new AnalysisInputError(
      `${portfolio.code} portföyü için referans ölçüt tanımlı değil; göreli RMD hesaplanamaz.`,
    );
  }
  const { positions, nav } = await referencePositions(
    ctx.db,
    portfolio.referenceBenchmarkCode,
    date,
  );
  const { stepDays } = riskModel(params);
  const market = await loadMarketData(
    ctx.db,
    await neededTickers(ctx.db, positions),
    date,
    date,
    params.windowDays + stepDays,
  );
  const w = windowFor(market, date, params.windowDays, stepDays, portfolio.referenceBenchmarkCode);
  const e = await evaluate(ctx, positions, nav, market, w, date, params, false);
  if (e.matrix.unmapped.length > 0) {
    const u = e.matrix.unmapped[0]!;
    throw new AnalysisInputError(
      `Referans ölçüt ${portfolio.referenceBenchmarkCode}, ${date}: ${u.instrumentCode} ${u.reason}.`,
    );
  }
  return e.risk.var / nav;
}
