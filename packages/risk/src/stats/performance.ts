// Return and risk-adjusted performance statistics of one series (PerformanceAnalytics
// conventions unless stated). All inputs are periodic simple returns as fractions, oldest first.
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { type Series, mean, sampleStdDev } from './moments.ts';

/** Periods per year used for annualisation: daily 252, weekly 52, monthly 12, quarterly 4. */
export interface AnnualizationOptions {
  readonly periodsPerYear: number;
}

function assertPeriods(periodsPerYear: number): void {
  if (!(periodsPerYear > 0) || !Number.isFinite(periodsPerYear)) {
    throw new InvalidInputError(`periodsPerYear must be a positive number, got ${periodsPerYear}`);
  }
}

/** Cumulative (compounded) return Π(1 + rₜ) − 1 (PerformanceAnalytics `Return.cumulative`). */
export function cumulativeReturn(returns: Series): number {
  if (returns.length === 0) throw new InsufficientHistoryError(1, 0);
  let w = 1;
  for (let i = 0; i < returns.length; i++) w *= 1 + returns[i]!;
  return w - 1;
}

/**
 * Annualised return. Geometric (default, PerformanceAnalytics `Return.annualized(geometric =
 * TRUE)`): (Π(1 + rₜ))^{periodsPerYear / n} − 1; arithmetic: mean·periodsPerYear.
 */
export function annualizedReturn(
  returns: Series,
  options: AnnualizationOptions & { geometric?: boolean },
): number {
  assertPeriods(options.periodsPerYear);
  if (options.geometric === false) return mean(returns) * options.periodsPerYear;
  const growth = cumulativeReturn(returns) + 1;
  return growth ** (options.periodsPerYear / returns.length) - 1;
}

/** Annualised volatility: sample standard deviation (n − 1) · √periodsPerYear (`StdDev.annualized`). */
export function annualizedVolatility(returns: Series, options: AnnualizationOptions): number {
  assertPeriods(options.periodsPerYear);
  return sampleStdDev(returns) * Math.sqrt(options.periodsPerYear);
}

/** A per-period risk-free rate: one number for every period, or a series aligned with the returns. */
export type RiskFree = number | Series;

/** Excess returns rₜ − rfₜ (PerformanceAnalytics `Return.excess`). */
export function excessReturns(returns: Series, riskFree: RiskFree = 0): Float64Array {
  if (typeof riskFree !== 'number' && riskFree.length !== returns.length) {
    throw new LengthMismatchError('riskFree', returns.length, riskFree.length);
  }
  const out = new Float64Array(returns.length);
  for (let i = 0; i < returns.length; i++) {
    out[i] = returns[i]! - (typeof riskFree === 'number' ? riskFree : riskFree[i]!);
  }
  return out;
}

/**
 * Annualised Sharpe ratio.
 * - `textbook` (default): mean(R − Rf) / sd(R − Rf) · √periodsPerYear, excess returns in the
 *   numerator and the denominator (= PerformanceAnalytics `SharpeRatio(FUN = "StdDev")` ·
 *   √periodsPerYear).
 * - `geometric`: Return.annualized(R − Rf) / StdDev.annualized(R − Rf), the definition documented
 *   for PerformanceAnalytics `SharpeRatio.annualized` (and its "Annualized Sharpe" row of
 *   `table.AnnualizedReturns`). Equal to its released output for a constant Rf; with an Rf
 *   series, released PerformanceAnalytics (≤ 2.0.8) divides by StdDev.annualized(R) instead (a
 *   "@todo" in its source), see docs/decisions/0003-risk-conventions.md.
 * Returns null when the excess returns have zero dispersion (undefined, not 0).
 * @throws InsufficientHistoryError with fewer than 2 observations.
 */
export function sharpeRatio(
  returns: Series,
  options: AnnualizationOptions & { riskFree?: RiskFree; method?: 'textbook' | 'geometric' },
): number | null {
  assertPeriods(options.periodsPerYear);
  const excess = excessReturns(returns, options.riskFree);
  const sd = sampleStdDev(excess);
  if (!(sd > 0)) return null;
  if (options.method === 'geometric') {
    return annualizedReturn(excess, options) / (sd * Math.sqrt(options.periodsPerYear));
  }
  return (mean(excess) / sd) * Math.sqrt(options.periodsPerYear);
}

/**
 * Downside deviation below the minimum acceptable return `mar` (per period, default 0):
 * √(Σ min(rₜ − mar, 0)² / n). `full` (default, PerformanceAnalytics `DownsideDeviation(method =
 * "full")`) divides by all n observations, `subset` by the number below `mar`. Per period, not
 * annualised. Returns null for `subset` when no return is below `mar`.
 */
export function downsideDeviation(
  returns: Series,
  options: { mar?: number; method?: 'full' | 'subset' } = {},
): number | null {
  if (returns.length === 0) throw new InsufficientHistoryError(1, 0);
  const mar = options.mar ?? 0;
  let s = 0;
  let below = 0;
  for (let i = 0; i < returns.length; i++) {
    const d = returns[i]! - mar;
    if (d < 0) {
      s += d * d;
      below++;
    }
  }
  if (options.method === 'subset') return below === 0 ? null : Math.sqrt(s / below);
  return Math.sqrt(s / returns.length);
}

/**
 * Sortino ratio, PerformanceAnalytics `SortinoRatio`: mean(R − mar) / DownsideDeviation(R, mar),
 * per period (not annualised). Returns null when no return is below `mar` (zero downside).
 */
export function sortinoRatio(returns: Series, options: { mar?: number } = {}): number | null {
  const dd = downsideDeviation(returns, options);
  if (dd === null || !(dd > 0)) return null;
  return (mean(returns) - (options.mar ?? 0)) / dd;
}

/** The largest peak-to-trough fall of the compounded wealth index. */
export interface Drawdown {
  /** Positive fraction: 1 − trough wealth / peak wealth; 0 when wealth never fell. */
  readonly maxDrawdown: number;
  /** Index of the period that ended at the peak; −1 when the peak is the initial wealth; null without a drawdown. */
  readonly peakIndex: number | null;
  /** Index of the period at the trough; null without a drawdown. */
  readonly troughIndex: number | null;
  /** First index at which wealth regained the peak; null when not recovered (or no drawdown). */
  readonly recoveryIndex: number | null;
}

/**
 * Maximum drawdown of the geometric wealth index Wₜ = Π(1 + rᵢ), starting from W = 1 before the
 * first period (PerformanceAnalytics `maxDrawdown(geometric = TRUE)`, reported as a positive
 * fraction), with the peak, trough and recovery positions.
 */
export function maxDrawdown(returns: Series): Drawdown {
  if (returns.length === 0) throw new InsufficientHistoryError(1, 0);
  let wealth = 1;
  let peak = 1;
  let peakAt = -1;
  let best = 0;
  let bestPeak = -1;
  let bestTrough = -1;
  for (let i = 0; i < returns.length; i++) {
    wealth *= 1 + returns[i]!;
    if (wealth > peak) {
      peak = wealth;
      peakAt = i;
    } else {
      const dd = 1 - wealth / peak;
      if (dd > best) {
        best = dd;
        bestPeak = peakAt;
        bestTrough = i;
      }
    }
  }
  if (best === 0)
    return { maxDrawdown: 0, peakIndex: null, troughIndex: null, recoveryIndex: null };
  let w = 1;
  let peakWealth = 1;
  let recovery: number | null = null;
  for (let i = 0; i < returns.length; i++) {
    w *= 1 + returns[i]!;
    if (i === bestPeak) peakWealth = w;
    if (i > bestTrough && w >= peakWealth) {
      recovery = i;
      break;
    }
  }
  return {
    maxDrawdown: best,
    peakIndex: bestPeak,
    troughIndex: bestTrough,
    recoveryIndex: recovery,
  };
}

/**
 * Calmar ratio, PerformanceAnalytics `CalmarRatio`: annualised geometric return / maximum
 * drawdown. Returns null when there is no drawdown.
 */
export function calmarRatio(returns: Series, options: AnnualizationOptions): number | null {
  const dd = maxDrawdown(returns).maxDrawdown;
  return dd > 0 ? annualizedReturn(returns, options) / dd : null;
}
