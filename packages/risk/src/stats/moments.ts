// Sample and population moments of a return series. Conventions follow R: `mean`, `var`/`sd`
// (sample, n − 1) and PerformanceAnalytics' `centeredmoment` (population, n).
import { InsufficientHistoryError, assertFinite } from '../errors.ts';

/** A return (or P&L) series: finite numbers, oldest first. */
export type Series = ArrayLike<number>;

/**
 * Arithmetic mean.
 * @throws InsufficientHistoryError for an empty series; InvalidInputError for a non-finite value.
 */
export function mean(values: Series): number {
  if (values.length === 0) throw new InsufficientHistoryError(1, 0);
  assertFinite(values);
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s / values.length;
}

/** Population central moment Σ(x − x̄)^k / n (PerformanceAnalytics `centeredmoment`). */
export function centralMoment(values: Series, order: number): number {
  const m = mean(values);
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i]! - m) ** order;
  return s / values.length;
}

/**
 * Sample variance Σ(x − x̄)² / (n − 1) (R `var`).
 * @throws InsufficientHistoryError with fewer than 2 observations.
 */
export function sampleVariance(values: Series): number {
  if (values.length < 2) throw new InsufficientHistoryError(2, values.length);
  return (centralMoment(values, 2) * values.length) / (values.length - 1);
}

/** Sample standard deviation (R `sd`, PerformanceAnalytics `StdDev`). */
export function sampleStdDev(values: Series): number {
  return Math.sqrt(sampleVariance(values));
}

/**
 * Sample covariance Σ(x − x̄)(y − ȳ) / (n − 1) of two equally long series (R `cov`).
 * @throws InsufficientHistoryError with fewer than 2 pairs.
 */
export function sampleCovariance(x: Series, y: Series): number {
  if (x.length < 2 || y.length < 2)
    throw new InsufficientHistoryError(2, Math.min(x.length, y.length));
  const mx = mean(x);
  const my = mean(y);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i]! - mx) * (y[i]! - my);
  return s / (x.length - 1);
}

/**
 * Skewness, PerformanceAnalytics `skewness(method = "moment")` (its default) = scipy
 * `stats.skew(bias=True)`: g₁ = m₃ / m₂^{3/2} with population moments. `fisher` gives the
 * adjusted Fisher–Pearson estimator G₁ = g₁·√(n(n − 1))/(n − 2) (scipy `bias=False`).
 * Returns null for a constant series (undefined: zero dispersion).
 * @throws InsufficientHistoryError with fewer than 3 observations.
 */
export function skewness(
  values: Series,
  options: { method?: 'moment' | 'fisher' } = {},
): number | null {
  const n = values.length;
  if (n < 3) throw new InsufficientHistoryError(3, n);
  const m2 = centralMoment(values, 2);
  if (!(m2 > 0)) return null;
  const g1 = centralMoment(values, 3) / m2 ** 1.5;
  return options.method === 'fisher' ? (g1 * Math.sqrt(n * (n - 1))) / (n - 2) : g1;
}

/**
 * Excess kurtosis, PerformanceAnalytics `kurtosis(method = "excess")` (its default) = scipy
 * `stats.kurtosis(fisher=True, bias=True)`: m₄ / m₂² − 3 with population moments. `fisher` is
 * the unbiased G₂ (scipy `bias=False`, Excel KURT). Returns null for a constant series.
 * @throws InsufficientHistoryError with fewer than 4 observations.
 */
export function excessKurtosis(
  values: Series,
  options: { method?: 'moment' | 'fisher' } = {},
): number | null {
  const n = values.length;
  if (n < 4) throw new InsufficientHistoryError(4, n);
  const m2 = centralMoment(values, 2);
  if (!(m2 > 0)) return null;
  const g2 = centralMoment(values, 4) / (m2 * m2) - 3;
  if (options.method !== 'fisher') return g2;
  return ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * g2 + 6);
}
