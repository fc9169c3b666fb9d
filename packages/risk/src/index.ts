// Public surface of @fonrisk/risk: explicit named exports only (style.md).

// --- returns, statistics, VaR, backtesting ---
export {
  RiskError,
  InvalidInputError,
  InsufficientHistoryError,
  LengthMismatchError,
  NotPositiveDefiniteError,
} from './errors.ts';
export { normalPdf, normalCdf, normalSf, inverseNormalCdf } from './math/normal.ts';
export {
  logGamma,
  regularizedGammaP,
  regularizedGammaQ,
  chiSquareCdf,
  chiSquareSf,
  binomialPmf,
  binomialCdf,
} from './math/special.ts';
export { createRng, type Rng } from './math/random.ts';
export { cholesky, type SquareMatrix } from './math/linear-algebra.ts';
export { quantile, quantileOfSorted, type QuantileType, type QuantilePoint } from './math/quantile.ts';
export { returnsFromPrices, simpleToLogReturns, logToSimpleReturns, type ReturnKind, type PriceReturns } from './returns/from-prices.ts';
export {
  periodKey,
  periodReturnsFromPrices,
  compoundByPeriod,
  inferPeriodsPerYear,
  type Period,
  type PeriodReturns,
} from './returns/periods.ts';
export {
  trailingReturns,
  calendarYearReturns,
  monthsBefore,
  TRAILING_PERIODS,
  type TrailingPeriod,
  type TrailingReturn,
  type CalendarYearReturn,
} from './returns/trailing.ts';
export {
  mean,
  centralMoment,
  sampleVariance,
  sampleStdDev,
  sampleCovariance,
  skewness,
  excessKurtosis,
  type Series,
} from './stats/moments.ts';
export {
  cumulativeReturn,
  annualizedReturn,
  annualizedVolatility,
  excessReturns,
  sharpeRatio,
  downsideDeviation,
  sortinoRatio,
  maxDrawdown,
  calmarRatio,
  type AnnualizationOptions,
  type RiskFree,
  type Drawdown,
} from './stats/performance.ts';
export {
  beta,
  alpha,
  trackingError,
  activePremium,
  informationRatio,
  captureRatios,
  type CaptureRatios,
} from './stats/relative.ts';
export {
  EWMA_DEFAULT_LAMBDA,
  EWMA_DEFAULT_SEED_OBSERVATIONS,
  overlappingReturns,
  type VarMethod,
  type VarMethodName,
  type CommonVarOptions,
  type HorizonScaling,
  type MonteCarloDistribution,
} from './var/options.ts';
export { seriesVar, type SeriesVarOptions, type VarResult } from './var/series-var.ts';
export { ewmaCovariance } from './var/ewma.ts';
export { cornishFisherQuantile, cornishFisherShortfall } from './var/cornish-fisher.ts';
export {
  portfolioVar,
  simulateNormalRows,
  type PortfolioVarOptions,
  type PortfolioVarResult,
  type PositionRisk,
} from './var/portfolio-var.ts';
export { whatIfTrade, type WhatIfResult } from './var/what-if.ts';
export { covarianceMatrix, gaussianVarFromCovariance } from './var/covariance.ts';
export {
  exceptions,
  kupiecTest,
  christoffersenTest,
  transitionCounts,
  type LikelihoodRatioTest,
  type TransitionCounts,
} from './backtest/coverage-tests.ts';
export {
  baselTrafficLight,
  spkBacktestThresholds,
  type TrafficLight,
  type TrafficLightZone,
} from './backtest/traffic-light.ts';

// --- instruments, leverage, stress, risk value, liquidity, concentration, performance ---

