// One portfolio on one date: scenario matrix -> VaR, ES, decomposition, breakdowns, histogram.
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  VAR_SETTINGS_DEFAULTS,
  isoToTurkishDate,
  formatPercent,
  formatPercentPoints,
  percentToFraction,
  type LimitStatus,
  type PositionVar,
  type ResolvedVarParameters,
  type UnmappedHoldingRow,
  type VarBreakdownRow,
} from '@fonrisk/contracts';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { RunContext } from '../../runner/handler.ts';
import {
  type MarketData,
  type MatrixRisk,
  type PositionInput,
  type RiskModel,
  type ScenarioMatrix,
  type ScenarioWindow,
  type UnmappedPosition,
  buildScenarioMatrix,
  histogram,
  indexOnOrBefore,
  positionFigures,
  scenarioStart,
  scenarioTotals,
} from '@fonrisk/risk';
import { RISK_TASKS } from './risk.ts';

/** Scenario step and the library's horizon for the parameters. */
export function riskModel(p: ResolvedVarParameters): { model: RiskModel; stepDays: number } {
  const overlapping = p.horizonScaling === 'overlapping' && p.horizonDays > 1;
  return {
    stepDays: overlapping ? p.horizonDays : 1,
    model: {
      method: p.method,
      confidenceLevel: p.confidenceLevel,
      horizonDays: overlapping ? 1 : p.horizonDays,
      // Used only by their method, where the resolver always set them (contracts resolve.ts).
      lambda: p.lambda ?? VAR_SETTINGS_DEFAULTS.ewmaLambda,
      draws: p.draws ?? VAR_SETTINGS_DEFAULTS.monteCarloDraws,
      seed: p.seed ?? VAR_SETTINGS_DEFAULTS.monteCarloSeed,
      mean: p.mean ?? VAR_SETTINGS_DEFAULTS.mean,
    },
  };
}

/** The window ending on `date` (the last market date on or before it), or an input error. */
export function windowFor(
  market: MarketData,
  date: string,
  windowDays: number,
  stepDays: number,
  portfolioCode: string,
): ScenarioWindow {
  const endIndex = indexOnOrBefore(market.dates, date);
  const w = { endIndex, scenarios: windowDays, stepDays };
  if (endIndex < 0 || scenarioStart(w, 0) < 0) {
    const have = Math.max(0, endIndex + 1);
    throw new AnalysisInputError(
      `${portfolioCode} portföyü, ${date}: ${windowDays} günlük gözlem süresi için piyasa verisi yetersiz (${have} gün var).`,
    );
  }
  return w;
}

export function unmappedRows(
  m: { readonly unmapped: readonly UnmappedPosition[] },
  nav: number,
): UnmappedHoldingRow[] {
  return m.unmapped.map((u) => ({
    instrumentCode: u.instrumentCode,
    instrumentName: u.instrumentName,
    valueTry: u.valueTry,
    weight: nav === 0 ? 0 : u.valueTry / nav,
    reason: u.reason,
  }));
}

/** Refuses the run when unmapped holdings and missing prices exceed the tolerance of the settings. */
export function checkTolerance(
  rows: readonly UnmappedHoldingRow[],
  tolerancePct: number,
  portfolioCode: string,
  date: string,
): number {
  const weight = rows.reduce((s, r) => s + Math.abs(r.weight), 0);
  if (weight * 100 > tolerancePct + 1e-9) {
    const worst = [...rows].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, 5);
    const list = worst
      .map((r) => `${r.instrumentCode} (${formatPercent(r.weight)}: ${r.reason})`)
      .join(', ');
    throw new AnalysisInputError(
      `${portfolioCode} portföyü, ${isoToTurkishDate(date)}: eşlenmemiş veya fiyatı eksik varlıkların FTD içindeki payı ${formatPercent(weight)}, tolerans ${formatPercentPoints(tolerancePct, 2, 0)}. Varlıklar: ${list}.`,
    );
  }
  return weight;
}

export function limitStatus(usage: number | null, warningThresholdPct: number): LimitStatus {
  if (usage === null) return 'noLimit';
  if (usage > 1) return 'breach';
  if (usage >= percentToFraction(warningThresholdPct)) return 'warning';
  return 'ok';
}

export interface Evaluation {
  readonly matrix: ScenarioMatrix;
  readonly risk: MatrixRisk;
  readonly positions: PositionVar[];
  readonly breakdowns: {
    assetClass: VarBreakdownRow[];
    currency: VarBreakdownRow[];
    riskFactor: VarBreakdownRow[];
  };
  readonly histogram: {
    bins: { from: number; to: number; count: number }[];
    varLineTry: number;
    esLineTry: number;
    scenarios: number;
  };
}

/** The Turkish asset-class label of an instrument main type (the type itself when unknown). */
export function assetClassOf(mainType: string): string {
  return (INSTRUMENT_MAIN_TYPE_LABELS as Partial<Record<string, string>>)[mainType] ?? mainType;
}

type GroupKey = 'assetClass' | 'currency' | 'riskFactor';
const GROUP_KEYS: readonly GroupKey[] = ['assetClass', 'currency', 'riskFactor'];

/**
 * Scenario matrix and VaR through the compute pool; `detail` adds incremental VaR and group
 * stand-alone VaR. With a `portfolioCode` the evaluation goes into the run's input bundle (the
 * holdings, the market window, the window and the model), so `fonrisk replay` recomputes it.
 */
export async function evaluate(
  ctx: RunContext<unknown>,
  positions: readonly PositionInput[],
  nav: number,
  market: MarketData,
  w: ScenarioWindow,
  date: string,
  params: ResolvedVarParameters,
  detail: boolean,
  portfolioCode: string | null = null,
): Promise<Evaluation> {
  const matrix = buildScenarioMatrix(positions, market, w, date);
  const { model } = riskModel(params);
  if (portfolioCode !== null) {
    ctx.bundle.recordHoldings(portfolioCode, date, nav, positions);
    ctx.bundle.recordEvaluation({
      portfolioCode,
      date,
      market,
      window: { endIndex: w.endIndex, scenarios: w.scenarios, stepDays: w.stepDays },
      model,
      detail,
    });
  }
  const groups = new Map<string, number[]>();
  if (detail) {
    matrix.positions.forEach((p, i) => {
      const labels: Record<GroupKey, string> = {
        assetClass: assetClassOf(p.mainType),
        currency: p.currency,
        riskFactor: p.riskFactor,
      };
      for (const key of GROUP_KEYS) {
        const id = `${key}\u0000${labels[key]}`;
        const members = groups.get(id);
        if (members) members.push(i);
        else groups.set(id, [i]);
      }
    });
  }
  const groupIds = [...groups.keys()];
  const risk = await ctx.compute(
    RISK_TASKS.matrixRisk,
    matrix.pnl,
    matrix.positions.length,
    matrix.scenarios,
    model,
    detail,
    groupIds.map((g) => groups.get(g)!),
  );
  // The figures come from packages/risk positionFigures, the function `fonrisk replay` uses.
  const figures = positionFigures(matrix, risk, nav);
  const positionsVar: PositionVar[] = matrix.positions.map((p, i) => ({
    instrumentCode: p.instrumentCode,
    instrumentName: p.instrumentName,
    assetClass: assetClassOf(p.mainType),
    currency: p.currency,
    riskFactor: p.riskFactor,
    valueTry: p.valueTry,
    weight: figures[i]!.weight,
    marginalVar: figures[i]!.marginalVar,
    componentVarTry: figures[i]!.componentVarTry,
    componentShare: figures[i]!.componentShare,
    incrementalVarTry: figures[i]!.incrementalVarTry,
  }));
  const breakdown = (key: GroupKey): VarBreakdownRow[] =>
    groupIds
      .map((id, g) => ({ id, g }))
      .filter(({ id }) => id.startsWith(`${key}\u0000`))
      .map(({ id, g }) => {
        const members = groups.get(id)!;
        const component = members.reduce((s, i) => s + risk.component[i]!, 0);
        const value = members.reduce((s, i) => s + matrix.positions[i]!.valueTry, 0);
        const label = id.slice(key.length + 1);
        return {
          key: label,
          label,
          valueTry: value,
          weight: nav === 0 ? 0 : value / nav,
          componentVarTry: component,
          componentShare: risk.var === 0 ? null : component / risk.var,
          standaloneVarTry: risk.groupVar[g]!,
        };
      })
      .sort((a, b) => b.componentVarTry - a.componentVarTry);
  const totals = scenarioTotals(matrix.pnl, matrix.positions.length, matrix.scenarios);
  const scale = Math.sqrt(model.horizonDays);
  return {
    matrix,
    risk,
    positions: positionsVar,
    breakdowns: {
      assetClass: breakdown('assetClass'),
      currency: breakdown('currency'),
      riskFactor: breakdown('riskFactor'),
    },
    histogram: {
      bins: histogram(
        totals.map((x) => x * scale),
        30,
      ),
      varLineTry: -risk.var,
      esLineTry: -risk.es,
      scenarios: matrix.scenarios,
    },
  };
}
