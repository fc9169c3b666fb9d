// Portfolio VaR and ES from a returns panel with marginal, component and incremental VaR.
import {
  InsufficientHistoryError,
  InvalidInputError,
  LengthMismatchError,
  assertFinite,
} from '../errors.ts';
import { cholesky } from '../math/linear-algebra.ts';
import { normalPdf } from '../math/normal.ts';
import type { Series } from '../stats/moments.ts';
import { type DemeanedRisk, assemble } from './assemble.ts';
import { cornishFisherQuantile, cornishFisherShortfall } from './cornish-fisher.ts';
import { covarianceMatrix } from './covariance.ts';
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
import { monteCarloWithoutVar, standardDraws, simulatedScenarios } from './montecarlo.ts';
import { columnSum, meansAndCentredPnl } from './pnl-kernel.ts';
import { centredColumnScenarios, decomposeScenarios } from './scenarios.ts';
import type { PortfolioVarResult } from './var-types.ts';

export type { PortfolioVarResult, PositionRisk } from './var-types.ts';

export type PortfolioVarOptions = CommonVarOptions &
  VarMethod & {
    /** Compute incremental VaR (one re-evaluation per position); default true. */
    readonly incremental?: boolean;
  };

/**
 * VaR and ES of a portfolio of linear positions with exposures x (position values in currency,
 * or weights) over a panel of aligned simple returns (one column per position, oldest first).
 * The P&L of a scenario is Σᵢ xᵢ·rᵢ; VaR and ES are positive losses in the exposures' units.
 * Default `mean: 'include'` (the same convention as seriesVar, decision 0015: historical VaR is
 * the loss quantile of the scenarios as they are, what sorting the P&L column gives); `exclude`
 * is the zero-mean model. The h-day figure is √h × the 1-day figure either way. Methods:
 * - `historical`: the P&L quantile (type 7 or lower) of the scenarios, computed on the demeaned
 *   scenarios and the mean added back; components are
 *   the positions' P&L on the quantile's scenario(s) with the same interpolation weights, so
 *   they sum exactly to VaR; ES = mean loss beyond the quantile.
 * - `gaussian`: σₚ from the sample covariance (R `cov`, as PerformanceAnalytics' portfolio VaR);
 *   marginal −z·cov(rᵢ, P&L)/σₚ (Jorion ch. 7).
 * - `ewma`: as gaussian with RiskMetrics EWMA (co)variances (see {@link ewmaCovariance}).
 * - `modified`: Cornish–Fisher on the portfolio P&L with population moments; the gradient from
 *   ∂m₂/∂xᵢ = 2E[r̃ᵢp̃], ∂m₃/∂xᵢ = 3E[r̃ᵢp̃²], ∂m₄/∂xᵢ = 4E[r̃ᵢp̃³] as in Boudt, Peterson & Croux
 *   (2008) / PerformanceAnalytics `VaR.CornishFisher.portfolio`.
 * - `montecarlo`: seeded multivariate normal (or Student-t scaled to the same covariance) draws
 *   with the sample covariance (Cholesky), then as historical on the draws (common random
 *   numbers for incremental VaR).
 * @throws InvalidInputError for ragged or non-finite input; InsufficientHistoryError when there
 *   are too few observations (2, or 4 for `modified`, or `seedObservations` for `ewma`).
 */
export function portfolioVar(
  panel: readonly Series[],
  exposures: ArrayLike<number>,
  options: PortfolioVarOptions,
): PortfolioVarResult {
  if (panel.length === 0) throw new InvalidInputError('the returns panel has no columns');
  if (exposures.length !== panel.length)
    throw new LengthMismatchError('exposures', panel.length, exposures.length);
  assertFinite(exposures, 'exposures');
  const r = resolveOptions(options, 'include');
  const t0 = panel[0]!.length;
  // The caller's Float64Array columns are read in place (never written): a large panel is not
  // copied. Other array types, and overlapping h-day returns, get columns of their own.
  const columns = panel.map((c, i) => {
    if (c.length !== t0) throw new LengthMismatchError(`column ${i}`, t0, c.length);
    if (r.overlapping) return overlappingReturns(c, r.horizonDays);
    return c instanceof Float64Array ? c : Float64Array.from(c);
  });
  const t = columns[0]!.length;
  const minimum = options.method === 'modified' ? 4 : 2;
  if (t < minimum) throw new InsufficientHistoryError(minimum, t);
  const withIncremental = options.incremental ?? true;
  if (options.method === 'historical') {
    // One read of the panel gives the means and the demeaned P&L; the scenarios are the columns
    // demeaned as read (only the quantile's scenarios, or every one for incremental VaR).
    const { means, pnl } = meansAndCentredPnl(columns, exposures);
    const risk = decomposeScenarios(
      centredColumnScenarios(columns, means, t),
      exposures,
      r.alpha,
      options.quantile ?? 'type7',
      withIncremental,
      pnl,
    );
    return assemble(risk, exposures, means, r);
  }
  if (options.method === 'gaussian') {
    const { means, pnl } = meansAndCentredPnl(columns, exposures);
    return assemble(
      gaussianRisk(columns, means, pnl, exposures, r, withIncremental),
      exposures,
      means,
      r,
    );
  }
  const means = new Float64Array(columns.length);
  columns.forEach((c, i) => {
    means[i] = columnSum(c, i) / t;
  });
  return assemble(
    demeanedRisk(columns, means, exposures, options, r, withIncremental),
    exposures,
    means,
    r,
  );
}

/** Demeaned copies of the columns (cᵢ[k] − μᵢ), for the methods that read them many times. */
function demean(columns: readonly Float64Array[], means: Float64Array): Float64Array[] {
  return columns.map((c, i) => {
    const m = means[i]!;
    const d = new Float64Array(c.length);
    for (let k = 0; k < c.length; k++) d[k] = c[k]! - m;
    return d;
  });
}

function demeanedRisk(
  columns: Float64Array[],
  means: Float64Array,
  x: ArrayLike<number>,
  m: Exclude<VarMethod, { method: 'historical' } | { method: 'gaussian' }>,
  r: ResolvedHorizon,
  withIncremental: boolean,
): DemeanedRisk {
  switch (m.method) {
    case 'montecarlo':
      return monteCarloRisk(demean(columns, means), x, m, r, withIncremental);
    case 'ewma': {
      const lambda = m.lambda ?? EWMA_DEFAULT_LAMBDA;
      const seed = m.seedObservations ?? EWMA_DEFAULT_SEED_OBSERVATIONS;
      const p = pnl(columns, x);
      const cov = (a: Float64Array, b: Float64Array): number => ewmaCovariance(a, b, lambda, seed);
      return normalRisk(
        cov(p, p),
        columns.map((c) => cov(c, p)),
        columns.map((c) => cov(c, c)),
        x,
        r,
        withIncremental,
      );
    }
    case 'modified':
      return modifiedRisk(demean(columns, means), x, r, withIncremental);
  }
}

/**
 * Gaussian VaR from the panel, its means and its demeaned P&L p = X̃x: cov(rᵢ, p) and var(rᵢ)
 * with cᵢ[k] − μᵢ formed as read (no demeaned copies, no n × n matrix; decision 0062).
 */
function gaussianRisk(
  columns: readonly Float64Array[],
  means: Float64Array,
  p: Float64Array,
  x: ArrayLike<number>,
  r: ResolvedHorizon,
  withIncremental: boolean,
): DemeanedRisk {
  const t = p.length;
  const covWithPnl = new Array<number>(columns.length);
  const variances = new Array<number>(columns.length);
  columns.forEach((c, i) => {
    const m = means[i]!;
    let cp = 0;
    let cc = 0;
    for (let k = 0; k < t; k++) {
      const d = c[k]! - m;
      cp += d * p[k]!;
      cc += d * d;
    }
    covWithPnl[i] = cp / (t - 1);
    variances[i] = cc / (t - 1);
  });
  return normalRisk(dot(p, p) / (t - 1), covWithPnl, variances, x, r, withIncremental);
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
  return s;
}

function pnl(columns: readonly Float64Array[], x: ArrayLike<number>): Float64Array {
  const p = new Float64Array(columns[0]!.length);
  columns.forEach((c, i) => {
    const xi = x[i]!;
    if (xi !== 0) for (let k = 0; k < c.length; k++) p[k] = p[k]! + xi * c[k]!;
  });
  return p;
}

/** Normal VaR from the portfolio variance, cov(rᵢ, P&L) and var(rᵢ). */
function normalRisk(
  variance: number,
  covWithPnl: number[],
  variances: number[],
  x: ArrayLike<number>,
  r: ResolvedHorizon,
  withIncremental: boolean,
): DemeanedRisk {
  const sigma = Math.sqrt(Math.max(variance, 0));
  return {
    var: -r.z * sigma,
    es: (normalPdf(r.z) * sigma) / r.alpha,
    marginal: covWithPnl.map((c) => (sigma > 0 ? (-r.z * c) / sigma : 0)),
    withoutVar: withIncremental
      ? covWithPnl.map((c, i) => {
          const xi = x[i]!;
          return -r.z * Math.sqrt(Math.max(variance - 2 * xi * c + xi * xi * variances[i]!, 0));
        })
      : null,
  };
}

interface PnlMoments {
  readonly m2: number;
  readonly m3: number;
  readonly m4: number;
}

function moments(p: Float64Array): PnlMoments {
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const v of p) {
    const v2 = v * v;
    m2 += v2;
    m3 += v2 * v;
    m4 += v2 * v2;
  }
  return { m2: m2 / p.length, m3: m3 / p.length, m4: m4 / p.length };
}

function cornishFisher(
  mo: PnlMoments,
  r: ResolvedHorizon,
): { h: number; skew: number; exkurt: number } {
  const skew = mo.m2 > 0 ? mo.m3 / mo.m2 ** 1.5 : 0;
  const exkurt = mo.m2 > 0 ? mo.m4 / (mo.m2 * mo.m2) - 3 : 0;
  return { h: cornishFisherQuantile(r.z, skew, exkurt), skew, exkurt };
}

function modifiedRisk(
  demeaned: Float64Array[],
  x: ArrayLike<number>,
  r: ResolvedHorizon,
  withIncremental: boolean,
): DemeanedRisk {
  const p = pnl(demeaned, x);
  const t = p.length;
  const mo = moments(p);
  const { h, skew, exkurt } = cornishFisher(mo, r);
  const sd = Math.sqrt(mo.m2);
  const z = r.z;
  const marginal = demeaned.map((d) => {
    if (!(mo.m2 > 0)) return 0;
    let e1 = 0;
    let e2 = 0;
    let e3 = 0;
    for (let k = 0; k < t; k++) {
      const pk = p[k]!;
      const dp = d[k]! * pk;
      e1 += dp;
      e2 += dp * pk;
      e3 += dp * pk * pk;
    }
    const dm2 = (2 * e1) / t;
    const dm3 = (3 * e2) / t;
    const dm4 = (4 * e3) / t;
    const derSkew = (2 * mo.m2 ** 1.5 * dm3 - 3 * mo.m3 * sd * dm2) / (2 * mo.m2 ** 3);
    const derExkurt = (mo.m2 * dm4 - 2 * mo.m4 * dm2) / mo.m2 ** 3;
    const derH =
      ((z * z - 1) * derSkew) / 6 +
      ((z ** 3 - 3 * z) * derExkurt) / 24 -
      ((2 * z ** 3 - 5 * z) * skew * derSkew) / 18;
    return (-h * dm2) / (2 * sd) - sd * derH;
  });
  const withoutVar = withIncremental
    ? demeaned.map((d, i) => {
        const xi = x[i]!;
        const q = p.map((v, k) => v - xi * d[k]!);
        const mq = moments(q);
        return -cornishFisher(mq, r).h * Math.sqrt(mq.m2);
      })
    : null;
  return {
    var: -h * sd,
    es: cornishFisherShortfall(z, skew, exkurt, r.alpha) * sd,
    marginal,
    withoutVar,
  };
}

function monteCarloRisk(
  demeaned: Float64Array[],
  x: ArrayLike<number>,
  m: Extract<VarMethod, { method: 'montecarlo' }>,
  r: ResolvedHorizon,
  withIncremental: boolean,
): DemeanedRisk {
  const n = demeaned.length;
  const l = cholesky(covarianceMatrix(demeaned), { allowSemidefinite: true });
  const draws = standardDraws(n, m.draws, m.seed, m.distribution ?? { kind: 'normal' });
  const set = simulatedScenarios(l, draws);
  const quantile = m.quantile ?? 'type7';
  const p = set.pnl(x);
  const risk = decomposeScenarios(set, x, r.alpha, quantile, false, p);
  return {
    ...risk,
    withoutVar: withIncremental ? monteCarloWithoutVar(l, draws, p, x, r.alpha, quantile) : null,
  };
}
