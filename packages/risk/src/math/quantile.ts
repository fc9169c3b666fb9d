// Sample quantiles of sorted data under the two conventions the library offers.
import { InvalidInputError } from '../errors.ts';

/**
 * Quantile convention.
 * - `type7`: R's default `quantile(x, p, type = 7)` (= numpy `method='linear'`, Excel
 *   PERCENTILE.INC): h = (n − 1)·p, linear interpolation between the order statistics at ⌊h⌋ and
 *   ⌊h⌋ + 1 (0-based).
 * - `lower`: numpy `quantile(x, p, method='lower')`: the order statistic at ⌊(n − 1)·p⌋ (0-based),
 *   i.e. the lower of the two values type 7 interpolates between. In the loss tail this is the
 *   k-th worst return with k = ⌊(n − 1)·p⌋ + 1, never a smaller loss than type 7.
 */
export type QuantileType = 'type7' | 'lower';

/** The order statistics a quantile combines: value = Σ weight·sorted[index]. */
export interface QuantilePoint {
  readonly value: number;
  /** 0-based positions in the ascending order; one or two entries. */
  readonly indices: readonly number[];
  /** Interpolation weights of those positions; they sum to 1. */
  readonly weights: readonly number[];
}

/**
 * Quantile of ascending-sorted data, with the order statistics and weights that produce it (so
 * that contributions can be attributed with the same interpolation).
 * @throws InvalidInputError when the data are empty or p is outside [0, 1].
 */
export function quantileOfSorted(
  sorted: ArrayLike<number>,
  p: number,
  type: QuantileType = 'type7',
): QuantilePoint {
  return quantileOfLowest(sorted, sorted.length, p, type);
}

/**
 * Number of lowest order statistics a quantile of n values at probability p reads (⌊(n − 1)·p⌋
 * + 2, at most n): what a selection must keep instead of sorting all n (see {@link
 * quantileOfLowest}).
 */
export function lowestNeeded(n: number, p: number): number {
  return Math.min(n, Math.floor((n - 1) * p) + 2);
}

/**
 * The same quantile as {@link quantileOfSorted} of n values, from their lowest order statistics
 * only (`lowest` ascending, at least {@link lowestNeeded}(n, p) of them): the same doubles, the
 * same result.
 * @throws InvalidInputError when n is 0, p is outside [0, 1] or `lowest` is too short.
 */
export function quantileOfLowest(
  lowest: ArrayLike<number>,
  n: number,
  p: number,
  type: QuantileType = 'type7',
): QuantilePoint {
  if (n === 0) throw new InvalidInputError('quantile of an empty series is undefined');
  if (!(p >= 0 && p <= 1))
    throw new InvalidInputError(`quantile probability must be in [0, 1], got ${p}`);
  if (lowest.length < lowestNeeded(n, p))
    throw new InvalidInputError(
      `quantile needs the ${lowestNeeded(n, p)} lowest values, got ${lowest.length}`,
    );
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const frac = h - lo;
  if (type === 'lower' || frac === 0 || lo + 1 >= n) {
    return { value: lowest[lo]!, indices: [lo], weights: [1] };
  }
  const a = lowest[lo]!;
  const b = lowest[lo + 1]!;
  return { value: a + frac * (b - a), indices: [lo, lo + 1], weights: [1 - frac, frac] };
}

/** Quantile of unsorted data (copies and sorts; NaN not allowed). */
export function quantile(
  values: ArrayLike<number>,
  p: number,
  type: QuantileType = 'type7',
): number {
  return quantileOfSorted(sortedCopy(values), p, type).value;
}

/** Ascending sorted Float64Array copy. */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}
