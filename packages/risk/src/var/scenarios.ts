// Scenario-based (historical, Monte Carlo) VaR decomposition. Scenarios are held either by
// position (one column per position, e.g. a returns panel) or by draw (row-major draws × positions).
import { lowestNeeded, quantileOfLowest, type QuantileType } from '../math/quantile.ts';
import { lowestValues } from '../math/selection.ts';
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
  /**
   * Σₖ wₖ·rᵢ(sₖ) of every position i over a few scenarios sₖ (those of a quantile), added in the
   * order of k: one tight loop over the positions, whose reads (one per column and scenario, all
   * independent) the processor overlaps.
   */
  weightedReturns(scenarios: readonly number[], weights: readonly number[]): Float64Array;
}

/** {@link ScenarioSet.weightedReturns} of any set, from its `returnAt`. */
export function weightedReturnsAt(
  positions: number,
  returnAt: (i: number, s: number) => number,
  scenarios: readonly number[],
  weights: readonly number[],
): Float64Array {
  const out = new Float64Array(positions);
  for (let i = 0; i < positions; i++) {
    let sum = 0;
    for (let j = 0; j < scenarios.length; j++) sum += weights[j]! * returnAt(i, scenarios[j]!);
    out[i] = sum;
  }
  return out;
}

/** Σₖ wₖ·(cᵢ[sₖ] − μᵢ) of every column (μ = null: no mean subtracted), one or two scenarios. */
function weightedColumnReturns(
  columns: readonly ArrayLike<number>[],
  means: ArrayLike<number> | null,
  scenarios: readonly number[],
  weights: readonly number[],
): Float64Array {
  const out = new Float64Array(columns.length);
  const s0 = scenarios[0]!;
  const w0 = weights[0]!;
  if (scenarios.length === 1) {
    for (let i = 0; i < columns.length; i++)
      out[i] = w0 * (columns[i]![s0]! - (means === null ? 0 : means[i]!));
    return out;
  }
  if (scenarios.length !== 2) {
    const at = (i: number, s: number): number => columns[i]![s]! - (means === null ? 0 : means[i]!);
    return weightedReturnsAt(columns.length, at, scenarios, weights);
  }
  const s1 = scenarios[1]!;
  const w1 = weights[1]!;
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    const m = means === null ? 0 : means[i]!;
    out[i] = w0 * (c[s0]! - m) + w1 * (c[s1]! - m);
  }
  return out;
}

export function columnScenarios(columns: readonly Float64Array[], scenarios: number): ScenarioSet {
  return {
    positions: columns.length,
    scenarios,
    returnAt: (i, s) => columns[i]![s]!,
    column: (i) => columns[i]!,
    weightedReturns: (s, w) => weightedColumnReturns(columns, null, s, w),
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
    weightedReturns: (s, w) => weightedColumnReturns(columns, means, s, w),
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
  const returnAt = (i: number, s: number): number => rows[s * positions + i]!;
  return {
    positions,
    scenarios,
    returnAt,
    weightedReturns: (s, w) => weightedReturnsAt(positions, returnAt, s, w),
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
 * The `lowest.length` lowest values of pₛ − x·cₛ (the P&L without one position), ascending, into
 * `lowest`: each value formed as read (no reduced copy), a max-heap of values then sorted in
 * place. The same doubles as the first values of the sorted P&L without the position.
 */
export function lowestWithout(
  pnl: Float64Array,
  x: number,
  column: Float64Array,
  lowest: Float64Array,
): void {
  // keepLowest's two cases as two loops: no test of the count per scenario in this hot loop.
  const k = lowest.length;
  for (let s = 0; s < k; s++) keepLowest(lowest, s, pnl[s]! - x * column[s]!);
  for (let s = k; s < pnl.length; s++) {
    const v = pnl[s]! - x * column[s]!;
    if (v < lowest[0]!) siftDownValue(lowest, k, v);
  }
  sortHeapAscending(lowest);
}

/**
 * Adds v to the max-heap of the lowest values seen so far (`count` of them, at most
 * `heap.length`: past that, v replaces the largest if it is lower) and returns the new count.
 */
export function keepLowest(heap: Float64Array, count: number, v: number): number {
  if (count < heap.length) {
    let c = count;
    while (c > 0) {
      const parent = (c - 1) >> 1;
      if (!(heap[parent]! < v)) break;
      heap[c] = heap[parent]!;
      c = parent;
    }
    heap[c] = v;
    return count + 1;
  }
  if (v < heap[0]!) siftDownValue(heap, count, v);
  return count;
}

/** A full max-heap of values sorted ascending in place (heap sort: the largest goes last). */
export function sortHeapAscending(heap: Float64Array): void {
  for (let end = heap.length - 1; end > 0; end--) {
    const v = heap[end]!;
    heap[end] = heap[0]!;
    siftDownValue(heap, end, v);
  }
}

/** Puts v at the root of the max-heap of `size` values and moves it down to its place. */
function siftDownValue(heap: Float64Array, size: number, v: number): void {
  let c = 0;
  for (;;) {
    let child = 2 * c + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! > heap[child]!) child++;
    if (!(heap[child]! > v)) break;
    heap[c] = heap[child]!;
    c = child;
  }
  heap[c] = v;
}

/**
 * Historical-style VaR of a scenario set with Euler decomposition. The VaR is −Σₖ wₖ·P&L(sₖ), a
 * weighted sum of one or two scenarios (type 7 interpolates two neighbouring order statistics),
 * so the components xᵢ·marginalᵢ, taken on the same scenarios with the same weights, sum to the
 * VaR exactly (up to rounding). Ties in P&L are ordered by scenario index.
 * Only the lowest ⌊(n − 1)·α⌋ + 2 P&Ls are selected (a heap, not a sort of all n scenarios): the
 * quantile, its scenarios and the tail mean (ES) are the same doubles as from a full sort. The
 * same selection gives each VaR without position i (incremental). `pnl`, when given, is the set's
 * P&L already computed by the caller (`scenarioPnl(set, exposures)`, possibly summed in another
 * order, e.g. while the panel's means were taken).
 */
export function decomposeScenarios(
  set: ScenarioSet,
  exposures: ArrayLike<number>,
  alpha: number,
  quantileType: QuantileType,
  withIncremental: boolean,
  pnl: Float64Array = scenarioPnl(set, exposures),
): ScenarioDecomposition {
  const n = set.scenarios;
  const needed = lowestNeeded(n, alpha);
  const tail = lowestValues(pnl, needed);
  const point = quantileOfLowest(tail.values, n, alpha, quantileType);
  const marginal = set.weightedReturns(
    point.indices.map((k) => tail.indices[k]!),
    point.weights,
  );
  for (let i = 0; i < marginal.length; i++) marginal[i] = -marginal[i]!;
  let withoutVar: Float64Array | null = null;
  if (withIncremental) {
    withoutVar = new Float64Array(set.positions);
    const scratch = new Float64Array(n);
    const lowest = new Float64Array(needed);
    for (let i = 0; i < set.positions; i++) {
      const x = exposures[i]!;
      lowestWithout(pnl, x, set.column(i, scratch), lowest);
      withoutVar[i] = -quantileOfLowest(lowest, n, alpha, quantileType).value;
    }
  }
  return { var: -point.value, es: tailShortfall(tail.values, point.value), marginal, withoutVar };
}
