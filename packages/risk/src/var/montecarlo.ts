// Monte Carlo scenarios of correlated normal (or Student-t) returns L·z, held as the standard
// draws z and the Cholesky factor L: the portfolio P&L of a draw is (Lᵀx)·z, one dot product per
// draw, and a position's return in a draw is formed only where it is read (the quantile's
// scenarios for the components; every draw only for incremental VaR).
import { lowestNeeded, quantileOfLowest, type QuantileType } from '../math/quantile.ts';
import { createRng } from '../math/random.ts';
import { lowestValues } from '../math/selection.ts';
import type { MonteCarloDistribution } from './options.ts';
import { type ScenarioSet, lowestWithout, weightedReturnsAt } from './scenarios.ts';

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
  const { positions: n, draws, z, scale } = s;
  return {
    positions: n,
    scenarios: draws,
    returnAt: (i, d) => returnAt(lower, s, i, d),
    weightedReturns: (d, w) => weightedReturnsAt(n, (i, k) => returnAt(lower, s, i, k), d, w),
    // Four draws at a time share each Lᵢₖ (four independent sums; each still in k order).
    column: (i, scratch) => {
      const row = i * n;
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
        for (let k = 0; k <= i; k++) {
          const l = lower[row + k]!;
          s0 += l * z[b0 + k]!;
          s1 += l * z[b1 + k]!;
          s2 += l * z[b2 + k]!;
          s3 += l * z[b3 + k]!;
        }
        scratch[d] = s0 * scale[d]!;
        scratch[d + 1] = s1 * scale[d + 1]!;
        scratch[d + 2] = s2 * scale[d + 2]!;
        scratch[d + 3] = s3 * scale[d + 3]!;
      }
      for (; d < draws; d++) scratch[d] = returnAt(lower, s, i, d);
      return scratch;
    },
    pnl: (exposures) => {
      const u = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const x = exposures[i]!;
        if (x === 0) continue;
        const row = i * n;
        for (let k = 0; k <= i; k++) u[k] = u[k]! + x * lower[row + k]!;
      }
      const pnl = new Float64Array(draws);
      for (let d = 0; d < draws; d++) {
        const base = d * n;
        let sum = 0;
        for (let k = 0; k < n; k++) sum += u[k]! * z[base + k]!;
        pnl[d] = sum * scale[d]!;
      }
      return pnl;
    },
  };
}

/** Relative and absolute slack of the bound on |xᵢ·rᵢ(d)|: far above the rounding of the sums. */
const BOUND_SLACK = 1e-6;
const PNL_SLACK = 1e-12;

/**
 * VaR without each position i, −quantile of pₐ − xᵢ·rᵢ(d) over the draws: the same doubles as
 * `decomposeScenarios(simulatedScenarios(lower, s), …, true, pnl).withoutVar`, without forming
 * every rᵢ(d) (n²/2 multiply-adds per draw, most of a Monte Carlo run; decision 0076).
 * Cauchy–Schwarz bounds each term: |xᵢ·rᵢ(d)| ≤ Bₐ = |xᵢ|·‖Lᵢ‖·‖z_d,0..i‖·scale_d (with slack for
 * rounding). The k-th lowest of pₐ + Bₐ (U) is at least the k-th lowest of pₐ − xᵢ·rᵢ(d), so a
 * draw with pₐ − Bₐ > U is not among the k lowest; the others (the candidates, at least k of
 * them) get their exact rᵢ(d), summed as `returnAt` sums it, and the k lowest of their values are
 * the k lowest of all draws (values only: their order among equals does not matter).
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
  const norms = scaledPrefixNorms(s);
  const bound = new Float64Array(draws);
  const upper = new Float64Array(draws);
  const candidatePnl = new Float64Array(draws);
  const candidateReturn = new Float64Array(draws);
  const lowest = new Float64Array(needed);
  for (let i = 0; i < n; i++) {
    let rowSquares = 0;
    for (let k = 0; k <= i; k++) rowSquares += lower[i * n + k]! * lower[i * n + k]!;
    const x = exposures[i]!;
    const factor = Math.abs(x) * Math.sqrt(rowSquares) * (1 + BOUND_SLACK);
    const base = i * draws;
    for (let d = 0; d < draws; d++) {
      const p = pnl[d]!;
      const b = factor * norms[base + d]! + PNL_SLACK * Math.abs(p);
      bound[d] = b;
      upper[d] = p + b;
    }
    const cut = lowestValues(upper, needed).values[needed - 1]!;
    let count = 0;
    for (let d = 0; d < draws; d++) {
      // Written so that a NaN bound keeps the draw.
      if (pnl[d]! - bound[d]! > cut) continue;
      candidatePnl[count] = pnl[d]!;
      candidateReturn[count] = returnAt(lower, s, i, d);
      count++;
    }
    lowestWithout(candidatePnl.subarray(0, count), x, candidateReturn.subarray(0, count), lowest);
    withoutVar[i] = -quantileOfLowest(lowest, draws, alpha, quantileType).value;
  }
  return withoutVar;
}

/** scale_d·‖(z_d0, …, z_di)‖ at [i·draws + d], the draws taken in tiles that stay in cache. */
function scaledPrefixNorms(s: StandardDraws): Float64Array {
  const { positions: n, draws, z, scale } = s;
  const norms = new Float64Array(n * draws);
  const tile = 64;
  const squares = new Float64Array(tile);
  for (let d0 = 0; d0 < draws; d0 += tile) {
    const width = Math.min(tile, draws - d0);
    squares.fill(0);
    for (let i = 0; i < n; i++) {
      const out = i * draws + d0;
      for (let j = 0; j < width; j++) {
        const v = z[(d0 + j) * n + i]!;
        squares[j] = squares[j]! + v * v;
        norms[out + j] = scale[d0 + j]! * Math.sqrt(squares[j]!);
      }
    }
  }
  return norms;
}
