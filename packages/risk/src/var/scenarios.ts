// Scenario-based (historical, Monte Carlo) VaR decomposition. Scenarios are held either by
// position (one column per position, e.g. a returns panel) or by draw (row-major draws × positions).
import { quantileOfSorted, type QuantileType } from '../math/quantile.ts';
import { tailShortfall } from './series-var.ts';

/** Returns of every position in every scenario. */
export interface ScenarioSet {
  readonly positions: number;
  readonly scenarios: number;
  /** Return of position i in scenario s (already demeaned where the model asks for it). */
  returnAt(i: number, s: number): number;
  /** Position i's returns over all scenarios: the stored column, or `scratch` filled with them. */
  column(i: number, scratch: Float64Array): Float64Array;
}

export function columnScenarios(columns: readonly Float64Array[], scenarios: number): ScenarioSet {
  return {
    positions: columns.length,
    scenarios,
    returnAt: (i, s) => columns[i]![s]!,
    column: (i) => columns[i]!,
  };
}

export function rowScenarios(
  rows: Float64Array,
  positions: number,
  scenarios: number,
): ScenarioSet {
  return {
    positions,
    scenarios,
    returnAt: (i, s) => rows[s * positions + i]!,
    column: (i, scratch) => {
      for (let s = 0; s < scenarios; s++) scratch[s] = rows[s * positions + i]!;
      return scratch;
    },
  };
}

/** P&L Σᵢ xᵢ·rᵢₛ of every scenario. */
export function scenarioPnl(set: ScenarioSet, exposures: ArrayLike<number>): Float64Array {
  const pnl = new Float64Array(set.scenarios);
  const scratch = new Float64Array(set.scenarios);
  for (let i = 0; i < set.positions; i++) {
    const x = exposures[i]!;
    if (x === 0) continue;
    const col = set.column(i, scratch);
    for (let s = 0; s < set.scenarios; s++) pnl[s] = pnl[s]! + x * col[s]!;
  }
  return pnl;
}

export interface ScenarioDecomposition {
  readonly var: number;
  readonly es: number;
  /** ∂VaR/∂xᵢ = −Σₖ wₖ·rᵢ(sₖ) over the quantile's scenarios sₖ and interpolation weights wₖ. */
  readonly marginal: Float64Array;
  /** VaR(all) − VaR(without position i); null entries when not requested. */
  readonly withoutVar: Float64Array | null;
}

/**
 * Historical-style VaR of a scenario set with Euler decomposition. The VaR is −Σₖ wₖ·P&L(sₖ), a
 * weighted sum of one or two scenarios (type 7 interpolates two neighbouring order statistics),
 * so the components xᵢ·marginalᵢ, taken on the same scenarios with the same weights, sum to the
 * VaR exactly (up to rounding). Ties in P&L are ordered by scenario index.
 */
export function decomposeScenarios(
  set: ScenarioSet,
  exposures: ArrayLike<number>,
  alpha: number,
  quantileType: QuantileType,
  withIncremental: boolean,
): ScenarioDecomposition {
  const pnl = scenarioPnl(set, exposures);
  const order = Int32Array.from({ length: set.scenarios }, (_, s) => s).sort(
    (a, b) => pnl[a]! - pnl[b]! || a - b,
  );
  const sorted = Float64Array.from(order, (s) => pnl[s]!);
  const point = quantileOfSorted(sorted, alpha, quantileType);
  const marginal = new Float64Array(set.positions);
  for (let i = 0; i < set.positions; i++) {
    let m = 0;
    point.indices.forEach((k, j) => {
      m -= point.weights[j]! * set.returnAt(i, order[k]!);
    });
    marginal[i] = m;
  }
  let withoutVar: Float64Array | null = null;
  if (withIncremental) {
    withoutVar = new Float64Array(set.positions);
    const scratch = new Float64Array(set.scenarios);
    const reduced = new Float64Array(set.scenarios);
    for (let i = 0; i < set.positions; i++) {
      const x = exposures[i]!;
      const col = set.column(i, scratch);
      for (let s = 0; s < set.scenarios; s++) reduced[s] = pnl[s]! - x * col[s]!;
      reduced.sort();
      withoutVar[i] = -quantileOfSorted(reduced, alpha, quantileType).value;
    }
  }
  return { var: -point.value, es: tailShortfall(sorted, point.value), marginal, withoutVar };
}
