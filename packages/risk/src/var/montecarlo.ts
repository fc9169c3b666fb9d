// Monte Carlo scenarios of correlated normal (or Student-t) returns L·z, held as the standard
// draws z and the Cholesky factor L: the portfolio P&L of a draw is (Lᵀx)·z, one dot product per
// draw, and a position's return in a draw is formed only where it is read (the quantile's
// scenarios for the components; for incremental VaR the draws that can reach the tail without the
// position, decisions 0076 and 0092).
import { lowestNeeded, quantileOfLowest, type QuantileType } from '../math/quantile.ts';
import { createRng } from '../math/random.ts';
import type { MonteCarloDistribution } from './options.ts';
import { type ScenarioSet, keepLowest, sortHeapAscending, weightedReturnsAt } from './scenarios.ts';

/**
 * Standard draws: z (row-major draws × n) and each draw's scale (1, or √((ν − 2)/W)). Read-only:
 * normal draws share their numbers with later draws of the same seed.
 */
export interface StandardDraws {
  readonly positions: number;
  readonly draws: number;
  readonly z: Float64Array;
  readonly scale: Float64Array;
}

/**
 * `draws` vectors of n standard normals from the seeded generator, each followed (Student-t) by
 * W ~ χ²(ν) giving the draw's scale √((ν − 2)/W), so that the covariance of L·z·scale stays L·Lᵀ.
 * The generator is consumed in this order, the order {@link simulateNormalRows} has always used.
 */
export function standardDraws(
  n: number,
  draws: number,
  seed: number,
  distribution: MonteCarloDistribution,
): StandardDraws {
  const scale = new Float64Array(draws);
  if (distribution.kind === 'normal') {
    scale.fill(1);
    return { positions: n, draws, z: normalStream(seed, draws * n), scale };
  }
  const rng = createRng(seed);
  const z = new Float64Array(draws * n);
  for (let d = 0; d < draws; d++) {
    rng.fillNormal(z, d * n, (d + 1) * n);
    scale[d] = Math.sqrt((distribution.dof - 2) / rng.chiSquare(distribution.dof));
  }
  return { positions: n, draws, z, scale };
}

/** The last normal stream drawn, by seed (one per thread: the compute pool's threads each hold theirs). */
let lastStream: { seed: number; normals: Float64Array } | null = null;

/**
 * The first `length` standard normals of the seeded generator, read-only. With normal draws, z of
 * n positions is the stream's first draws·n numbers whatever n is, so the stand-alone VaR of each
 * group of a portfolio (same seed, fewer positions) reads a prefix of the portfolio's stream
 * instead of drawing it again (decision 0076). The same doubles as `fillNormal` of a new generator.
 */
function normalStream(seed: number, length: number): Float64Array {
  if (lastStream?.seed !== seed || lastStream.normals.length < length) {
    const normals = new Float64Array(length);
    createRng(seed).fillNormal(normals);
    lastStream = { seed, normals };
  }
  return lastStream.normals.subarray(0, length);
}

/** Return of position i in draw d: (Σ_{k ≤ i} Lᵢₖ·z_dk)·scale_d, summed in k order. */
function returnAt(lower: Float64Array, s: StandardDraws, i: number, d: number): number {
  const n = s.positions;
  const row = i * n;
  const base = d * n;
  let sum = 0;
  for (let k = 0; k <= i; k++) sum += lower[row + k]! * s.z[base + k]!;
  return sum * s.scale[d]!;
}

/**
 * out[d] = (Σ_{k < length} w[offset + k]·z_dk)·scale_d for every draw d, each sum in k order as
 * {@link returnAt} forms it (a row of L: a position's return in every draw; Lᵀx: the P&L). Four
 * draws at a time share each weight: four independent sums, the same doubles.
 */
function scaledDots(
  w: Float64Array,
  offset: number,
  length: number,
  s: StandardDraws,
  out: Float64Array,
): Float64Array {
  const { positions: n, draws, z, scale } = s;
  let d = 0;
  for (; d + 3 < draws; d += 4) {
    const b0 = d * n;
    const b1 = b0 + n;
    const b2 = b1 + n;
    const b3 = b2 + n;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let k = 0; k < length; k++) {
      const weight = w[offset + k]!;
      s0 += weight * z[b0 + k]!;
      s1 += weight * z[b1 + k]!;
      s2 += weight * z[b2 + k]!;
      s3 += weight * z[b3 + k]!;
    }
    out[d] = s0 * scale[d]!;
    out[d + 1] = s1 * scale[d + 1]!;
    out[d + 2] = s2 * scale[d + 2]!;
    out[d + 3] = s3 * scale[d + 3]!;
  }
  for (; d < draws; d++) {
    const base = d * n;
    let sum = 0;
    for (let k = 0; k < length; k++) sum += w[offset + k]! * z[base + k]!;
    out[d] = sum * scale[d]!;
  }
  return out;
}

/**
 * `draws` rows of n correlated returns L·z (z standard normal), times √((ν − 2)/W) with
 * W ~ χ²(ν) for Student-t so that the covariance stays L·Lᵀ. Row-major draws × n. The full
 * matrix: {@link simulatedScenarios} forms only what a VaR reads, with the same doubles.
 */
export function simulateNormalRows(
  lower: Float64Array,
  n: number,
  draws: number,
  seed: number,
  distribution: MonteCarloDistribution,
): Float64Array {
  const s = standardDraws(n, draws, seed, distribution);
  const rows = new Float64Array(draws * n);
  for (let d = 0; d < draws; d++)
    for (let i = 0; i < n; i++) rows[d * n + i] = returnAt(lower, s, i, d);
  return rows;
}

/**
 * The scenario set of the simulated returns rᵢ(d) = (L·z_d)ᵢ·scale_d without the draws × n
 * matrix: `returnAt` and `column` give the same doubles as {@link simulateNormalRows}; `pnl`
 * is scale_d·Σₖ uₖ·z_dk with u = Lᵀx (O(n²) once, then O(n) per draw instead of O(n²)), equal to
 * Σᵢ xᵢ·rᵢ(d) up to the order of the additions (~1e-15 relative).
 */
export function simulatedScenarios(lower: Float64Array, s: StandardDraws): ScenarioSet {
  const { positions: n, draws } = s;
  return {
    positions: n,
    scenarios: draws,
    returnAt: (i, d) => returnAt(lower, s, i, d),
    weightedReturns: (d, w) => weightedReturnsAt(n, (i, k) => returnAt(lower, s, i, k), d, w),
    column: (i, scratch) => scaledDots(lower, i * n, i + 1, s, scratch),
    pnl: (exposures) => {
      const u = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const x = exposures[i]!;
        if (x === 0) continue;
        const row = i * n;
        for (let k = 0; k <= i; k++) u[k] = u[k]! + x * lower[row + k]!;
      }
      return scaledDots(u, 0, n, s, new Float64Array(draws));
    },
  };
}

/** Relative and absolute slack of the bound on |xᵢ·rᵢ(d)|: far above the rounding of the sums. */
const BOUND_SLACK = 1e-6;
const PNL_SLACK = 1e-12;

/**
 * VaR without each position i, −quantile of pₐ − xᵢ·rᵢ(d) over the draws: the same doubles as
 * `decomposeScenarios(simulatedScenarios(lower, s), …, true, pnl).withoutVar`, without forming
 * every rᵢ(d) (n²/2 multiply-adds per draw, most of a Monte Carlo run; decisions 0076, 0092).
 * Cauchy–Schwarz bounds each term: |xᵢ·rᵢ(d)| ≤ |xᵢ|·‖Lᵢ‖·‖z_d,0..i‖·scale_d ≤ Rᵢ, the largest
 * over the draws (with slack for rounding). The draws are visited by ascending pₐ and each
 * visited draw's exact value pₐ − xᵢ·rᵢ(d) (rᵢ summed as `returnAt` sums it) joins the k lowest
 * found so far, whose largest, U, is at least the k-th lowest of all values. Once k are found and
 * pₐ − Rᵢ > U, no later draw (larger pₐ) can go below U: the k lowest found are the k lowest of
 * all draws (values only: their order among equals does not matter). A visited draw whose own
 * bound (its whole ‖z_d‖) already puts it above U is passed over without its rᵢ(d).
 */
export function monteCarloWithoutVar(
  lower: Float64Array,
  s: StandardDraws,
  pnl: Float64Array,
  exposures: ArrayLike<number>,
  alpha: number,
  quantileType: QuantileType,
): Float64Array {
  const { positions: n, draws } = s;
  const needed = lowestNeeded(draws, alpha);
  const withoutVar = new Float64Array(n);
  const { reach, whole } = scaledNorms(s);
  const order = ascendingOrder(pnl);
  const lowest = new Float64Array(needed);
  for (let i = 0; i < n; i++) {
    let rowSquares = 0;
    for (let k = 0; k <= i; k++) rowSquares += lower[i * n + k]! * lower[i * n + k]!;
    const x = exposures[i]!;
    const factor = Math.abs(x) * Math.sqrt(rowSquares) * (1 + BOUND_SLACK);
    const farthest = factor * reach[i]!;
    let count = 0;
    for (let j = 0; j < draws; j++) {
      const d = order[j]!;
      const p = pnl[d]!;
      if (count === needed) {
        // Written so that a NaN bound keeps the draw.
        const slack = PNL_SLACK * Math.abs(p);
        if (p - farthest - slack > lowest[0]!) break;
        if (p - factor * whole[d]! - slack > lowest[0]!) continue;
      }
      count = keepLowest(lowest, count, p - x * returnAt(lower, s, i, d));
    }
    sortHeapAscending(lowest);
    withoutVar[i] = -quantileOfLowest(lowest, draws, alpha, quantileType).value;
  }
  return withoutVar;
}

/**
 * The draws' indices by ascending P&L (a NaN last, ties by index): the order in which
 * {@link monteCarloWithoutVar} visits them.
 */
function ascendingOrder(pnl: Float64Array): Int32Array {
  const order = Int32Array.from({ length: pnl.length }, (_, d) => d);
  return order.sort((a, b) => {
    const pa = pnl[a]!;
    const pb = pnl[b]!;
    if (pa < pb) return -1;
    if (pa > pb) return 1;
    if (pa === pb) return a - b;
    return Number.isNaN(pa) ? (Number.isNaN(pb) ? a - b : 1) : -1;
  });
}

/**
 * For each position i the largest scale_d·‖(z_d0, …, z_di)‖ over the draws (`reach`), and for
 * each draw its whole scale_d·‖z_d‖ (`whole`, at least every prefix's): one pass over z in its
 * order, squares compared (one square root per position, not per draw and position).
 */
function scaledNorms(s: StandardDraws): { reach: Float64Array; whole: Float64Array } {
  const { positions: n, draws, z, scale } = s;
  const reach = new Float64Array(n);
  const whole = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    const base = d * n;
    const scaleSquare = scale[d]! * scale[d]!;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = z[base + i]!;
      sum += v * v;
      const scaled = scaleSquare * sum;
      if (scaled > reach[i]!) reach[i] = scaled;
    }
    whole[d] = scale[d]! * Math.sqrt(sum);
  }
  for (let i = 0; i < n; i++) reach[i] = Math.sqrt(reach[i]!);
  return { reach, whole };
}
