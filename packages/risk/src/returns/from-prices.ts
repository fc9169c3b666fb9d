// Periodic returns from a price (NAV) series with gaps.
import { InvalidInputError } from '../errors.ts';

/** Simple (discrete) P₁/P₀ − 1 or log (continuous) ln(P₁/P₀) returns. */
export type ReturnKind = 'simple' | 'log';

/** A return series with the position (index into the price series) each return ends at. */
export interface PriceReturns {
  readonly returns: Float64Array;
  /** Index in the input of the price each return ends at (its date). */
  readonly endIndex: Int32Array;
}

/**
 * Returns from prices. A missing price (null, NaN, undefined) is skipped and the next return is
 * computed across the gap from the last available price, i.e. PerformanceAnalytics
 * `Return.calculate(na.omit(prices), method = "discrete" | "log")`. The first available price
 * starts the series and has no return.
 * @throws InvalidInputError for a price that is present but not a positive finite number.
 */
export function returnsFromPrices(
  prices: ArrayLike<number | null | undefined>,
  kind: ReturnKind = 'simple',
): PriceReturns {
  const returns: number[] = [];
  const ends: number[] = [];
  let previous: number | null = null;
  for (let i = 0; i < prices.length; i++) {
    const p = prices[i];
    if (p === null || p === undefined || Number.isNaN(p)) continue;
    if (!(p > 0) || !Number.isFinite(p)) {
      throw new InvalidInputError(`prices[${i}] must be a positive finite number, got ${p}`);
    }
    if (previous !== null) {
      returns.push(kind === 'log' ? Math.log(p / previous) : p / previous - 1);
      ends.push(i);
    }
    previous = p;
  }
  return { returns: Float64Array.from(returns), endIndex: Int32Array.from(ends) };
}

/** Converts simple returns to log returns, ln(1 + r). */
export function simpleToLogReturns(returns: ArrayLike<number>): Float64Array {
  return Float64Array.from(returns, (r) => Math.log1p(r));
}

/** Converts log returns to simple returns, e^r − 1. */
export function logToSimpleReturns(returns: ArrayLike<number>): Float64Array {
  return Float64Array.from(returns, (r) => Math.expm1(r));
}
