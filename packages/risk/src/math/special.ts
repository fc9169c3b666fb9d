// Special functions: log-gamma, regularized incomplete gamma, and the chi-square and binomial
// distributions built on them. Double precision throughout; no tabulated values.
import { InvalidInputError } from '../errors.ts';
import { normalSf } from './normal.ts';

/**
 * Natural logarithm of the gamma function, ln Γ(x), for x > 0: the recurrence
 * ln Γ(x) = ln Γ(x + k) − ln(x(x + 1)…(x + k − 1)) moves the argument to x ≥ 15, where Stirling's
 * series with terms up to B₁₄ is accurate to double precision.
 * @throws InvalidInputError when x ≤ 0.
 */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new InvalidInputError(`logGamma needs x > 0, got ${x}`);
  let shift = 0;
  let product = 1;
  while (x + shift < 15) {
    product *= x + shift;
    shift++;
  }
  const y = x + shift;
  const inv = 1 / y;
  const inv2 = inv * inv;
  const series =
    inv *
    (1 / 12 +
      inv2 *
        (-1 / 360 +
          inv2 *
            (1 / 1260 +
              inv2 * (-1 / 1680 + inv2 * (1 / 1188 + inv2 * (-691 / 360360 + inv2 / 156))))));
  return (y - 0.5) * Math.log(y) - y + 0.5 * Math.log(2 * Math.PI) + series - Math.log(product);
}

const EPS = 1e-16;
const MAX_ITER = 10_000;

/**
 * Regularized lower incomplete gamma P(a, x) = γ(a, x) / Γ(a) (series for x < a + 1, Lentz's
 * continued fraction for the complement otherwise; Numerical Recipes §6.2).
 */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0)) throw new InvalidInputError(`gamma shape must be > 0, got ${a}`);
  if (!(x >= 0)) throw new InvalidInputError(`gamma argument must be >= 0, got ${x}`);
  if (x === 0) return 0;
  if (x === Infinity) return 1;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed without cancellation. */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0)) throw new InvalidInputError(`gamma shape must be > 0, got ${a}`);
  if (!(x >= 0)) throw new InvalidInputError(`gamma argument must be >= 0, got ${x}`);
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

function gammaSeries(a: number, x: number): number {
  let ap = a;
  let sum = 1 / a;
  let del = sum;
  for (let n = 0; n < MAX_ITER; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function gammaContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

function assertDegreesOfFreedom(df: number): void {
  if (!(df > 0) || !Number.isFinite(df)) {
    throw new InvalidInputError(`degrees of freedom must be a positive number, got ${df}`);
  }
}

/** Chi-square CDF P(X ≤ x) with `df` degrees of freedom (R `pchisq(x, df)`). */
export function chiSquareCdf(x: number, df: number): number {
  assertDegreesOfFreedom(df);
  if (!(x > 0)) return 0;
  return regularizedGammaP(df / 2, x / 2);
}

/**
 * Chi-square survival function P(X > x) (R `pchisq(x, df, lower.tail = FALSE)`, scipy
 * `chi2.sf`): the p-value of a likelihood-ratio statistic. For df = 1 it is computed as
 * 2·(1 − Φ(√x)), exact to double precision.
 */
export function chiSquareSf(x: number, df: number): number {
  assertDegreesOfFreedom(df);
  if (!(x > 0)) return 1;
  if (df === 1) return 2 * normalSf(Math.sqrt(x));
  if (df === 2) return Math.exp(-x / 2);
  return regularizedGammaQ(df / 2, x / 2);
}

function assertBinomial(n: number, p: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new InvalidInputError(`binomial trials must be a non-negative integer, got ${n}`);
  }
  if (!(p >= 0 && p <= 1))
    throw new InvalidInputError(`binomial probability must be in [0, 1], got ${p}`);
}

/** Binomial probability P(X = k) for X ~ Bin(n, p) (R `dbinom`), via log-gamma. */
export function binomialPmf(k: number, n: number, p: number): number {
  assertBinomial(n, p);
  if (!Number.isInteger(k) || k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const logChoose = logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
  return Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/** Binomial CDF P(X ≤ k) for X ~ Bin(n, p) (R `pbinom(k, n, p)`, scipy `binom.cdf`). */
export function binomialCdf(k: number, n: number, p: number): number {
  assertBinomial(n, p);
  if (k < 0) return 0;
  if (k >= n) return 1;
  const top = Math.floor(k);
  let sum = 0;
  for (let i = 0; i <= top; i++) sum += binomialPmf(i, n, p);
  return Math.min(1, sum);
}
