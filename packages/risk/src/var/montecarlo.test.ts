// Monte Carlo scenarios held as standard draws (decision 0062); small cases worked by hand.
import { describe, expect, it } from 'vitest';
import { createRng } from '../math/random.ts';
import { cholesky } from '../math/linear-algebra.ts';
import type { QuantileType } from '../math/quantile.ts';
import { covarianceMatrix } from './covariance.ts';
import {
  monteCarloWithoutVar,
  simulateNormalRows,
  simulatedScenarios,
  standardDraws,
} from './montecarlo.ts';
import type { MonteCarloDistribution } from './options.ts';
import { decomposeScenarios } from './scenarios.ts';

// L = [[2, 0], [1, 3]]; draws z₀ = (1, 2) with scale 1 and z₁ = (−1, 0.5) with scale 2.
const LOWER = Float64Array.from([2, 0, 1, 3]);
const DRAWS = {
  positions: 2,
  draws: 2,
  z: Float64Array.from([1, 2, -1, 0.5]),
  scale: Float64Array.from([1, 2]),
};

describe('simulated scenarios from standard draws', () => {
  it('forms rᵢ(d) = (L·z_d)ᵢ·scale_d and the P&L (Lᵀx)·z_d·scale_d', () => {
    const set = simulatedScenarios(LOWER, DRAWS);
    // L·z₀ = (2, 1 + 6) = (2, 7); L·z₁ = (−2, −1 + 1.5) = (−2, 0.5), × 2 = (−4, 1).
    expect([
      set.returnAt(0, 0),
      set.returnAt(1, 0),
      set.returnAt(0, 1),
      set.returnAt(1, 1),
    ]).toEqual([2, 7, -4, 1]);
    expect([...set.column(1, new Float64Array(2))]).toEqual([7, 1]);
    // x = (10, 1): u = Lᵀx = (21, 3); P&L 21 + 6 = 27 and (−21 + 1.5)·2 = −39 (= 10·2 + 7, 10·(−4) + 1).
    expect([...set.pnl([10, 1])]).toEqual([27, -39]);
    expect([...set.pnl([0, 1])]).toEqual([7, 1]);
  });

  it('draws z and the Student-t scale in the generator order, n normals then χ²(ν) per draw', () => {
    const rng = createRng(9);
    const expectedZ: number[] = [];
    const expectedScale: number[] = [];
    for (let d = 0; d < 3; d++) {
      expectedZ.push(rng.normal(), rng.normal(), rng.normal());
      expectedScale.push(Math.sqrt(3 / rng.chiSquare(5)));
    }
    const t = standardDraws(3, 3, 9, { kind: 'student-t', dof: 5 });
    expect([...t.z]).toEqual(expectedZ);
    expect([...t.scale]).toEqual(expectedScale);
    const normal = createRng(9);
    const n = standardDraws(3, 3, 9, { kind: 'normal' });
    expect([...n.z]).toEqual(Array.from({ length: 9 }, () => normal.normal()));
    expect([...n.scale]).toEqual([1, 1, 1]);
  });

  it('gives the same doubles as the full matrix of simulated returns', () => {
    const lower = Float64Array.from({ length: 144 }, (_, k) =>
      k % 12 <= Math.floor(k / 12) ? 0.01 + (k % 7) / 100 : 0,
    );
    const dist: MonteCarloDistribution = { kind: 'student-t', dof: 5 };
    const rows = simulateNormalRows(lower, 12, 203, 3, dist);
    const set = simulatedScenarios(lower, standardDraws(12, 203, 3, dist));
    const scratch = new Float64Array(203);
    for (let i = 0; i < 12; i++) {
      const expected = Array.from({ length: 203 }, (_, d) => rows[d * 12 + i]);
      expect([...set.column(i, scratch)], `column ${i}`).toEqual(expected);
      expect(expected.map((_, d) => set.returnAt(i, d))).toEqual(expected);
    }
  });
});

/** Demeaned returns panel: a common factor of weight `market`, the rest independent. */
function panel(n: number, t: number, market: number, seed: number): Float64Array[] {
  const rng = createRng(seed);
  const m = Array.from({ length: t }, () => rng.normal());
  const columns = Array.from({ length: n }, (_, i) =>
    Float64Array.from(m, (f) => (market * f + (1 - market) * rng.normal()) * 0.01 * (1 + (i % 7))),
  );
  return columns.map((c) => {
    const mean = c.reduce((a, b) => a + b, 0) / t;
    return c.map((v) => v - mean);
  });
}

describe('normal draws of one seed share one stream (decision 0076)', () => {
  it('gives a group of fewer positions the first numbers of the stream, as a new generator would', () => {
    const wide = standardDraws(9, 50, 77, { kind: 'normal' });
    const narrow = standardDraws(4, 50, 77, { kind: 'normal' });
    const expected = new Float64Array(200);
    createRng(77).fillNormal(expected);
    expect([...narrow.z]).toEqual([...expected]);
    expect([...narrow.scale]).toEqual(new Array<number>(50).fill(1));
    const all = new Float64Array(450);
    createRng(77).fillNormal(all);
    expect([...wide.z]).toEqual([...all]);
    // A longer stream of the same seed, then another seed: each as its own generator gives it.
    const longer = standardDraws(10, 60, 77, { kind: 'normal' });
    const more = new Float64Array(600);
    createRng(77).fillNormal(more);
    expect([...longer.z]).toEqual([...more]);
    const other = standardDraws(4, 50, 78, { kind: 'normal' });
    const otherExpected = new Float64Array(200);
    createRng(78).fillNormal(otherExpected);
    expect([...other.z]).toEqual([...otherExpected]);
  });
});

describe('VaR without each position by bounded candidates (decisions 0076, 0092)', () => {
  // The reference is the exhaustive computation: every rᵢ(d) formed (decomposeScenarios with
  // incremental VaR on the simulated set). The bounded one must give the same doubles.
  const cases: {
    name: string;
    n: number;
    market: number;
    exposures: (i: number) => number;
    draws: number;
    distribution: MonteCarloDistribution;
    alpha: number;
    quantile: QuantileType;
    duplicate?: boolean;
  }[] = [
    {
      name: 'correlated book, type 7',
      n: 40,
      market: 0.7,
      exposures: (i) => 1000 + 37 * i,
      draws: 3000,
      distribution: { kind: 'normal' },
      alpha: 0.01,
      quantile: 'type7',
    },
    {
      name: 'independent positions, long and short, lower quantile',
      n: 30,
      market: 0,
      exposures: (i) => (i % 3 === 0 ? -500 : 800) + i,
      draws: 2001,
      distribution: { kind: 'normal' },
      alpha: 0.025,
      quantile: 'lower',
    },
    {
      // Without either leg the book is one-sided: its lowest draws are not the book's lowest.
      name: 'a hedged book, long and short legs of one market (decision 0092)',
      n: 20,
      market: 0.9,
      exposures: (i) => (i < 10 ? 1000 : -990),
      draws: 2500,
      distribution: { kind: 'normal' },
      alpha: 0.01,
      quantile: 'type7',
    },
    {
      name: 'one position most of the book, some without exposure, Student-t',
      n: 25,
      market: 0.4,
      exposures: (i) => (i === 3 ? 1e6 : i % 4 === 0 ? 0 : 10),
      draws: 1500,
      distribution: { kind: 'student-t', dof: 5 },
      alpha: 0.05,
      quantile: 'type7',
    },
    {
      name: 'a duplicated column (semidefinite covariance, a zero row of L)',
      n: 12,
      market: 0.5,
      exposures: (i) => 100 * (i + 1),
      draws: 800,
      distribution: { kind: 'normal' },
      alpha: 0.01,
      quantile: 'type7',
      duplicate: true,
    },
    {
      name: 'few draws: every draw is needed',
      n: 6,
      market: 0.3,
      exposures: (i) => i - 2,
      draws: 3,
      distribution: { kind: 'normal' },
      alpha: 0.99,
      quantile: 'type7',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const columns = panel(c.n, 120, c.market, c.n);
      if (c.duplicate === true) columns[5] = Float64Array.from(columns[4]!);
      const lower = cholesky(covarianceMatrix(columns), { allowSemidefinite: true });
      if (c.duplicate === true) expect(lower[5 * c.n + 5]).toBe(0);
      const s = standardDraws(c.n, c.draws, 11, c.distribution);
      const set = simulatedScenarios(lower, s);
      const x = Float64Array.from({ length: c.n }, (_, i) => c.exposures(i));
      const pnl = set.pnl(x);
      const reference = decomposeScenarios(set, x, c.alpha, c.quantile, true, pnl).withoutVar!;
      const bounded = monteCarloWithoutVar(lower, s, pnl, x, c.alpha, c.quantile);
      expect([...bounded]).toEqual([...reference]);
      expect(reference.some((v) => v !== reference[0])).toBe(true);
    });
  }
});
