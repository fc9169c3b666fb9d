// Sample covariance matrix of a returns panel and Gaussian (delta-normal) VaR from a covariance
// matrix (Jorion, Value at Risk, 3rd ed., ch. 7: marginal, component and incremental VaR).
import {
  InsufficientHistoryError,
  InvalidInputError,
  LengthMismatchError,
  assertFinite,
} from '../errors.ts';
import type { SquareMatrix } from '../math/linear-algebra.ts';
import { normalPdf } from '../math/normal.ts';
import type { CentredPanel, PortfolioVarResult } from './var-types.ts';
import { type CommonVarOptions, resolveOptions } from './options.ts';
import { assemble } from './assemble.ts';
import { simdCrossProductBlocks } from './covariance-kernel.ts';

export type { CentredPanel } from './var-types.ts';

/**
 * Sample covariance matrix (n − 1 denominator, R `cov`) of equally long columns, row-major.
 * The columns are centred once into one contiguous column-major Float64Array; the upper triangle
 * of cross-products is computed and mirrored. The default kernel is WebAssembly SIMD
 * (covariance-kernel.ts: 4 × 2 column blocks, observations summed in two interleaved lanes);
 * where WebAssembly is unavailable, or with `kernel: 'javascript'`, a JavaScript kernel of 4 × 4
 * register blocks summed in time order. The two differ only in the order of the additions: they
 * agree with the pairwise definition to ~1e-15 relative (tested to 1e-12).
 * Both steps are exported (`centredPanel`, `covarianceRows`) so that a caller with threads can
 * split the rows between them.
 * @throws InsufficientHistoryError with fewer than 2 observations; LengthMismatchError when the
 *   columns differ in length; InvalidInputError for a non-finite value.
 */
export function covarianceMatrix(
  columns: readonly ArrayLike<number>[],
  options: CovarianceKernelOptions = {},
): SquareMatrix {
  const panel = centredPanel(columns);
  const out = new Float64Array(panel.size * panel.size);
  covarianceRows(panel, out, 0, panel.size, options);
  return { size: panel.size, data: out };
}

export interface CovarianceKernelOptions {
  /**
   * 'simd' (default): the WebAssembly SIMD kernel, falling back to JavaScript where WebAssembly
   * is unavailable; 'javascript': always the JavaScript kernel.
   */
  readonly kernel?: 'simd' | 'javascript';
}

/**
 * Centres equally long columns into one column-major buffer (step 1 of `covarianceMatrix`),
 * written into `into` when given (e.g. a view of a SharedArrayBuffer another thread reads).
 * @throws InsufficientHistoryError with fewer than 2 observations; LengthMismatchError when the
 *   columns differ in length or `into` has the wrong size; InvalidInputError for a non-finite
 *   value.
 */
export function centredPanel(
  columns: readonly ArrayLike<number>[],
  into?: Float64Array,
): CentredPanel {
  const t = columns[0]?.length ?? 0;
  if (t < 2) throw new InsufficientHistoryError(2, t);
  const data = into ?? new Float64Array(columns.length * t);
  if (data.length !== columns.length * t)
    throw new LengthMismatchError('into', columns.length * t, data.length);
  centredColumns(columns, t, data);
  return { data, size: columns.length, observations: t };
}

/**
 * Covariances of the rows i in [rowFrom, rowTo) with every column j ≥ i, scaled by 1/(t − 1) and
 * mirrored to (j, i), into `out` (n × n, row-major): step 2 of `covarianceMatrix`. Disjoint row
 * ranges write disjoint cells, so ranges can run on different threads over a shared `out`;
 * `rowFrom` and `rowTo` must be multiples of 4 unless they lie in the last n mod 4 rows (a 4-row
 * block is computed whole). Row i costs ∝ n − i.
 * The kernel (`options.kernel`) is the one described at `covarianceMatrix`; the SIMD kernel copies
 * columns [rowFrom, n) into its WebAssembly memory, which stays allocated for the thread's next
 * call. A cell's value does not depend on the range that computed it, so split ranges give the
 * same matrix bit for bit as one pass with the same kernel.
 * @throws InvalidInputError for a range outside [0, n] or a misaligned end;
 *   LengthMismatchError when `out` is not n × n.
 */
export function covarianceRows(
  panel: CentredPanel,
  out: Float64Array,
  rowFrom: number,
  rowTo: number,
  options: CovarianceKernelOptions = {},
): void {
  const { data: d, size: n, observations: t } = panel;
  const blocked = n - (n % 4);
  if (
    rowFrom < 0 ||
    rowTo > n ||
    rowFrom > rowTo ||
    (rowFrom < blocked && rowFrom % 4 !== 0) ||
    (rowTo < blocked && rowTo % 4 !== 0)
  ) {
    throw new InvalidInputError(`row range [${rowFrom}, ${rowTo}) of ${n} rows is not 4-aligned`);
  }
  if (out.length !== n * n) throw new LengthMismatchError('out', n * n, out.length);
  const scale = 1 / (t - 1);
  const put = (i: number, j: number, crossProduct: number): void => {
    const v = crossProduct * scale;
    out[i * n + j] = v;
    out[j * n + i] = v;
  };
  const blockedTo = Math.min(rowTo, blocked);
  let next = rowFrom;
  if (blockedTo > rowFrom && options.kernel !== 'javascript') {
    const pairedEnd = n - (n % 2);
    const simd = simdCrossProductBlocks(panel, rowFrom, blockedTo, (i0, rows) => {
      // The odd last column is not in the kernel's pairs.
      for (let r = 0; r < 4 && pairedEnd < n; r++)
        rows[r * n + n - 1] = dot4(d, (i0 + r) * t, (n - 1) * t, t);
      // Column j of the 4 rows goes to 4 adjacent cells of row j below the diagonal: one pass
      // over the rows below, not four.
      for (let j = i0; j < n; j++) {
        const below = j * n + i0;
        for (let r = 0; r < 4 && i0 + r <= j; r++) {
          const v = rows[r * n + j]! * scale;
          out[(i0 + r) * n + j] = v;
          out[below + r] = v;
        }
      }
    });
    if (simd) next = blockedTo;
  }
  for (let i0 = next; i0 < rowTo; i0 = i0 < blocked ? i0 + 4 : i0 + 1) {
    const i1 = i0 < blocked ? i0 + 4 : i0 + 1;
    if (i0 < blocked) {
      for (let j = i0; j < blocked; j += 4) block4x4(d, t, i0, j, out, n);
    }
    for (let i = i0; i < i1; i++) {
      for (let j = Math.max(i, blocked); j < n; j++) out[i * n + j] = dot4(d, i * t, j * t, t);
      // The diagonal block also wrote below the diagonal; the mirror below overwrites it.
      for (let j = i; j < n; j++) put(i, j, out[i * n + j]!);
    }
  }
}

function centredColumns(columns: readonly ArrayLike<number>[], t: number, d: Float64Array): void {
  columns.forEach((c, i) => {
    if (c.length !== t) throw new LengthMismatchError(`column ${i}`, t, c.length);
    assertFinite(c, `column ${i}`);
    let m = 0;
    for (let k = 0; k < t; k++) m += c[k]!;
    m /= t;
    const o = i * t;
    for (let k = 0; k < t; k++) d[o + k] = c[k]! - m;
  });
}

/** Raw cross-products of columns i..i+3 with j..j+3 into the upper triangle of `out`. */
function block4x4(
  d: Float64Array,
  t: number,
  i: number,
  j: number,
  out: Float64Array,
  n: number,
): void {
  const a0 = i * t,
    a1 = a0 + t,
    a2 = a1 + t,
    a3 = a2 + t;
  const b0 = j * t,
    b1 = b0 + t,
    b2 = b1 + t,
    b3 = b2 + t;
  let s00 = 0,
    s01 = 0,
    s02 = 0,
    s03 = 0,
    s10 = 0,
    s11 = 0,
    s12 = 0,
    s13 = 0;
  let s20 = 0,
    s21 = 0,
    s22 = 0,
    s23 = 0,
    s30 = 0,
    s31 = 0,
    s32 = 0,
    s33 = 0;
  for (let k = 0; k < t; k++) {
    const x0 = d[a0 + k]!,
      x1 = d[a1 + k]!,
      x2 = d[a2 + k]!,
      x3 = d[a3 + k]!;
    const y0 = d[b0 + k]!,
      y1 = d[b1 + k]!,
      y2 = d[b2 + k]!,
      y3 = d[b3 + k]!;
    s00 += x0 * y0;
    s01 += x0 * y1;
    s02 += x0 * y2;
    s03 += x0 * y3;
    s10 += x1 * y0;
    s11 += x1 * y1;
    s12 += x1 * y2;
    s13 += x1 * y3;
    s20 += x2 * y0;
    s21 += x2 * y1;
    s22 += x2 * y2;
    s23 += x2 * y3;
    s30 += x3 * y0;
    s31 += x3 * y1;
    s32 += x3 * y2;
    s33 += x3 * y3;
  }
  // On the diagonal block (i = j) the entries below the diagonal are written too; the mirroring
  // pass overwrites them from the upper triangle.
  const r0 = i * n + j,
    r1 = r0 + n,
    r2 = r1 + n,
    r3 = r2 + n;
  out[r0] = s00;
  out[r0 + 1] = s01;
  out[r0 + 2] = s02;
  out[r0 + 3] = s03;
  out[r1] = s10;
  out[r1 + 1] = s11;
  out[r1 + 2] = s12;
  out[r1 + 3] = s13;
  out[r2] = s20;
  out[r2 + 1] = s21;
  out[r2 + 2] = s22;
  out[r2 + 3] = s23;
  out[r3] = s30;
  out[r3 + 1] = s31;
  out[r3 + 2] = s32;
  out[r3 + 3] = s33;
}

/** Dot product of two length-t slices of d with 4 independent accumulators. */
function dot4(d: Float64Array, a: number, b: number, t: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  let k = 0;
  for (; k + 3 < t; k += 4) {
    s0 += d[a + k]! * d[b + k]!;
    s1 += d[a + k + 1]! * d[b + k + 1]!;
    s2 += d[a + k + 2]! * d[b + k + 2]!;
    s3 += d[a + k + 3]! * d[b + k + 3]!;
  }
  for (; k < t; k++) s0 += d[a + k]! * d[b + k]!;
  return s0 + s1 + (s2 + s3);
}

/**
 * Gaussian VaR of exposures x (currency or weights) given a covariance matrix Σ of 1-period
 * returns: σₚ = √(xᵀΣx), VaR = −z_α·σₚ·√h − h·xᵀμ (the mean term only with `mean: 'include'`
 * and `means`); marginal VaRᵢ = −z_α·(Σx)ᵢ/σₚ·√h − h·μᵢ, component = xᵢ·marginalᵢ (Euler: sums
 * to VaR), incremental = VaR − VaR with xᵢ = 0. ES = φ(z_α)/α·σₚ·√h − h·xᵀμ.
 * @throws InvalidInputError for bad options or sizes.
 */
export function gaussianVarFromCovariance(
  covariance: SquareMatrix,
  exposures: ArrayLike<number>,
  options: CommonVarOptions & { means?: ArrayLike<number> },
): PortfolioVarResult {
  const n = covariance.size;
  if (exposures.length !== n) throw new LengthMismatchError('exposures', n, exposures.length);
  if (options.horizonScaling === 'overlapping') {
    throw new InvalidInputError(
      'overlapping horizon needs a returns panel, not a covariance matrix',
    );
  }
  const r = resolveOptions({ ...options, method: 'gaussian' }, 'exclude');
  const cov = covariance.data;
  const sx = new Float64Array(n);
  let variance = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) s += cov[row + j]! * exposures[j]!;
    sx[i] = s;
    variance += exposures[i]! * s;
  }
  const sigma = Math.sqrt(Math.max(variance, 0));
  const marginal = Float64Array.from(sx, (v) => (sigma > 0 ? (-r.z * v) / sigma : 0));
  const withoutVar = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = exposures[i]!;
    withoutVar[i] =
      -r.z * Math.sqrt(Math.max(variance - 2 * x * sx[i]! + x * x * cov[i * n + i]!, 0));
  }
  const means = options.means ?? new Float64Array(n);
  if (means.length !== n) throw new LengthMismatchError('means', n, means.length);
  return assemble(
    { var: -r.z * sigma, es: (normalPdf(r.z) * sigma) / r.alpha, marginal, withoutVar },
    exposures,
    means,
    r,
  );
}
