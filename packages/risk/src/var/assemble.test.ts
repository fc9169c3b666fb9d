// Assembling VaR from the demeaned risk D (decision 0015): VaR = s·D − m·Σxμ, Euler components.
// Values worked by hand.
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.ts';

const R1 = {
  alpha: 0.01,
  z: -2.33,
  horizonDays: 1,
  riskScale: 1,
  meanScale: 1,
  overlapping: false,
};

describe('assemble', () => {
  it('subtracts the mean P&L and gives components that sum to VaR', () => {
    // D = 10, ES 12; exposures (1, 2), means (0.5, -1): Σxμ = 0.5 - 2 = -1.5 → VaR = 11.5.
    const r = assemble(
      { var: 10, es: 12, marginal: [4, 3], withoutVar: [6, 4] },
      [1, 2],
      [0.5, -1],
      R1,
    );
    expect(r.var).toBe(11.5);
    expect(r.es).toBe(13.5);
    // marginal = ∂D/∂x − μ: 3.5, 4 → components 3.5, 8 (sum 11.5).
    expect(r.positions.map((p) => p.marginal)).toEqual([3.5, 4]);
    expect(r.positions.map((p) => p.component)).toEqual([3.5, 8]);
    expect(r.positions[1]!.componentShare).toBeCloseTo(8 / 11.5, 15);
    // Without position 1: 6 − (-1.5 − 0.5) = 8 → incremental 3.5; without 2: 4 − 0.5 = 3.5 → 8.
    expect(r.positions.map((p) => p.incremental)).toEqual([3.5, 8]);
  });

  it('scales by √h and drops the mean when excluded; no incremental without the reduced risks', () => {
    const r = assemble({ var: 10, es: 12, marginal: [10], withoutVar: null }, [1], [1], {
      ...R1,
      horizonDays: 4,
      riskScale: 2,
      meanScale: 0,
    });
    expect(r.var).toBe(20);
    expect(r.es).toBe(24);
    expect(r.positions[0]).toEqual({
      marginal: 20,
      component: 20,
      componentShare: 1,
      incremental: null,
    });
  });

  it('has no component share for a zero VaR', () => {
    const r = assemble({ var: 0, es: 0, marginal: [0], withoutVar: null }, [1], [0], R1);
    expect(r.positions[0]!.componentShare).toBeNull();
  });
});
