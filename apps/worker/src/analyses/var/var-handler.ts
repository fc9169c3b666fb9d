// 'var': VaR, ES, limit usage, breakdowns and decomposition per portfolio and date.
import {
  approachFor,
  percentToFraction,
  resolveParameters,
  type ResolvedVarParameters,
  type VarInputs,
  type VarPoint,
  type VarPortfolioDetail,
  type VarResult,
  type VarSettings,
} from '@fonrisk/contracts';
import { portfolioFigures } from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import {
  type PortfolioRef,
  type Snapshot,
  holdingsDates,
  latestHoldingsDate,
  loadMarketData,
  loadSnapshots,
  loadVarSettings,
  neededTickers,
  resolvePortfolios,
} from '../data/load.ts';
import {
  checkTolerance,
  evaluate,
  limitStatus,
  riskModel,
  unmappedRows,
  windowFor,
} from './evaluate.ts';
import { referenceVarPct } from './reference.ts';
import { varTables } from './tables.ts';

/** The limit of a portfolio as a fraction of NAV, given its reference VaR for the relative approach. */
export function portfolioLimit(
  s: VarSettings,
  code: string,
  approach: ResolvedVarParameters['approach'],
  referenceVarPct: number | null,
): number | null {
  const own = s.portfolioLimits.find((l) => l.portfolioCode === code);
  if (approach === 'absolute')
    return percentToFraction(own?.absoluteLimitPct ?? s.absoluteLimitPct);
  if (referenceVarPct === null) return null;
  return percentToFraction(own?.relativeLimitPct ?? s.relativeLimitPct) * referenceVarPct;
}

async function snapshotsFor(ctx: RunContext<VarInputs>, p: PortfolioRef): Promise<Snapshot[]> {
  const { asOfDate, fromDate, toDate } = ctx.inputs;
  let dates: string[];
  if (asOfDate !== undefined) {
    const d = await latestHoldingsDate(ctx.db, p, asOfDate);
    if (d === null)
      throw new AnalysisInputError(
        `${p.code} portföyünün ${asOfDate} veya öncesine ait portföy dağılımı yok.`,
      );
    dates = [d];
  } else {
    dates = await holdingsDates(ctx.db, p, fromDate!, toDate!);
    if (dates.length === 0)
      throw new AnalysisInputError(
        `${p.code} portföyünün ${fromDate} - ${toDate} arasında portföy dağılımı yok.`,
      );
  }
  const map = await loadSnapshots(ctx.db, p, dates);
  return dates.map((d) => map.get(d)!);
}

async function runVar(
  ctx: RunContext<VarInputs>,
): Promise<{ result: VarResult; dataSnapshot: Record<string, unknown> }> {
  const settings = await loadVarSettings(ctx.db);
  ctx.bundle.recordSettings(settings);
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  const details: VarPortfolioDetail[] = [];
  const series: VarPoint[] = [];
  const holdingsDatesUsed: Record<string, string[]> = {};
  let marketDataThrough = '';
  let params: ResolvedVarParameters | null = null;
  for (const [k, ref] of refs.entries()) {
    const approach = approachFor(settings, ref.code, ctx.inputs.approach);
    params = resolveParameters({ ...ctx.inputs, approach }, settings);
    const { stepDays } = riskModel(params);
    await ctx.progress(k / refs.length, `${ref.code} portföyü verileri yükleniyor`);
    const snapshots = await snapshotsFor(ctx, ref);
    holdingsDatesUsed[ref.code] = snapshots.map((s) => s.date);
    const tickers = await neededTickers(
      ctx.db,
      snapshots.flatMap((s) => s.positions),
    );
    const market = await loadMarketData(
      ctx.db,
      tickers,
      snapshots[0]!.date,
      snapshots[snapshots.length - 1]!.date,
      params.windowDays + stepDays,
    );
    marketDataThrough = market.dates[market.dates.length - 1] ?? marketDataThrough;
    for (const [j, snap] of snapshots.entries()) {
      if (ctx.signal.aborted) throw new RunCancelledError();
      const last = j === snapshots.length - 1;
      const w = windowFor(market, snap.date, params.windowDays, stepDays, ref.code);
      const e = await evaluate(
        ctx,
        snap.positions,
        snap.nav,
        market,
        w,
        snap.date,
        params,
        last,
        ref.code,
      );
      const unmapped = unmappedRows(e.matrix, snap.nav);
      const unmappedWeight = checkTolerance(
        unmapped,
        settings.unmappedTolerancePct,
        ref.code,
        snap.date,
      );
      const refPct =
        approach === 'relative' ? await referenceVarPct(ctx, ref, snap.date, params) : null;
      const limitPct = portfolioLimit(settings, ref.code, approach, refPct);
      // packages/risk portfolioFigures: the function `fonrisk replay` recomputes them with.
      const { varTry, varPct, esTry, esPct } = portfolioFigures(e.risk, snap.nav);
      const usage = limitPct === null || limitPct === 0 ? null : varPct / limitPct;
      const point: VarPoint = {
        portfolioCode: ref.code,
        date: snap.date,
        navTry: snap.nav,
        varTry,
        varPct,
        esTry,
        esPct,
        approach,
        referenceVarPct: refPct,
        limitPct,
        usage,
        status: limitStatus(usage, settings.warningThresholdPct),
      };
      series.push(point);
      if (last) {
        details.push({
          ...point,
          portfolioName: ref.name,
          byAssetClass: e.breakdowns.assetClass,
          byCurrency: e.breakdowns.currency,
          byRiskFactor: e.breakdowns.riskFactor,
          positions: e.positions,
          histogram: e.histogram,
          unmapped,
          unmappedWeight,
          approximations: e.matrix.approximations,
        });
      }
      await ctx.progress(
        (k + (j + 1) / snapshots.length) / refs.length,
        `${ref.code}: ${snap.date} RMD hesaplandı`,
      );
    }
  }
  return {
    result: {
      parameters: params!,
      portfolios: details,
      series,
      tables: varTables(details, series),
    },
    dataSnapshot: { holdingsDates: holdingsDatesUsed, marketDataThrough, settings },
  };
}

export const varHandler: AnalysisHandler<'var'> = { run: runVar };
