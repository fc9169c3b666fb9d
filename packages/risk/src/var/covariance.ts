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
 * Rows are computed four at a time over contiguous demeaned columns.
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
  for (let i = 0; i < n; i += 4) {
    const a0 = d[i]!;
    const a1 = d[Math.min(i + 1, n - 1)]!;
    const a2 = d[Math.min(i + 2, n - 1)]!;
    const a3 = d[Math.min(i + 3, n - 1)]!;
    for (let j = i; j < n; j++) {
      const b = d[j]!;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let k = 0; k < t; k++) {
        const bk = b[k]!;
        s0 += a0[k]! * bk;
        s1 += a1[k]! * bk;
        s2 += a2[k]! * bk;
        s3 += a3[k]! * bk;
      }
      const sums = [s0, s1, s2, s3];
      for (let r = 0; r < 4 && i + r < n; r++) {
        if (j < i + r) continue;
        const v = sums[r]! * scale;
        out[(i + r) * n + j] = v;
        out[j * n + i + r] = v;
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
