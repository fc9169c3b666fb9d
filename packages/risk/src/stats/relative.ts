// Statistics of a fund against a benchmark (PerformanceAnalytics conventions). Both series must
// be aligned: the same periods, oldest first, no missing values (pairwise complete rows).
import { InsufficientHistoryError, LengthMismatchError } from '../errors.ts';
import { type Series, mean, sampleCovariance, sampleStdDev, sampleVariance } from './moments.ts';
import {
  type AnnualizationOptions,
  type RiskFree,
  annualizedReturn,
  cumulativeReturn,
  excessReturns,
} from './performance.ts';

function assertAligned(fund: Series, benchmark: Series): void {
  if (fund.length !== benchmark.length)
    throw new LengthMismatchError('benchmark', fund.length, benchmark.length);
}

/**
 * CAPM beta, PerformanceAnalytics `CAPM.beta`: cov(Ra − Rf, Rb − Rf) / var(Rb − Rf) (the OLS
 * slope). Returns null when the benchmark's excess returns are constant.
 * @throws InsufficientHistoryError with fewer than 2 pairs; LengthMismatchError when not aligned.
 */
export function beta(
  fund: Series,
  benchmark: Series,
  options: { riskFree?: RiskFree } = {},
): number | null {
  assertAligned(fund, benchmark);
  const xa = excessReturns(fund, options.riskFree);
  const xb = excessReturns(benchmark, options.riskFree);
  const v = sampleVariance(xb);
  return v > 0 ? sampleCovariance(xa, xb) / v : null;
}

/**
 * CAPM alpha, PerformanceAnalytics `CAPM.alpha`: the OLS intercept mean(Ra − Rf) − β·mean(Rb − Rf),
 * per period. With `annualize`, (1 + α)^periodsPerYear − 1 (PerformanceAnalytics `table.CAPM`
 * "Annualized Alpha"). Null when beta is undefined.
 */
export function alpha(
  fund: Series,
  benchmark: Series,
  options: { riskFree?: RiskFree; annualize?: AnnualizationOptions } = {},
): number | null {
  const b = beta(fund, benchmark, options);
  if (b === null) return null;
  const a =
    mean(excessReturns(fund, options.riskFree)) -
    b * mean(excessReturns(benchmark, options.riskFree));
  return options.annualize === undefined ? a : (1 + a) ** options.annualize.periodsPerYear - 1;
}

/** Active returns Ra − Rb. */
function activeReturns(fund: Series, benchmark: Series): Float64Array {
  assertAligned(fund, benchmark);
  return excessReturns(fund, benchmark);
}

/** Tracking error, PerformanceAnalytics `TrackingError`: sd(Ra − Rb) · √periodsPerYear (sample sd). */
export function trackingError(
  fund: Series,
  benchmark: Series,
  options: AnnualizationOptions,
): number {
  return sampleStdDev(activeReturns(fund, benchmark)) * Math.sqrt(options.periodsPerYear);
}

/**
 * Active premium, PerformanceAnalytics `ActivePremium`: annualised geometric return of the fund
 * minus that of the benchmark.
 */
export function activePremium(
  fund: Series,
  benchmark: Series,
  options: AnnualizationOptions,
): number {
  assertAligned(fund, benchmark);
  return annualizedReturn(fund, options) - annualizedReturn(benchmark, options);
}

/**
 * Information ratio, PerformanceAnalytics `InformationRatio`: ActivePremium / TrackingError.
 * Returns null when the tracking error is 0 (fund identical to the benchmark up to a constant).
 */
export function informationRatio(
  fund: Series,
  benchmark: Series,
  options: AnnualizationOptions,
): number | null {
  const te = trackingError(fund, benchmark, options);
  return te > 0 ? activePremium(fund, benchmark, options) / te : null;
}

/** Up and down capture ratios. */
export interface CaptureRatios {
  readonly upCapture: number | null;
  readonly downCapture: number | null;
}

/**
 * Up/down capture, PerformanceAnalytics `UpDownRatios(method = "Capture")`: up periods are
 * Rb > 0, down periods Rb ≤ 0 (rows where both series have values). Default (`geometric`, the
 * default of the current PerformanceAnalytics source, braverock/PerformanceAnalytics
 * R/UpDownRatios.R `geometric = TRUE`): ratio of the compounded returns, Return.cumulative(Ra) /
 * Return.cumulative(Rb) over those periods. `geometric: false`: ratio of the arithmetic means (=
 * ratio of sums; Bacon 2004 p. 47), what released PerformanceAnalytics up to 2.0.8 prints.
 * A side is null when it has no periods or the benchmark's figure is 0.
 */
export function captureRatios(
  fund: Series,
  benchmark: Series,
  options: { geometric?: boolean } = {},
): CaptureRatios {
  assertAligned(fund, benchmark);
  if (fund.length === 0) throw new InsufficientHistoryError(1, 0);
  const side = (up: boolean): number | null => {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < fund.length; i++) {
      if (benchmark[i]! > 0 === up) {
        a.push(fund[i]!);
        b.push(benchmark[i]!);
      }
    }
    if (a.length === 0) return null;
    const geometric = options.geometric ?? true;
    const num = geometric ? cumulativeReturn(a) : mean(a);
    const den = geometric ? cumulativeReturn(b) : mean(b);
    return den === 0 ? null : num / den;
  };
  return { upCapture: side(true), downCapture: side(false) };
}
