// Monte Carlo scenarios held as standard draws (decision 0062); small cases worked by hand.
import { describe, expect, it } from 'vitest';
import { createRng } from '../math/random.ts';
import { simulateNormalRows, simulatedScenarios, standardDraws } from './montecarlo.ts';
import type { MonteCarloDistribution } from './options.ts';

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
