// Sample covariance matrix of a returns panel and Gaussian (delta-normal) VaR from a covariance
// matrix (Jorion, Value at Risk, 3rd ed., ch. 7: marginal, component and incremental VaR).
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError, assertFinite } from '../errors.ts';
import type { SquareMatrix } from '../math/linear-algebra.ts';
import { normalPdf } from '../math/normal.ts';
import type { PortfolioVarResult } from './portfolio-var.ts';
import { type CommonVarOptions, resolveOptions } from './options.ts';
import { assemble } from './assemble.ts';

/**
 * Sample covariance matrix (n − 1 denominator, R `cov`) of equally long columns, row-major.
 * Computed in 4×4 blocks over contiguous demeaned columns.
 * @throws InsufficientHistoryError with fewer than 2 observations.
 */
export function covarianceMatrix(columns: readonly ArrayLike<number>[]): SquareMatrix {
  const n = columns.length;
  const t = columns[0]?.length ?? 0;
  if (t < 2) throw new InsufficientHistoryError(2, t);
  const d = columns.map((c, i) => {
    if (c.length !== t) throw new LengthMismatchError(`column ${i}`, t, c.length);
    assertFinite(c, `column ${i}`);
    let m = 0;
    for (let k = 0; k < t; k++) m += c[k]!;
    m /= t;
    return Float64Array.from(c, (v) => v - m);
  });
  const out = new Float64Array(n * n);
  const scale = 1 / (t - 1);
  // 4×4 register blocks: 8 loads per 16 multiply-adds; edge blocks repeat the last column and
  // the duplicates are simply not stored.
  const col = (i: number): Float64Array => d[Math.min(i, n - 1)]!;
  for (let i = 0; i < n; i += 4) {
    const a0 = col(i);
    const a1 = col(i + 1);
    const a2 = col(i + 2);
    const a3 = col(i + 3);
    for (let j = i; j < n; j += 4) {
      const b0 = col(j);
      const b1 = col(j + 1);
      const b2 = col(j + 2);
      const b3 = col(j + 3);
      let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
      let s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
      for (let k = 0; k < t; k++) {
        const x0 = a0[k]!, x1 = a1[k]!, x2 = a2[k]!, x3 = a3[k]!;
        const y0 = b0[k]!, y1 = b1[k]!, y2 = b2[k]!, y3 = b3[k]!;
        s00 += x0 * y0; s01 += x0 * y1; s02 += x0 * y2; s03 += x0 * y3;
        s10 += x1 * y0; s11 += x1 * y1; s12 += x1 * y2; s13 += x1 * y3;
        s20 += x2 * y0; s21 += x2 * y1; s22 += x2 * y2; s23 += x2 * y3;
        s30 += x3 * y0; s31 += x3 * y1; s32 += x3 * y2; s33 += x3 * y3;
      }
      const block = [s00, s01, s02, s03, s10, s11, s12, s13, s20, s21, s22, s23, s30, s31, s32, s33];
      for (let r = 0; r < 4 && i + r < n; r++) {
        for (let c = 0; c < 4 && j + c < n; c++) {
          const v = block[r * 4 + c]! * scale;
          out[(i + r) * n + j + c] = v;
          out[(j + c) * n + i + r] = v;
        }
      }
    }
  }
  return { size: n, data: out };
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
    throw new InvalidInputError('overlapping horizon needs a returns panel, not a covariance matrix');
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
    withoutVar[i] = -r.z * Math.sqrt(Math.max(variance - 2 * x * sx[i]! + x * x * cov[i * n + i]!, 0));
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
