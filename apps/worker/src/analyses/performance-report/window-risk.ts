// The performance report's risk figures over its window: the fund's (and benchmark's) daily
// returns after the window's start, against the risk-free rate (TLREF) of each day.
import type { Database } from '@fonrisk/db';
import type { RiskFigures } from '@fonrisk/contracts';
import { monthsBefore } from '@fonrisk/risk';
import { calendarDays } from './fund-returns.ts';
import { indexOnOrBefore } from './index-sectors.ts';
import { seriesValues, type DatedSeries } from './performance-data.ts';
import { riskFigures } from './performance-figures.ts';

/** The risk-free rate series (TLREF, percent a year) for the Sharpe ratio. */
export const RISK_FREE_TICKER = 'TLREF';

/**
 * The risk-free return of each daily period dates[from + i] → dates[from + i + 1] (i < count):
 * the rate on or before the period's start, simple over its calendar days on actual/365; 0 when
 * the series has no value yet.
 */
export function riskFreeReturns(
  rates: DatedSeries,
  dates: readonly string[],
  from: number,
  count: number,
): Float64Array {
  const rf = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const d0 = dates[from + i]!;
    const k = indexOnOrBefore(rates.dates, d0);
    rf[i] = k >= 0 ? ((rates.values[k]! / 100) * calendarDays(d0, dates[from + i + 1]!)) / 365 : 0;
  }
  return rf;
}

/**
 * Risk figures of the returns dated after dates[windowStart]; the benchmark's only when its
 * returns cover the whole window (null otherwise).
 */
export async function windowRisk(
  db: Database,
  dates: readonly string[],
  net: Float64Array,
  benchW: Float64Array | null,
  windowStart: number,
  asOfDate: string,
): Promise<RiskFigures> {
  const netW = net.slice(windowStart);
  const tlref = await seriesValues(
    db,
    RISK_FREE_TICKER,
    monthsBefore(dates[windowStart]!, 1),
    asOfDate,
  );
  return riskFigures(netW, benchW, riskFreeReturns(tlref, dates, windowStart, netW.length));
}
