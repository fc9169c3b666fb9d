import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';
import { excessKurtosis, skewness } from '../stats/moments.ts';
import {
  annualizedReturn,
  annualizedVolatility,
  calmarRatio,
  cumulativeReturn,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
} from '../stats/performance.ts';
import { alpha, beta, captureRatios, informationRatio, trackingError } from '../stats/relative.ts';
import { calendarYearReturns, trailingReturns, type TrailingReturn } from '../returns/trailing.ts';
import { seriesVar } from '../var/series-var.ts';

/** A dated price series, ascending, every price positive. */
export interface PriceSeries {
  readonly dates: readonly string[];
  readonly prices: ArrayLike<number>;
}

export interface FundStatisticsOptions {
  /** First date of the statistics period (its price is the base); default: the first date. */
  readonly fromDate?: string | undefined;
  /** Annual risk-free rate as a fraction, compounded to a daily rate (1 + rf)^(1/P) − 1. */
  readonly riskFreeAnnual?: number;
  /** Historical VaR/ES confidence level (default 0.95). */
  readonly confidenceLevel?: number;
  /** Periods per year of the returns (default 252, daily business-day prices). */
  readonly periodsPerYear?: number;
}

export interface MonthlyReturn {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly return: number;
}

/** Every figure of fund-statistics for one fund (docs/decisions/0003-risk-conventions.md). */
export interface FundStatistics {
  readonly firstDate: string;
  readonly lastDate: string;
  /** Number of returns in the period. */
  readonly observations: number;
  /** 1M … 5Y and YTD at the last date, from the whole price history given. */
  readonly periodReturns: TrailingReturn[];
  readonly cumulativeReturn: number;
  readonly annualizedReturn: number;
  readonly annualizedVolatility: number;
  readonly sharpe: number | null;
  readonly sortino: number | null;
  readonly maxDrawdown: number;
  readonly drawdownPeakDate: string | null;
  readonly drawdownTroughDate: string | null;
  readonly drawdownRecoveryDate: string | null;
  readonly calmar: number | null;
  readonly skewness: number | null;
  readonly excessKurtosis: number | null;
  readonly historicalVar: number;
  readonly historicalEs: number;
  /** Against the benchmark (null without one or with too few common dates). */
  readonly beta: number | null;
  /** Annualised Jensen alpha (1 + α)^P − 1. */
  readonly alpha: number | null;
  readonly trackingError: number | null;
  readonly informationRatio: number | null;
  readonly upCapture: number | null;
  readonly downCapture: number | null;
  /** Compounded month returns (calendar table), and years. */
  readonly monthly: MonthlyReturn[];
  readonly yearly: { year: number; return: number }[];
  /** Cumulative return and drawdown at each date of the period (first = 0). */
  readonly curve: { dates: string[]; cumulative: number[]; drawdown: number[] };
}

function returnsOf(prices: ArrayLike<number>, from: number, to: number): Float64Array {
  const out = new Float64Array(Math.max(0, to - from));
  for (let i = from + 1; i <= to; i++) out[i - from - 1] = prices[i]! / prices[i - 1]! - 1;
  return out;
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch (error) {
    if (error instanceof InsufficientHistoryError) return null;
    throw error;
  }
}

/** PerformanceAnalytics `SortinoRatio` (MAR 0, per period) × √periodsPerYear; null without downside. */
function annualizedSortino(
  r: Parameters<typeof sortinoRatio>[0],
  periodsPerYear: number,
): number | null {
  const perPeriod = sortinoRatio(r);
  return perPeriod === null ? null : perPeriod * Math.sqrt(periodsPerYear);
}

/**
 * fund-statistics of a unit-price series over [fromDate, last date]: simple daily returns,
 * annualised with P = 252; Sharpe textbook with the compounded daily risk-free rate; Sortino
 * annualised like Sharpe, per-period Sortino (MAR 0) × √P (decision 0060: no per-period ratio
 * beside an annual one); max drawdown on the geometric wealth index with peak, trough and recovery
 * dates; Calmar; population skewness and excess kurtosis; historical VaR/ES (type-7 quantile,
 * positive losses); beta/alpha (annualised), tracking error, information ratio and geometric
 * capture against the benchmark on the dates both have prices. Period returns (1M … 5Y, YTD)
 * use the whole series given. Conventions: docs/decisions/0003-risk-conventions.md.
 * @throws InvalidInputError for non-positive prices or unordered dates;
 *   InsufficientHistoryError with fewer than 2 returns in the period.
 */
export function fundStatistics(
  fund: PriceSeries,
  benchmark: PriceSeries | null,
  options: FundStatisticsOptions = {},
): FundStatistics {
  const { dates, prices } = fund;
  for (let i = 0; i < dates.length; i++) {
    if (!(prices[i]! > 0)) throw new InvalidInputError(`price must be positive on ${dates[i]}`);
    if (i > 0 && !(dates[i]! > dates[i - 1]!))
      throw new InvalidInputError(`dates must be strictly ascending at ${dates[i]}`);
  }
  const P = options.periodsPerYear ?? 252;
  const ann = { periodsPerYear: P };
  let start = 0;
  if (options.fromDate !== undefined) {
    start = dates.findIndex((d) => d >= options.fromDate!);
    if (start < 0) start = dates.length;
  }
  const end = dates.length - 1;
  if (end - start < 2) throw new InsufficientHistoryError(3, Math.max(0, end - start + 1));
  const r = returnsOf(prices, start, end);
  const rDates = dates.slice(start + 1, end + 1);
  const rf = (1 + (options.riskFreeAnnual ?? 0)) ** (1 / P) - 1;
  const dd = maxDrawdown(r);
  const dateAt = (i: number | null): string | null =>
    i === null ? null : i < 0 ? dates[start]! : rDates[i]!;
  const hist = seriesVar(r, {
    method: 'historical',
    confidenceLevel: options.confidenceLevel ?? 0.95,
  });

  // Calendar table: compounded returns per month of the period.
  const monthly: MonthlyReturn[] = [];
  for (let i = 0; i < r.length; i++) {
    const year = Number(rDates[i]!.slice(0, 4));
    const month = Number(rDates[i]!.slice(5, 7));
    const last = monthly.at(-1);
    if (last?.year === year && last.month === month)
      monthly[monthly.length - 1] = { year, month, return: (1 + last.return) * (1 + r[i]!) - 1 };
    else monthly.push({ year, month, return: r[i]! });
  }

  const cumulative = [0];
  const drawdown = [0];
  let wealth = 1;
  let peak = 1;
  for (const x of r) {
    wealth *= 1 + x;
    peak = Math.max(peak, wealth);
    cumulative.push(wealth - 1);
    drawdown.push(wealth / peak - 1);
  }

  // Relative figures on the dates both series price (returns between consecutive common dates).
  let relative: Pick<
    FundStatistics,
    'beta' | 'alpha' | 'trackingError' | 'informationRatio' | 'upCapture' | 'downCapture'
  > = {
    beta: null,
    alpha: null,
    trackingError: null,
    informationRatio: null,
    upCapture: null,
    downCapture: null,
  };
  if (benchmark !== null) {
    const bIndex = new Map(benchmark.dates.map((d, i) => [d, i]));
    const fa: number[] = [];
    const ba: number[] = [];
    for (let i = start; i <= end; i++) {
      const j = bIndex.get(dates[i]!);
      if (j !== undefined && benchmark.prices[j]! > 0) {
        fa.push(prices[i]!);
        ba.push(benchmark.prices[j]!);
      }
    }
    if (fa.length >= 4) {
      const ra = returnsOf(fa, 0, fa.length - 1);
      const rb = returnsOf(ba, 0, ba.length - 1);
      const capture = captureRatios(ra, rb);
      relative = {
        beta: safe(() => beta(ra, rb, { riskFree: rf })),
        alpha: safe(() => alpha(ra, rb, { riskFree: rf, annualize: ann })),
        trackingError: safe(() => trackingError(ra, rb, ann)),
        informationRatio: safe(() => informationRatio(ra, rb, ann)),
        upCapture: capture.upCapture,
        downCapture: capture.downCapture,
      };
    }
  }

  return {
    firstDate: dates[start]!,
    lastDate: dates[end]!,
    observations: r.length,
    periodReturns: trailingReturns(dates.slice(1), returnsOf(prices, 0, end), {
      startDate: dates[0]!,
    }),
    cumulativeReturn: cumulativeReturn(r),
    annualizedReturn: annualizedReturn(r, ann),
    annualizedVolatility: annualizedVolatility(r, ann),
    sharpe: safe(() => sharpeRatio(r, { ...ann, riskFree: rf })),
    sortino: annualizedSortino(r, P),
    maxDrawdown: dd.maxDrawdown,
    drawdownPeakDate: dateAt(dd.peakIndex),
    drawdownTroughDate: dateAt(dd.troughIndex),
    drawdownRecoveryDate: dateAt(dd.recoveryIndex),
    calmar: calmarRatio(r, ann),
    skewness: safe(() => skewness(r)),
    excessKurtosis: safe(() => excessKurtosis(r)),
    historicalVar: hist.var,
    historicalEs: hist.es,
    ...relative,
    monthly,
    yearly: calendarYearReturns(rDates, r).map((y) => ({ year: y.year, return: y.return })),
    curve: { dates: dates.slice(start, end + 1), cumulative, drawdown },
  };
}
