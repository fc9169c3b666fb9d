// Exponentially weighted (RiskMetrics) variance and covariance forecasts.
import { InsufficientHistoryError } from '../errors.ts';
import { sampleCovariance } from '../stats/moments.ts';

/**
 * One-step-ahead EWMA covariance of two aligned series (variance when x = y), RiskMetrics
 * (J.P. Morgan, 1996): c₁ = sample covariance (n − 1, demeaned) of the first `seedObservations`
 * pairs, then c_{t+1} = λ·c_t + (1 − λ)·x_t·y_t for every t = 1 … n (zero-mean cross products),
 * returning c_{n+1}, the forecast for the period after the last observation.
 * @throws InsufficientHistoryError when the series is shorter than `seedObservations`.
 */
export function ewmaCovariance(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  lambda: number,
  seedObservations: number,
): number {
  if (x.length < seedObservations) throw new InsufficientHistoryError(seedObservations, x.length);
  const seedX = Array.prototype.slice.call(x, 0, seedObservations) as number[];
  const seedY = Array.prototype.slice.call(y, 0, seedObservations) as number[];
  let c = sampleCovariance(seedX, seedY);
  for (let t = 0; t < x.length; t++) c = lambda * c + (1 - lambda) * x[t]! * y[t]!;
  return c;
}
