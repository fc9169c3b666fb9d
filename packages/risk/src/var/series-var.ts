// VaR and ES of a single return series (positive losses, fractions of value).
import { InsufficientHistoryError, assertFinite } from '../errors.ts';
import { normalPdf } from '../math/normal.ts';
import { quantileOfSorted, sortedCopy } from '../math/quantile.ts';
import { createRng } from '../math/random.ts';
import { type Series, centralMoment, mean, sampleStdDev } from '../stats/moments.ts';
import { cornishFisherQuantile, cornishFisherShortfall } from './cornish-fisher.ts';
import { ewmaCovariance } from './ewma.ts';
import {
  type CommonVarOptions,
  EWMA_DEFAULT_LAMBDA,
  EWMA_DEFAULT_SEED_OBSERVATIONS,
  type ResolvedHorizon,
  type VarMethod,
  overlappingReturns,
  resolveOptions,
} from './options.ts';

/** VaR and ES as positive losses (a gain at the quantile gives a negative VaR). */
export interface VarResult {
  readonly var: number;
  readonly es: number;
}

export type SeriesVarOptions = CommonVarOptions & VarMethod;

/**
 * VaR and expected shortfall of one return series, as positive losses in the series' units.
 * Defaults follow R PerformanceAnalytics `VaR`/`ES` (mean included):
 * - `historical`: VaR = −Q(α) with Q the sample quantile (`type7` = R `quantile` default, or
 *   `lower`); ES = −mean of the returns strictly below Q(α) (= VaR when there are none).
 * - `gaussian`: VaR = −μ − z_α·√m₂, ES = −μ + φ(z_α)·√m₂/α with the population variance m₂
 *   (PerformanceAnalytics `VaR.Gaussian`/`ES.Gaussian` use `centeredmoment`, not `sd`).
 * - `modified`: Cornish–Fisher VaR = −μ − h·√m₂ with population skewness and excess kurtosis;
 *   ES = PerformanceAnalytics' operational modified ES (never below modified VaR).
 * - `ewma`: RiskMetrics σ (see {@link ewmaCovariance}), VaR = −μ − z_α·σ, normal ES.
 * - `montecarlo`: `draws` normal (or Student-t scaled to the sample variance) returns with the
 *   sample standard deviation, seeded; VaR and ES as historical on the draws.
 * α = 1 − confidenceLevel; μ is the sample mean when `mean` is `include` (default) and 0 when
 * `exclude`. Horizon h: `sqrt` gives √h·(D − μ) = √h × the 1-day VaR (D the risk of the demeaned
 * returns; SPK Rehber footnote);
 * `overlapping` runs the model on overlapping h-period compounded returns.
 * @throws InvalidInputError for bad options or non-finite returns; InsufficientHistoryError
 *   with fewer than 2 observations (4 for `modified`).
 */
export function seriesVar(returns: Series, options: SeriesVarOptions): VarResult {
  assertFinite(returns, 'returns');
  const resolved = resolveOptions(options, 'include');
  const data = resolved.overlapping ? overlappingReturns(returns, resolved.horizonDays) : returns;
  const minimum = options.method === 'modified' ? 4 : 2;
  if (data.length < minimum) throw new InsufficientHistoryError(minimum, data.length);
  const mu = mean(data);
  const risk = demeanedRisk(data, mu, options, resolved);
  return {
    var: resolved.riskScale * risk.var - resolved.meanScale * mu,
    es: resolved.riskScale * risk.es - resolved.meanScale * mu,
  };
}

/** VaR and ES of the demeaned series (the part that scales with √h). */
function demeanedRisk(data: Series, mu: number, m: VarMethod, r: ResolvedHorizon): VarResult {
  switch (m.method) {
    case 'historical':
      return historicalRisk(
        Float64Array.from(data, (x) => x - mu),
        r.alpha,
        m.quantile,
      );
    case 'gaussian':
      return normalRisk(Math.sqrt(centralMoment(data, 2)), r);
    case 'ewma': {
      const lambda = m.lambda ?? EWMA_DEFAULT_LAMBDA;
      const seed = m.seedObservations ?? EWMA_DEFAULT_SEED_OBSERVATIONS;
      return normalRisk(Math.sqrt(ewmaCovariance(data, data, lambda, seed)), r);
    }
    case 'modified': {
      const m2 = centralMoment(data, 2);
      const sd = Math.sqrt(m2);
      const skew = m2 > 0 ? centralMoment(data, 3) / m2 ** 1.5 : 0;
      const exkurt = m2 > 0 ? centralMoment(data, 4) / (m2 * m2) - 3 : 0;
      return {
        var: -cornishFisherQuantile(r.z, skew, exkurt) * sd,
        es: cornishFisherShortfall(r.z, skew, exkurt, r.alpha) * sd,
      };
    }
    case 'montecarlo': {
      const sd = sampleStdDev(data);
      const rng = createRng(m.seed);
      const dist = m.distribution ?? { kind: 'normal' };
      const draws = new Float64Array(m.draws);
      for (let i = 0; i < m.draws; i++) {
        const z = rng.normal();
        draws[i] =
          dist.kind === 'normal'
            ? sd * z
            : sd * z * Math.sqrt((dist.dof - 2) / rng.chiSquare(dist.dof));
      }
      return historicalRisk(draws, r.alpha, m.quantile);
    }
  }
}

function normalRisk(sd: number, r: ResolvedHorizon): VarResult {
  return { var: -r.z * sd, es: (normalPdf(r.z) * sd) / r.alpha };
}

/** Historical VaR/ES of an outcome sample (PerformanceAnalytics `VaR.historical`/`ES.historical`). */
export function historicalRisk(
  outcomes: ArrayLike<number>,
  alpha: number,
  quantileType: 'type7' | 'lower' = 'type7',
): VarResult {
  const sorted = sortedCopy(outcomes);
  const q = quantileOfSorted(sorted, alpha, quantileType).value;
  return { var: -q, es: tailShortfall(sorted, q) };
}

/** −mean of the sorted outcomes strictly below q; −q when there are none. */
export function tailShortfall(sorted: ArrayLike<number>, q: number): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < sorted.length && sorted[i]! < q; i++) {
    s += sorted[i]!;
    n++;
  }
  return n === 0 ? -q : -s / n;
}
