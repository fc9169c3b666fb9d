// The engine's fast paths (decision 0062) against the straightforward formulas on seeded data:
// historical VaR by a full sort of the P&L of demeaned copies, parametric VaR through the n × n
// sample covariance matrix, Monte Carlo through the full draws × n matrix of simulated returns.
import { describe, expect, it } from 'vitest';
import { cholesky } from '../math/linear-algebra.ts';
import { type QuantileType, quantileOfSorted } from '../math/quantile.ts';
import { createRng } from '../math/random.ts';
import { covarianceMatrix, gaussianVarFromCovariance } from './covariance.ts';
import { simulateNormalRows } from './montecarlo.ts';
import { portfolioVar } from './portfolio-var.ts';
import { type ScenarioSet, columnScenarios, rowScenarios, scenarioPnl } from './scenarios.ts';
import { tailShortfall } from './series-var.ts';
import type { PortfolioVarResult } from './var-types.ts';

const rng = createRng(20261127);
const T = 400;
const panel = Array.from({ length: 40 }, (_, i) =>
  Float64Array.from({ length: T }, () => 0.01 * (1 + (i % 3)) * rng.normal() + 0.0004),
);
// Longs, shorts and positions without exposure.
const x = Float64Array.from(panel, (_, i) =>
  i % 9 === 4 ? 0 : (i % 4 === 0 ? -1 : 1) * 1e5 * (1 + rng.uniform()),
);

function means(columns: readonly Float64Array[]): number[] {
  return columns.map((c) => c.reduce((s, v) => s + v, 0) / c.length);
}

function demeaned(columns: readonly Float64Array[]): Float64Array[] {
  const m = means(columns);
  return columns.map((c, i) => c.map((v) => v - m[i]!));
}

/** Historical decomposition the plain way: the whole P&L sorted (ties by scenario). */
function sortDecomposition(set: ScenarioSet, e: ArrayLike<number>, alpha: number, q: QuantileType) {
  const pnl = scenarioPnl(set, e);
  const order = Array.from({ length: set.scenarios }, (_, s) => s).sort(
    (a, b) => pnl[a]! - pnl[b]! || a - b,
  );
  const sorted = Float64Array.from(order, (s) => pnl[s]!);
  const point = quantileOfSorted(sorted, alpha, q);
  const marginal = Array.from({ length: set.positions }, (_, i) =>
    point.indices.reduce((m, k, j) => m - point.weights[j]! * set.returnAt(i, order[k]!), 0),
  );
  const withoutVar = Array.from({ length: set.positions }, (_, i) => {
    const col = set.column(i, new Float64Array(set.scenarios));
    const reduced = pnl.map((p, s) => p - e[i]! * col[s]!).sort();
    return -quantileOfSorted(reduced, alpha, q).value;
  });
  return { var: -point.value, es: tailShortfall(sorted, point.value), marginal, withoutVar };
}

/** Relative agreement to 1e-12 of VaR (scale of the figures) for every reported number. */
function expectSame(
  fast: PortfolioVarResult,
  plain: { var: number; es: number; marginal: number[]; withoutVar: number[]; mu: number[] },
): void {
  const tol = 1e-12 * Math.abs(plain.var);
  const meanPnl = plain.mu.reduce((s, m, i) => s + x[i]! * m, 0);
  expect(Math.abs(fast.var - (plain.var - meanPnl))).toBeLessThanOrEqual(tol);
  expect(Math.abs(fast.es - (plain.es - meanPnl))).toBeLessThanOrEqual(tol);
  fast.positions.forEach((p, i) => {
    const component = x[i]! * (plain.marginal[i]! - plain.mu[i]!);
    expect(Math.abs(p.component - component), `component ${i}`).toBeLessThanOrEqual(tol);
    const without = plain.withoutVar[i]! - (meanPnl - x[i]! * plain.mu[i]!);
    expect(Math.abs(p.incremental! - (fast.var - without)), `incremental ${i}`).toBeLessThanOrEqual(
      tol,
    );
  });
}

describe('historical: one pass and a selection equal demeaned copies and a full sort', () => {
  it.each([
    [0.99, 'type7'],
    [0.95, 'lower'],
    [0.975, 'type7'],
  ] as const)('at %s (%s)', (confidenceLevel, quantile) => {
    const fast = portfolioVar(panel, x, { method: 'historical', confidenceLevel, quantile });
    const plain = sortDecomposition(
      columnScenarios(demeaned(panel), T),
      x,
      1 - confidenceLevel,
      quantile,
    );
    expectSame(fast, { ...plain, mu: means(panel) });
  });
});

describe('historical: exposed positions taken four at a time, the rest one by one', () => {
  it('gives the same figures with 6 exposed positions of 7 (one group of four, two left)', () => {
    const few = panel.slice(0, 7);
    const fast = portfolioVar(few, x.subarray(0, 7), {
      method: 'historical',
      confidenceLevel: 0.99,
    });
    const plain = sortDecomposition(
      columnScenarios(demeaned(few), T),
      x.subarray(0, 7),
      0.01,
      'type7',
    );
    expectSame(fast, { ...plain, mu: means(few) });
  });
});

describe('parametric: O(n·T) from the panel equals the formulas through the n × n matrix', () => {
  it('gives VaR, ES, marginal, component and incremental VaR of the covariance route', () => {
    const options = { confidenceLevel: 0.99, horizonDays: 10, mean: 'include' } as const;
    const fast = portfolioVar(panel, x, { method: 'gaussian', ...options });
    const matrix = gaussianVarFromCovariance(covarianceMatrix(panel), x, {
      ...options,
      means: means(panel),
    });
    const tol = 1e-12 * matrix.var;
    expect(Math.abs(fast.var - matrix.var)).toBeLessThanOrEqual(tol);
    expect(Math.abs(fast.es - matrix.es)).toBeLessThanOrEqual(tol);
    fast.positions.forEach((p, i) => {
      const m = matrix.positions[i]!;
      expect(Math.abs(p.component - m.component)).toBeLessThanOrEqual(tol);
      expect(Math.abs(p.incremental! - m.incremental!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(p.marginal - m.marginal)).toBeLessThanOrEqual(1e-12 * Math.abs(m.marginal));
    });
  });
});

describe('Monte Carlo: (Lᵀx)·z per draw equals the full matrix of simulated returns', () => {
  const factors = panel.slice(0, 12);
  const xf = x.subarray(0, 12);
  const lower = cholesky(covarianceMatrix(demeaned(factors)), { allowSemidefinite: true });

  it.each([
    [{ kind: 'normal' }, 0.99, 'type7'],
    [{ kind: 'student-t', dof: 5 }, 0.95, 'lower'],
  ] as const)('VaR and decomposition with %o at %s (%s)', (distribution, confidenceLevel, q) => {
    const draws = 3001;
    const fast = portfolioVar(factors, xf, {
      method: 'montecarlo',
      draws,
      seed: 17,
      distribution,
      confidenceLevel,
      quantile: q,
    });
    const rows = simulateNormalRows(lower, 12, draws, 17, distribution);
    const plain = sortDecomposition(rowScenarios(rows, 12, draws), xf, 1 - confidenceLevel, q);
    expectSame(fast, { ...plain, mu: means(factors) });
  });
});

describe('historical: ties at the quantile are ordered by scenario, as a stable sort', () => {
  it('takes the components from the earlier of two scenarios with the same P&L', () => {
    // 101 scenarios, α = 0.01 with 'lower': h = 100 × 0.01 = 1, the second lowest P&L. Three
    // scenarios lose 1 with different returns (binary fractions, so the P&Ls are exact):
    // 7: (−0.75, −0.25), 30: (−0.5, −0.5), 50: (0.25, −1.25); every other scenario gains. In a
    // stable sort they come 7, 30, 50: VaR = 1 (mean included), components −xᵢ·rᵢ(30) = 0.5, 0.5
    // (scenario 7 would give 0.75, 0.25; scenario 50, −0.25, 1.25); ES = 1, nothing below −1.
    const a = Float64Array.from({ length: 101 }, (_, k) => 0.125 * (1 + (k % 5)));
    const b = Float64Array.from({ length: 101 }, (_, k) => 0.0625 * (1 + (k % 3)));
    [
      [7, -0.75, -0.25],
      [30, -0.5, -0.5],
      [50, 0.25, -1.25],
    ].forEach(([k, ra, rb]) => {
      a[k!] = ra!;
      b[k!] = rb!;
    });
    const r = portfolioVar([a, b], [1, 1], {
      method: 'historical',
      confidenceLevel: 0.99,
      quantile: 'lower',
    });
    expect(r.var).toBeCloseTo(1, 12);
    expect(r.es).toBeCloseTo(1, 12);
    expect(r.positions[0]!.component).toBeCloseTo(0.5, 12);
    expect(r.positions[1]!.component).toBeCloseTo(0.5, 12);
  });
});

describe('historical: edge sizes against demeaned copies and a full sort', () => {
  it.each([
    [1, 2],
    [1, 399],
    [3, 5],
    [5, 103],
    [9, 251],
  ])('%i positions × %i scenarios', (n, t) => {
    const cols = panel.slice(0, n).map((c) => c.slice(0, t));
    const e = x.slice(0, n);
    const fast = portfolioVar(cols, e, { method: 'historical', confidenceLevel: 0.95 });
    const plain = sortDecomposition(columnScenarios(demeaned(cols), t), e, 0.05, 'type7');
    expectSame(fast, { ...plain, mu: means(cols) });
  });
});
