import { InvalidInputError, LengthMismatchError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/**
 * Gross-of-fee returns from net returns of a fund whose management fee accrues daily on the
 * previous net asset value at `annualFeeRate` (a fraction, e.g. 0.025) on an ACT/365 basis, the
 * Turkish practice of "günlük tahakkuk eden yönetim ücreti": the fee of the period ending at
 * dates[i] is annualFeeRate × (dates[i] − dates[i−1]) / 365 of the start value, so the gross
 * return adds it back, g_i = r_i + annualFeeRate × days_i / 365 (SPK Rehber §8.3 c: performance
 * shown also gross of the expenses borne by the fund). `dates` has one more element than
 * `netReturns`: the date of the first price, then each return's date.
 * @throws InvalidInputError for a negative or non-finite rate or dates not increasing.
 */
export function grossOfFeeReturns(
  dates: readonly string[],
  netReturns: ArrayLike<number>,
  annualFeeRate: number,
): Float64Array {
  if (!(annualFeeRate >= 0) || !Number.isFinite(annualFeeRate))
    throw new InvalidInputError(
      `annualFeeRate must be a non-negative fraction, got ${annualFeeRate}`,
    );
  if (dates.length !== netReturns.length + 1)
    throw new LengthMismatchError('dates', netReturns.length + 1, dates.length);
  const out = new Float64Array(netReturns.length);
  for (let i = 0; i < netReturns.length; i++) {
    const days = parseIsoDate(dates[i + 1]!) - parseIsoDate(dates[i]!);
    if (!(days > 0))
      throw new InvalidInputError(`dates must increase: ${dates[i]} then ${dates[i + 1]}`);
    out[i] = netReturns[i]! + (annualFeeRate * days) / 365;
  }
  return out;
}
