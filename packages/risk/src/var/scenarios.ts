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
  /** Σᵢ xᵢ·rᵢ(s) of every scenario, in the storage order (one pass, no copy of the returns). */
  pnl(exposures: ArrayLike<number>): Float64Array;
}

export function columnScenarios(columns: readonly Float64Array[], scenarios: number): ScenarioSet {
  return {
    positions: columns.length,
    scenarios,
    returnAt: (i, s) => columns[i]![s]!,
    column: (i) => columns[i]!,
    pnl: (exposures) =>
      byColumn(columns.length, scenarios, exposures, (i, x, pnl) => {
        const col = columns[i]!;
        for (let s = 0; s < scenarios; s++) pnl[s] = pnl[s]! + x * col[s]!;
      }),
  };
}

/**
 * Columns demeaned as they are read: rᵢ(s) = cᵢ[s] − μᵢ, the same doubles a demeaned copy would
 * hold, without copying the panel (the historical VaR of a large panel is one pass over it).
 */
export function centredColumnScenarios(
  columns: readonly ArrayLike<number>[],
  means: ArrayLike<number>,
  scenarios: number,
): ScenarioSet {
  return {
    positions: columns.length,
    scenarios,
    returnAt: (i, s) => columns[i]![s]! - means[i]!,
    column: (i, scratch) => {
      const col = columns[i]!;
      const m = means[i]!;
      for (let s = 0; s < scenarios; s++) scratch[s] = col[s]! - m;
      return scratch;
    },
    pnl: (exposures) =>
      byColumn(columns.length, scenarios, exposures, (i, x, pnl) => {
        const col = columns[i]!;
        const m = means[i]!;
        for (let s = 0; s < scenarios; s++) pnl[s] = pnl[s]! + x * (col[s]! - m);
      }),
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
    // Row by row, in storage order: each draw's P&L is one contiguous dot product.
    pnl: (exposures) => {
      const pnl = new Float64Array(scenarios);
      for (let s = 0; s < scenarios; s++) {
        let sum = 0;
        const base = s * positions;
        for (let i = 0; i < positions; i++) {
          const x = exposures[i]!;
          if (x !== 0) sum += x * rows[base + i]!;
        }
        pnl[s] = sum;
      }
      return pnl;
    },
  };
}

/** P&L Σᵢ xᵢ·rᵢₛ of every scenario. */
export function scenarioPnl(set: ScenarioSet, exposures: ArrayLike<number>): Float64Array {
  return set.pnl(exposures);
}

/** Column-stored P&L: position by position, each column added once (positions without exposure skipped). */
function byColumn(
  positions: number,
  scenarios: number,
  exposures: ArrayLike<number>,
  add: (i: number, x: number, pnl: Float64Array) => void,
): Float64Array {
  const pnl = new Float64Array(scenarios);
  for (let i = 0; i < positions; i++) {
    const x = exposures[i]!;
    if (x !== 0) add(i, x, pnl);
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
