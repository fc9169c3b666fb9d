// Public surface of @fonrisk/risk: explicit named exports only (style.md).

// --- returns, statistics, VaR, backtesting ---
export {
  RiskError,
  InvalidInputError,
  InsufficientHistoryError,
  LengthMismatchError,
  NotPositiveDefiniteError,
  riskErrorData,
  riskErrorFromData,
  type RiskErrorData,
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
export {
  quantile,
  quantileOfSorted,
  type QuantileType,
  type QuantilePoint,
} from './math/quantile.ts';
export {
  returnsFromPrices,
  simpleToLogReturns,
  logToSimpleReturns,
  type ReturnKind,
  type PriceReturns,
} from './returns/from-prices.ts';
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
  compositePath,
  compositeReturns,
  compositeStartHoldings,
  rebalancingPeriod,
  type ComponentSeries,
  type CompositePath,
  type CompositeReturnPoint,
  type Rebalancing,
} from './returns/composite.ts';
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
export { correlation, correlationMatrix } from './stats/correlation.ts';
export { factorExposures } from './stats/factor-exposures.ts';
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
  type PortfolioVarOptions,
  type PortfolioVarResult,
  type PositionRisk,
} from './var/portfolio-var.ts';
export {
  simulateNormalRows,
  simulatedScenarios,
  standardDraws,
  type StandardDraws,
} from './var/montecarlo.ts';
export { whatIfTrade, type WhatIfResult } from './var/what-if.ts';
export { panelStorage, readsInPlace } from './var/pnl-kernel-wasm.ts';
export {
  covarianceMatrix,
  centredPanel,
  covarianceRows,
  gaussianVarFromCovariance,
} from './var/covariance.ts';
export type { CentredPanel } from './var/covariance.ts';
export {
  exceptions,
  kupiecTest,
  christoffersenTest,
  transitionCounts,
  type LikelihoodRatioTest,
  type TransitionCounts,
} from './backtest/coverage-tests.ts';
export {
  BASEL_GREEN_BELOW,
  BASEL_RED_FROM,
  SPK_BACKTEST_WINDOW,
  SPK_BACKTEST_REVIEW_ABOVE,
  SPK_BACKTEST_REPORT_ABOVE,
  baselTrafficLight,
  baselZoneBounds,
  spkBacktestThresholds,
  type TrafficLight,
  type TrafficLightZone,
} from './backtest/traffic-light.ts';

// --- instruments, leverage, stress, risk value, liquidity, concentration, performance ---
export {
  parseIsoDate,
  formatIsoDate,
  addMonths,
  isoWeekday,
  startOfIsoWeek,
  type DayNumber,
} from './dates/date.ts';
export {
  DAY_COUNTS,
  isDayCount,
  yearFraction,
  days30360,
  type DayCount,
  type ReferencePeriod,
} from './dates/day-count.ts';
export {
  createBusinessCalendar,
  adjustBusinessDay,
  addBusinessDays,
  businessDaysBetween,
  type BusinessCalendar,
  type BusinessDayConvention,
} from './dates/calendar.ts';
export {
  TURKISH_RELIGIOUS_HOLIDAYS,
  RELIGIOUS_HOLIDAYS_ANNOUNCED_THROUGH,
  CALENDAR_DAY_SOURCES,
  TURKISH_CALENDAR_YEARS,
  TURKISH_CALENDAR,
  turkishCalendarDays,
  createTurkishCalendar,
  businessDaysInRange,
  type CalendarDay,
  type CalendarDayKind,
  type CalendarOverride,
  type TurkishCalendar,
} from './dates/turkish-calendar.ts';
export {
  deriveAdjustedSeries,
  actionFactors,
  type CorporateAction,
  type CorporateActionKind,
  type DerivedSeries,
  type ExDateFactor,
} from './corporate-actions/adjust.ts';
export {
  presentValueAtYield,
  yieldSensitivities,
  solveYield,
  type TimedCashflow,
  type YieldSensitivities,
} from './bonds/discounting.ts';
export { couponPeriods, COUPON_FREQUENCIES, type CouponPeriod } from './bonds/schedule.ts';
export {
  fixedBondFromYield,
  fixedBondFromCleanPrice,
  type FixedBondSpec,
  type BondAnalytics,
  type BondCashflow,
  type YieldConvention,
} from './bonds/fixed-bond.ts';
export {
  simpleDiscountBillFromYield,
  simpleDiscountBillFromPrice,
  type DiscountYieldBasis,
} from './bonds/discount-bill.ts';
export {
  floatingRateNoteFromYield,
  floatingRateNoteFromCleanPrice,
  floatingRateNoteAfterRateMove,
  type FloatingRateNoteAnalytics,
  type FloatingRateNoteSpec,
  type FloatingProjection,
} from './bonds/floating-rate-note.ts';
export {
  cpiLinkedBondFromRealYield,
  cpiLinkedBondFromRealCleanPrice,
  referenceIndex,
  type CpiLinkedBondSpec,
  type CpiLinkedBondAnalytics,
} from './bonds/cpi-linked-bond.ts';
export {
  blackScholesMerton,
  black76,
  valueOption,
  optionPricer,
  impliedVolatility,
  type OptionType,
  type OptionModel,
  type BlackScholesInput,
  type OptionValuation,
} from './options/black-scholes.ts';
export { futuresExposure, type FuturesPosition } from './derivatives/futures.ts';
export {
  derivativeExposure,
  type DerivativeExposure,
  type DerivativeExposureInput,
} from './derivatives/exposure.ts';
export {
  commitmentApproach,
  commitmentExposure,
  SPK_COMMITMENT_LIMITS,
  COMMITMENT_METRICS,
  type CommitmentPosition,
  type CommitmentMetric,
  type CommitmentResult,
  type HedgeDesignation,
  type NettingGroup,
  type PositionExposure,
} from './leverage/commitment.ts';
export {
  checkLimits,
  rulesInForce,
  type LimitRule,
  type LimitCheck,
} from './concentration/limit-rule.ts';
export {
  weeklyReturns,
  type WeeklyReturn,
  type WeeklyReturnMethod,
} from './risk-value/weekly-returns.ts';
export {
  SPK_RISK_VALUE_BANDS,
  bandTableFor,
  riskValueForVolatility,
  type RiskValueBand,
  type RiskValueBandTable,
} from './risk-value/bands.ts';
export {
  riskValueHistory,
  officialRiskValues,
  type RiskValueOptions,
  type RiskValuePoint,
  type RiskValueResult,
} from './risk-value/risk-value.ts';
export { checkRiskLabel, RISK_LABEL_RULES, type RiskLabelCheck } from './risk-value/label-rule.ts';
export {
  daysToLiquidate,
  sellableShare,
  liquidityProfile,
  redemptionCoverage,
  squareRootImpact,
  worstNetOutflow,
  type NetOutflow,
  LIQUIDITY_BUCKETS,
  type LiquidityPosition,
  type LiquidityProfile,
  type PositionLiquidity,
  type RedemptionScenario,
  type RedemptionCoverage,
} from './liquidity/liquidity.ts';
export {
  liquidationTradeDate,
  positionSettlementDates,
  settledByPayment,
  settlementDate,
  type SettlementDates,
} from './liquidity/settlement.ts';
export {
  weightsBy,
  groupWeights,
  herfindahl,
  topN,
  checkConcentration,
  SPK_CONCENTRATION_RULES,
  CONCENTRATION_DIMENSIONS,
  type ConcentrationHolding,
  type ConcentrationDimension,
  type ConcentrationRule,
  type ConcentrationCheck,
  type HerfindahlIndex,
  type Weight,
} from './concentration/concentration.ts';
export {
  stressTest,
  historicalShock,
  curveShiftBp,
  type StressPosition,
  type StressShock,
  type CurveShock,
  type StressResult,
  type PositionStress,
  type FactorHistory,
  type PriceFactor,
} from './stress/stress.ts';
export {
  activeShare,
  activeWeightsBy,
  weightsFromValues,
  type HoldingWeight,
  type ActiveWeight,
  type ActiveShareResult,
} from './performance/active-share.ts';
export { timeWeightedReturn, type Valuation } from './performance/time-weighted.ts';
export {
  modifiedDietzReturn,
  chainedModifiedDietz,
  type DietzPeriod,
} from './performance/modified-dietz.ts';
export {
  brinsonFachler,
  type AttributionSegment,
  type SegmentEffects,
  type BrinsonFachlerResult,
} from './performance/brinson-fachler.ts';
export {
  xirr,
  moneyWeightedReturn,
  type DatedAmount,
  type MoneyWeightedPeriod,
} from './performance/irr.ts';
export { carinoFactors, linkEffects, CARINO_LINKING } from './performance/linking.ts';
export { grossOfFeeReturns } from './performance/gross-of-fees.ts';
export {
  unitTotalReturn,
  simpleInterestReturn,
  couponsBetween,
  type UnitEvent,
  type CouponScheduleSpec,
  type FaceIncome,
} from './performance/position-income.ts';
export {
  BOND_DAY_COUNTS,
  SHORT_PRICE_HISTORY_NOTE,
  floaterSpreadPnl,
  nextReset,
} from './scenario/pricing.ts';
export {
  fundStatistics,
  type FundStatistics,
  type FundStatisticsOptions,
  type MonthlyReturn,
  type PriceSeries,
} from './performance/fund-statistics.ts';

// --- scenario P&L: positions priced on market data, and the risk of the matrix ---
export type {
  BondDayCountName,
  ScenarioBondTerms,
  ScenarioOptionTerms,
  ScenarioFutureTerms,
  ScenarioFundTerms,
  ScenarioOtherTerms,
  ScenarioTerms,
  PositionInput,
  PricingMethod,
  ScenarioPosition,
  UnmappedPosition,
  ScenarioMatrix,
} from './scenario/types.ts';
export {
  type SeriesData,
  type MarketData,
  type ScenarioWindow,
  indexOnOrBefore,
  valueAt,
  firstObservation,
  fxAt,
  valuationIndex,
  scenarioStart,
  windowReturns,
  windowChanges,
} from './scenario/market.ts';
export {
  RISK_FACTOR,
  classify,
  seriesMovedWith,
  buildScenarioMatrix,
  pnlColumn,
  pricePosition,
  type PricedPosition,
} from './scenario/build.ts';
export {
  bondPricedByOwnReturns,
  derivativeOnMarket,
  type DerivativeOnMarket,
  type FundProxies,
} from './scenario/pricing.ts';
export {
  type RiskModelMethod,
  type RiskModel,
  type MatrixRisk,
  libraryMethod,
  matrixRisk,
  scenarioTotals,
  histogram,
  matrixWhatIf,
  backtestDays,
  backtestDayRisk,
  varOfTotal,
  type BacktestDay,
  type BacktestDayPnl,
} from './scenario/matrix-risk.ts';
export {
  type MarketJson,
  type EvaluationJson,
  type ScenarioBundleJson,
  type PortfolioFigures,
  type PositionFigures,
  type VarReplay,
  type FigureDifference,
  marketFromJson,
  portfolioFigures,
  positionFigures,
  replayVar,
  compareFigures,
} from './scenario/replay.ts';

// --- why VaR moved: the change between two dates in four parts (decision 0063) ---
export {
  VAR_CHANGE_ORDER,
  type VarChange,
  type VarChangeFactor,
  type VarChangeModel,
  type VarChangeOptions,
  type VarChangePosition,
  type VarChangeSide,
  type VarChangeStep,
  revaluePositions,
  varChange,
} from './var-change/var-change.ts';
