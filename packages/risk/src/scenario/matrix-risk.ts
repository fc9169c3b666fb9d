// Risk of a scenario P&L matrix (positions × scenarios, TRY): VaR, ES, the Euler decomposition,
// what-if trades and backtest batches, with the run's model. Pure functions: the worker runs them
// on its compute pool, the CLI replays an input bundle through the same code
// (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md).
import { portfolioVar, type PortfolioVarOptions } from '../var/portfolio-var.ts';
import type { VarMethod } from '../var/options.ts';
import { whatIfTrade } from '../var/what-if.ts';
import { panelStorage } from '../var/pnl-kernel-wasm.ts';

/** VaR model names of the parameter vocabulary (contracts VarMethod). */
export type RiskModelMethod = 'historical' | 'parametric' | 'ewma' | 'montecarlo' | 'cornishFisher';

export interface RiskModel {
  readonly method: RiskModelMethod;
  readonly confidenceLevel: number;
  /** √h scaling applied by the library; 1 when the scenarios are already h-day (overlapping). */
  readonly horizonDays: number;
  readonly lambda: number;
  readonly draws: number;
  readonly seed: number;
  /** Mean handling of contracts parameters.ts (decision 0015). */
  readonly mean: 'include' | 'exclude';
}

export interface MatrixRisk {
  readonly var: number;
  readonly es: number;
  /** ∂VaR/∂(scale of position i): each position enters with exposure 1 (its P&L as held). */
  readonly marginal: number[];
  readonly component: number[];
  readonly incremental: (number | null)[];
  /** Stand-alone VaR of each group of position indices. */
  readonly groupVar: number[];
}

export function libraryMethod(m: RiskModel): VarMethod {
  switch (m.method) {
    case 'historical':
      return { method: 'historical' };
    case 'parametric':
      return { method: 'gaussian' };
    case 'ewma':
      return { method: 'ewma', lambda: m.lambda };
    case 'montecarlo':
      return { method: 'montecarlo', draws: m.draws, seed: m.seed };
    case 'cornishFisher':
      return { method: 'modified' };
  }
}

/** portfolioVar's options for the run's model: √h scaling, the run's mean handling. */
export function modelOptions(model: RiskModel, incremental: boolean): PortfolioVarOptions {
  return {
    ...libraryMethod(model),
    confidenceLevel: model.confidenceLevel,
    horizonDays: model.horizonDays,
    horizonScaling: 'sqrt',
    mean: model.mean,
    incremental,
  };
}

function columns(pnl: Float64Array, scenarios: number, indices: readonly number[]): Float64Array[] {
  return indices.map((i) => pnl.subarray(i * scenarios, (i + 1) * scenarios));
}

/**
 * VaR, ES and the Euler decomposition of a positions × scenarios P&L matrix (TRY, row i =
 * position i): packages/risk portfolioVar with exposure 1 per position and the run's mean
 * handling, so the components are TRY and sum to VaR. Groups give stand-alone VaR (breakdown
 * tables): the VaR of the group's total for every model but Monte Carlo (decision 0116).
 */
export function matrixRisk(
  pnl: Float64Array,
  positions: number,
  scenarios: number,
  model: RiskModel,
  incremental: boolean,
  groups: readonly (readonly number[])[],
): MatrixRisk {
  const options = modelOptions(model, incremental);
  if (positions === 0) {
    return {
      var: 0,
      es: 0,
      marginal: [],
      component: [],
      incremental: [],
      groupVar: groups.map(() => 0),
    };
  }
  const all = Array.from({ length: positions }, (_, i) => i);
  const result = portfolioVar(
    columns(pnl, scenarios, all),
    new Float64Array(positions).fill(1),
    options,
  );
  // A group's stand-alone VaR: of its total where the model allows (varOfTotal, decision 0116),
  // one column however many positions; Monte Carlo's of its columns.
  const ofTotal = varOfTotal(model);
  const groupVar = groups.map((g) => {
    if (g.length === 0) return 0;
    const panel = ofTotal ? [groupTotal(pnl, scenarios, g)] : columns(pnl, scenarios, g);
    return portfolioVar(panel, new Float64Array(panel.length).fill(1), {
      ...options,
      incremental: false,
    }).var;
  });
  return {
    var: result.var,
    es: result.es,
    marginal: result.positions.map((p) => p.marginal),
    component: result.positions.map((p) => p.component),
    incremental: result.positions.map((p) => p.incremental),
    groupVar,
  };
}

/** The P&L of each scenario of the positions `indices` (Σ over them, in their order). */
function groupTotal(
  pnl: Float64Array,
  scenarios: number,
  indices: readonly number[],
): Float64Array {
  const total = new Float64Array(scenarios);
  for (const i of indices) {
    const base = i * scenarios;
    for (let s = 0; s < scenarios; s++) total[s] = total[s]! + pnl[base + s]!;
  }
  return total;
}

/** Portfolio P&L of each scenario (Σ over positions). */
export function scenarioTotals(
  pnl: Float64Array,
  positions: number,
  scenarios: number,
): Float64Array {
  return groupTotal(
    pnl,
    scenarios,
    Array.from({ length: positions }, (_, i) => i),
  );
}

/** Equal-width histogram of values in `bins` bins. */
export function histogram(
  values: Float64Array,
  bins: number,
): { from: number; to: number; count: number }[] {
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (hi === lo) return [{ from: lo, to: hi, count: values.length }];
  const width = (hi - lo) / bins;
  const out = Array.from({ length: bins }, (_, k) => ({
    from: lo + k * width,
    to: lo + (k + 1) * width,
    count: 0,
  }));
  for (const v of values) out[Math.min(bins - 1, Math.floor((v - lo) / width))]!.count += 1;
  return out;
}

/**
 * VaR before and after a trade given as changes of the position scales (+0.5 = half as much
 * again; a new instrument enters with exposure 0 and change 1), same model and seed.
 */
export function matrixWhatIf(
  pnl: Float64Array,
  positions: number,
  scenarios: number,
  model: RiskModel,
  exposures: Float64Array,
  trade: Float64Array,
): { before: { var: number; es: number }; after: { var: number; es: number } } {
  const all = Array.from({ length: positions }, (_, i) => i);
  const r = whatIfTrade(columns(pnl, scenarios, all), exposures, trade, modelOptions(model, false));
  return {
    before: { var: r.before.var, es: r.before.es },
    after: { var: r.after.var, es: r.after.es },
  };
}

/** A backtest day's VaR forecast and realised P&L (TRY). */
export interface BacktestDay {
  readonly var: number;
  readonly realised: number;
}

/**
 * A backtest day's scenario P&L (TRY) for `positions` positions. Each column holds
 * `scenarios + 1` values: the first `scenarios` are the window ending the day before (VaR
 * forecast), the last is the realised move (the hypothetical P&L of the frozen positions).
 * `total` is their sum, value by value: the portfolio's P&L of each scenario and its realised
 * P&L, added in any order (decision 0114). The columns are asked for only by a model that needs
 * them (varOfTotal false).
 */
export interface BacktestDayPnl {
  readonly positions: number;
  columns(): { readonly columns: readonly Float64Array[] };
  readonly total: Float64Array;
}

/**
 * Whether the model's VaR of positions held with exposure 1 depends on their scenario P&L only
 * through its sum, the portfolio's P&L of each scenario: historical (its quantile), parametric
 * and EWMA (its variance: 1'Σ1 is the variance of the sum, EWMA's as the sample's) and
 * Cornish–Fisher (its moments). Monte Carlo draws from the positions' covariance matrix: the sum's
 * distribution is the same, but the draws are others.
 */
export function varOfTotal(model: RiskModel): boolean {
  return model.method !== 'montecarlo';
}

/**
 * The backtest's day computation for a run of days. Where the model allows (varOfTotal), a day's
 * VaR is the VaR of its total: one column, however many positions (decision 0114), within
 * rounding of the VaR of its columns. Monte Carlo's columns are copied, in the positions' order,
 * into one panel storage kept across the days (decision 0082: the VaR reads it in place;
 * reallocated only for a day with more positions), so a day's columns may lie anywhere, e.g.
 * views of a matrix shared by several days. The realised P&L is the total's last value.
 */
export function backtestDayRisk(
  scenarios: number,
  model: RiskModel,
): (day: BacktestDayPnl) => BacktestDay {
  const ofTotal = varOfTotal(model);
  let storage = panelStorage(0, scenarios);
  return (day) => {
    const n = day.positions;
    const realised = day.total[scenarios]!;
    if (n === 0) return { var: 0, realised };
    if (ofTotal)
      return { var: matrixRisk(day.total, 1, scenarios, model, false, []).var, realised };
    const { columns } = day.columns();
    if (n * scenarios > storage.length) storage = panelStorage(n, scenarios);
    const window = storage.subarray(0, n * scenarios);
    columns.forEach((c, i) => {
      window.set(c.subarray(0, scenarios), i * scenarios);
    });
    return { var: matrixRisk(window, n, scenarios, model, false, []).var, realised };
  };
}

/**
 * Backtest batch: each matrix holds `scenarios + 1` columns per position (see
 * {@link backtestDayRisk}), their totals summed in the positions' order. Returns the VaRs and the
 * realised P&Ls.
 */
export function backtestDays(
  matrices: readonly Float64Array[],
  positions: readonly number[],
  scenarios: number,
  model: RiskModel,
): { var: Float64Array; realised: Float64Array } {
  const vars = new Float64Array(matrices.length);
  const realised = new Float64Array(matrices.length);
  const width = scenarios + 1;
  const day = backtestDayRisk(scenarios, model);
  matrices.forEach((m, d) => {
    const columns = Array.from({ length: positions[d]! }, (_, i) =>
      m.subarray(i * width, (i + 1) * width),
    );
    const r = day({
      positions: columns.length,
      columns: () => ({ columns }),
      total: scenarioTotals(m, positions[d]!, width),
    });
    vars[d] = r.var;
    realised[d] = r.realised;
  });
  return { var: vars, realised };
}
