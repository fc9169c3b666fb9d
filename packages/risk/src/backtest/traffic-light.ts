// Basel traffic-light zones (BCBS, "Supervisory framework for the use of backtesting in
// conjunction with the internal models approach to market risk capital requirements", 1996)
// and the SPK backtest thresholds (Rehber §7.6.4).
import { InvalidInputError, assertConfidenceLevel } from '../errors.ts';
import { binomialCdf } from '../math/special.ts';

export type TrafficLightZone = 'green' | 'yellow' | 'red';

export interface TrafficLight {
  readonly zone: TrafficLightZone;
  /** Plus factor added to the multiplier 3 (Basel 1996 Table 2); null outside 250 obs at 99 %. */
  readonly plusFactor: number | null;
  /** P(X ≤ exceptions) for X ~ Bin(observations, 1 − confidenceLevel). */
  readonly cumulativeProbability: number;
}

/** Basel 1996 cut-offs of the binomial cumulative probability: green below, red from. */
export const BASEL_GREEN_BELOW = 0.95;
export const BASEL_RED_FROM = 0.9999;

/** SPK Rehber §7.6.4: exceptions counted over the last 250 days; review above 3, report above 5. */
export const SPK_BACKTEST_WINDOW = 250;
export const SPK_BACKTEST_REVIEW_ABOVE = 3;
export const SPK_BACKTEST_REPORT_ABOVE = 5;

/** Basel 1996 Table 2 plus factors for 5 … 9 exceptions in 250 days at 99 %. */
const BASEL_PLUS_FACTOR: Readonly<Record<number, number>> = {
  5: 0.4,
  6: 0.5,
  7: 0.65,
  8: 0.75,
  9: 0.85,
};

/**
 * Traffic-light zone: green while the binomial cumulative probability of the exception count is
 * below 95 %, red from 99.99 %, yellow between (the Basel 1996 cut-offs; at 250 observations and
 * 99 % this gives green 0–4, yellow 5–9, red 10+). The cumulative probability is P(X ≤ x) as in
 * the Basel table. Plus factor: 0 (green), Table 2 (yellow), 1 (red), at 250/99 % only.
 * @throws InvalidInputError for a negative or non-integer count or count above observations.
 */
export function baselTrafficLight(
  exceptionCount: number,
  observations: number,
  confidenceLevel = 0.99,
): TrafficLight {
  assertConfidenceLevel(confidenceLevel);
  if (!Number.isInteger(observations) || observations < 1) {
    throw new InvalidInputError(`observations must be a positive integer, got ${observations}`);
  }
  if (!Number.isInteger(exceptionCount) || exceptionCount < 0 || exceptionCount > observations) {
    throw new InvalidInputError(
      `exceptions must be an integer in [0, ${observations}], got ${exceptionCount}`,
    );
  }
  const p = 1 - confidenceLevel;
  const cumulativeProbability = binomialCdf(exceptionCount, observations, p);
  const zone: TrafficLightZone =
    cumulativeProbability < BASEL_GREEN_BELOW
      ? 'green'
      : cumulativeProbability < BASEL_RED_FROM
        ? 'yellow'
        : 'red';
  const standard = observations === 250 && Math.abs(confidenceLevel - 0.99) < 1e-12;
  const plusFactor = !standard
    ? null
    : zone === 'green'
      ? 0
      : zone === 'red'
        ? 1
        : BASEL_PLUS_FACTOR[exceptionCount]!;
  return { zone, plusFactor, cumulativeProbability };
}

/** SPK Rehber §7.6.4: more than 3 exceptions in 250 days → review; more than 5 → report to SPK. */
export function spkBacktestThresholds(exceptionCount: number): {
  reviewRequired: boolean;
  reportRequired: boolean;
} {
  return {
    reviewRequired: exceptionCount > SPK_BACKTEST_REVIEW_ABOVE,
    reportRequired: exceptionCount > SPK_BACKTEST_REPORT_ABOVE,
  };
}

/**
 * The largest exception counts of the green and yellow zones for a number of observations and a
 * confidence level (at 250 and 99 %: 4 and 9, i.e. green 0–4, yellow 5–9, red 10+). A zone no
 * count falls in has null.
 */
export function baselZoneBounds(
  observations: number,
  confidenceLevel = 0.99,
): { greenMax: number | null; yellowMax: number | null } {
  let greenMax: number | null = null;
  let yellowMax: number | null = null;
  for (let x = 0; x <= observations; x++) {
    const { zone } = baselTrafficLight(x, observations, confidenceLevel);
    if (zone === 'green') greenMax = x;
    else if (zone === 'yellow') yellowMax = x;
    else break;
  }
  return { greenMax, yellowMax };
}
