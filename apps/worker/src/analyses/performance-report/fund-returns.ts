// The fund's side of the performance report: daily time-weighted returns from its unit prices,
// net (as priced) and gross of the management fee, and the report's window within them.
import { grossOfFeeReturns, monthsBefore, parseIsoDate } from '@fonrisk/risk';
import type { Database } from '@fonrisk/db';
import { AnalysisInputError } from '../../runner/errors.ts';
import { indexOnOrBefore } from './index-sectors.ts';
import { seriesValues, type DatedSeries, type FundRef } from './performance-data.ts';

/** Default window of risk figures and attribution: three years before the report date. */
const DEFAULT_WINDOW_MONTHS = 36;
/** The last unit price may be at most this many calendar days before the report date. */
const MAX_PRICE_GAP_DAYS = 7;

/** Calendar days from ISO date `a` to ISO date `b`. */
export const calendarDays = (a: string, b: string) => parseIsoDate(b) - parseIsoDate(a);

export interface FundReturns {
  /** Every unit-price date from inception to the last price on or before the report date. */
  readonly dates: string[];
  /** Daily net return from dates[i] to dates[i + 1]. */
  readonly net: Float64Array;
  /** The same returns with the daily management fee added back. */
  readonly gross: Float64Array;
  readonly inception: string;
  /** The last unit-price date (the report's effective date). */
  readonly lastDate: string;
  /** The window's start asked for (default three years), not before inception. */
  readonly fromDate: string;
  /** Index in `dates` of the last price on or before fromDate: the window's returns start there. */
  readonly windowStart: number;
}

/**
 * Daily returns p[i] / p[i − 1] − 1 of a unit-price series; a price that is not positive is an
 * input error naming the fund and the date.
 */
export function dailyReturns(portfolioCode: string, prices: DatedSeries): Float64Array {
  const dates = prices.dates;
  const net = new Float64Array(dates.length - 1);
  for (let i = 1; i < dates.length; i++) {
    const p0 = prices.values[i - 1]!;
    const p1 = prices.values[i]!;
    if (!(p0 > 0) || !(p1 > 0))
      throw new AnalysisInputError(
        `${portfolioCode} fonunun ${dates[p0 > 0 ? i : i - 1]} tarihli birim pay fiyatı pozitif değil.`,
      );
    net[i - 1] = p1 / p0 - 1;
  }
  return net;
}

/** The fund's unit prices up to the report date, checked, as net and gross daily returns. */
export async function fundReturns(
  db: Database,
  fund: FundRef,
  inputs: {
    readonly portfolioCode: string;
    readonly asOfDate: string;
    readonly fromDate?: string | undefined;
  },
  annualFeeRatePct: number,
): Promise<FundReturns> {
  const { portfolioCode, asOfDate } = inputs;
  const prices = await seriesValues(db, fund.priceTicker, '1900-01-01', asOfDate);
  if (prices.dates.length < 2)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${asOfDate} tarihine kadar en az iki birim pay fiyatı yok.`,
    );
  const lastDate = prices.dates.at(-1)!;
  if (calendarDays(lastDate, asOfDate) > MAX_PRICE_GAP_DAYS)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${lastDate} sonrasında birim pay fiyatı yok; rapor tarihi ${asOfDate} için fiyat gerekli.`,
    );
  const inception = prices.dates[0]!;
  const requested = inputs.fromDate ?? monthsBefore(asOfDate, DEFAULT_WINDOW_MONTHS);
  const fromDate = requested < inception ? inception : requested;
  const windowStart = indexOnOrBefore(prices.dates, fromDate);
  if (windowStart < 0 || windowStart >= prices.dates.length - 1)
    throw new AnalysisInputError(
      `${portfolioCode} fonunun ${fromDate} – ${asOfDate} döneminde birim pay fiyatı yok.`,
    );
  const dates = prices.dates;
  const net = dailyReturns(portfolioCode, prices);
  const gross = grossOfFeeReturns(dates, net, annualFeeRatePct / 100);
  return { dates, net, gross, inception, lastDate, fromDate, windowStart };
}
