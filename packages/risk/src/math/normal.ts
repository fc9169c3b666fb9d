// Standard normal distribution: density, CDF (Marsaglia series and Laplace continued fraction)
// and inverse CDF (Acklam's rational approximation polished by one Halley step).
import { InvalidInputError } from '../errors.ts';

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** Standard normal density φ(x). */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_2PI;
}

/**
 * Lower tail Φ(x) of the standard normal, to double precision: Marsaglia's Taylor series
 * ("Evaluating the normal distribution", J. Stat. Softw. 11(4), 2004) for |x| < 3, and the
 * Laplace continued fraction Q(a) = φ(a)/(a + 1/(a + 2/(a + …))) evaluated by Lentz's method for
 * the tail, so that small tail probabilities keep full relative precision (never 1 − Φ).
 */
export function normalCdf(x: number): number {
  if (Math.abs(x) < 3) {
    let s = x;
    let t = 0;
    let b = x;
    const q = x * x;
    for (let i = 1; s !== t;) {
      t = s;
      i += 2;
      b *= q / i;
      s = t + b;
    }
    return 0.5 + s * Math.exp(-0.5 * q - 0.9189385332046727);
  }
  const tail = normalTail(Math.abs(x));
  return x > 0 ? 1 - tail : tail;
}

/** Upper tail 1 − Φ(x) without cancellation for large x. */
export function normalSf(x: number): number {
  return normalCdf(-x);
}

/** Φ(−a) for a ≥ 3 by the continued fraction (modified Lentz, relative tolerance 1e-16). */
function normalTail(a: number): number {
  if (a > 40) return 0;
  const tiny = 1e-300;
  let f = a;
  let c = f;
  let d = 0;
  for (let k = 1; k < 5000; k++) {
    d = a + k * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = a + k / c;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return normalPdf(a) / f;
}

const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
] as const;
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
] as const;
const D = [
  7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416,
] as const;
const P_LOW = 0.02425;

/** Acklam's approximation for p ≤ 0.5 (relative error about 1.15e-9 before refinement). */
function acklamLower(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
    (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1)
  );
}

/**
 * Inverse standard normal CDF Φ⁻¹(p) (the quantile, `qnorm` in R, `norm.ppf` in scipy).
 * P. J. Acklam's rational approximation followed by one Halley step against {@link normalCdf},
 * giving about 1e-15 relative accuracy; the upper half uses Φ⁻¹(p) = −Φ⁻¹(1 − p), which is exact
 * in floating point for p ≥ 0.5. Returns ±Infinity at p = 1 / p = 0.
 * @throws InvalidInputError when p is outside [0, 1] or not a number.
 */
export function inverseNormalCdf(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new InvalidInputError(`probability must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p > 0.5) return -inverseNormalCdf(1 - p);
  const x = acklamLower(p);
  const e = normalCdf(x) - p;
  const u = e * SQRT_2PI * Math.exp(0.5 * x * x);
  return x - u / (1 + 0.5 * x * u);
}
