// Pearson correlation of return series (R `cor(x, y)`, the default method "pearson"): sample
// covariance over the product of sample standard deviations (n − 1 cancels).
import { InsufficientHistoryError, LengthMismatchError } from '../errors.ts';
import type { Series } from './moments.ts';
import { sampleCovariance, sampleStdDev } from './moments.ts';

/**
 * Pearson correlation of two aligned series (same periods, oldest first). Null when either series
 * is constant (R returns NA with a warning).
 * @throws InsufficientHistoryError with fewer than 2 pairs; LengthMismatchError when not aligned.
 */
export function correlation(x: Series, y: Series): number | null {
  if (x.length !== y.length) throw new LengthMismatchError('y', x.length, y.length);
  if (x.length < 2) throw new InsufficientHistoryError(2, x.length);
  const sx = sampleStdDev(x);
  const sy = sampleStdDev(y);
  if (!(sx > 0) || !(sy > 0)) return null;
  return Math.max(-1, Math.min(1, sampleCovariance(x, y) / (sx * sy)));
}

/**
 * Correlation matrix of series keyed by date, pairwise complete (R `cor(m, use =
 * "pairwise.complete.obs")`): each pair uses the dates where both have a value. A pair with fewer
 * than `minPairs` common dates, or a constant side, gives null; the diagonal is 1.
 */
export function correlationMatrix(
  series: readonly ReadonlyMap<string, number>[],
  minPairs = 2,
): (number | null)[][] {
  const n = series.length;
  const out: (number | null)[][] = Array.from({ length: n }, () =>
    Array.from({ length: n }, () => null),
  );
  for (let i = 0; i < n; i++) {
    out[i]![i] = 1;
    for (let j = i + 1; j < n; j++) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (const [date, v] of series[i]!) {
        const w = series[j]!.get(date);
        if (w !== undefined) {
          xs.push(v);
          ys.push(w);
        }
      }
      const c = xs.length >= Math.max(2, minPairs) ? correlation(xs, ys) : null;
      out[i]![j] = c;
      out[j]![i] = c;
    }
  }
  return out;
}
