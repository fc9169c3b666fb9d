// Options shared by the series and portfolio VaR functions.
import { InvalidInputError, assertConfidenceLevel } from '../errors.ts';
import { inverseNormalCdf } from '../math/normal.ts';
import type { QuantileType } from '../math/quantile.ts';

/** Distribution of Monte Carlo draws: normal, or Student-t with `dof` > 2 scaled to the sample covariance. */
export type MonteCarloDistribution = { kind: 'normal' } | { kind: 'student-t'; dof: number };

/** The VaR model. Each variant carries only the parameters it uses. */
export type VarMethod =
  | { method: 'historical'; quantile?: QuantileType }
  | { method: 'gaussian' }
  | { method: 'modified' }
  | { method: 'ewma'; lambda?: number; seedObservations?: number }
  | {
      method: 'montecarlo';
      draws: number;
      seed: number;
      distribution?: MonteCarloDistribution;
      quantile?: QuantileType;
    };

export type VarMethodName = VarMethod['method'];

/** How a 1-period VaR becomes an h-period VaR. */
export type HorizonScaling = 'sqrt' | 'overlapping';

export interface CommonVarOptions {
  /** One-tailed confidence level, e.g. 0.99 (SPK RMD). */
  readonly confidenceLevel: number;
  /**
   * `include` (default of every VaR function, decision 0015): the scenarios as they are, so the
   * 1-day VaR is D − μ (historical: minus the loss quantile of the raw P&L); `exclude`: zero-mean
   * model, 1-day VaR = D. D is the risk of the demeaned returns. Either way the h-day figure is
   * the 1-day figure × √h (SPK Rehber footnote: 20-day VaR = 1-day VaR × √20).
   */
  readonly mean?: 'include' | 'exclude';
  /** Holding period in periods of the data (default 1; SPK RMD: 20 business days). */
  readonly horizonDays?: number;
  /** `sqrt` (default): √h rule; `overlapping`: the model run on overlapping h-period compounded returns. */
  readonly horizonScaling?: HorizonScaling;
}

/** RiskMetrics defaults. */
export const EWMA_DEFAULT_LAMBDA = 0.94;
export const EWMA_DEFAULT_SEED_OBSERVATIONS = 20;

/** Validated numbers every model needs. */
export interface ResolvedHorizon {
  /** Tail probability α = 1 − confidenceLevel. */
  readonly alpha: number;
  /** Φ⁻¹(α), negative for confidence above 50 %. */
  readonly z: number;
  readonly horizonDays: number;
  /** Multiplier of the demeaned risk: √h for `sqrt`, 1 for `overlapping` (already h-period data). */
  readonly riskScale: number;
  /** Multiplier of the mean: √h for `sqrt` (VaR_h = √h·VaR_1), 1 for `overlapping`, 0 when excluded. */
  readonly meanScale: number;
  readonly overlapping: boolean;
}

/**
 * Validates confidence, horizon and method parameters.
 * @throws InvalidInputError naming the bad value.
 */
export function resolveOptions(
  options: CommonVarOptions & VarMethod,
  defaultMean: 'include' | 'exclude',
): ResolvedHorizon {
  assertConfidenceLevel(options.confidenceLevel);
  const h = options.horizonDays ?? 1;
  if (!Number.isInteger(h) || h < 1)
    throw new InvalidInputError(`horizonDays must be a positive integer, got ${h}`);
  validateMethod(options);
  const overlapping = options.horizonScaling === 'overlapping' && h > 1;
  const include = (options.mean ?? defaultMean) === 'include';
  const alpha = 1 - options.confidenceLevel;
  return {
    alpha,
    z: inverseNormalCdf(alpha),
    horizonDays: h,
    riskScale: overlapping ? 1 : Math.sqrt(h),
    meanScale: include ? (overlapping ? 1 : Math.sqrt(h)) : 0,
    overlapping,
  };
}

function validateMethod(m: VarMethod): void {
  switch (m.method) {
    case 'ewma': {
      const lambda = m.lambda ?? EWMA_DEFAULT_LAMBDA;
      if (!(lambda > 0 && lambda < 1))
        throw new InvalidInputError(`lambda must be in (0, 1), got ${lambda}`);
      const seed = m.seedObservations ?? EWMA_DEFAULT_SEED_OBSERVATIONS;
      if (!Number.isInteger(seed) || seed < 2) {
        throw new InvalidInputError(`seedObservations must be an integer >= 2, got ${seed}`);
      }
      return;
    }
    case 'montecarlo': {
      if (!Number.isInteger(m.draws) || m.draws < 2)
        throw new InvalidInputError(`draws must be an integer >= 2, got ${m.draws}`);
      if (!Number.isInteger(m.seed))
        throw new InvalidInputError(`seed must be an integer, got ${m.seed}`);
      const d = m.distribution;
      if (d?.kind === 'student-t' && !(d.dof > 2)) {
        throw new InvalidInputError(`Student-t degrees of freedom must be > 2, got ${d.dof}`);
      }
      return;
    }
    case 'historical':
    case 'gaussian':
    case 'modified':
      return;
  }
}

/**
 * Overlapping h-period compounded returns Π_{k<h}(1 + r_{t+k}) − 1, t = 0 … n − h.
 * @throws InvalidInputError when the series is shorter than h.
 */
export function overlappingReturns(returns: ArrayLike<number>, horizonDays: number): Float64Array {
  const n = returns.length - horizonDays + 1;
  if (n < 1) {
    throw new InvalidInputError(
      `${horizonDays}-day overlapping returns need at least ${horizonDays} observations, got ${returns.length}`,
    );
  }
  const out = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let w = 1;
    for (let k = 0; k < horizonDays; k++) w *= 1 + returns[t + k]!;
    out[t] = w - 1;
  }
  return out;
}
