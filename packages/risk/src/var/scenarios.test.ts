// Scenario sets and the Euler decomposition of a historical VaR; values worked by hand with the
// R type-7 quantile (Hyndman & Fan 1996, definition 7) and the 'lower' order statistic.
import { describe, expect, it } from 'vitest';
import {
  centredColumnScenarios,
  columnScenarios,
  decomposeScenarios,
  rowScenarios,
  scenarioPnl,
} from './scenarios.ts';

const A = Float64Array.from([-0.1, 0.05, 0.02, -0.04, 0.07]);
const B = Float64Array.from([0.03, -0.06, 0.01, 0.02, -0.02]);
const COLUMNS = columnScenarios([A, B], 5);
// The same returns stored row by row (scenario s, position i at s·2 + i).
const ROWS = rowScenarios(Float64Array.from([...A].flatMap((a, s) => [a, B[s]!])), 2, 5);

describe('scenario sets', () => {
  it('reads the same returns from columns and from rows', () => {
    for (const set of [COLUMNS, ROWS]) {
      expect(set.returnAt(1, 1)).toBe(-0.06);
      expect([...set.column(0, new Float64Array(5))]).toEqual([...A]);
    }
  });

  it('weights the returns of one, two or three scenarios, position by position', () => {
    const close = (got: Float64Array, want: number[]) =>
      want.forEach((v, i) => expect(got[i]).toBeCloseTo(v, 15));
    for (const set of [COLUMNS, ROWS]) {
      // A: 0.2·(−0.1) + 0.8·(−0.04) = −0.052; B: 0.2·0.03 + 0.8·0.02 = 0.022.
      close(set.weightedReturns([0, 3], [0.2, 0.8]), [-0.052, 0.022]);
      close(set.weightedReturns([4], [1]), [0.07, -0.02]);
      // A: 0.5·(−0.1) + 0.25·0.05 + 0.25·0.02 = −0.0325; B: 0.015 − 0.015 + 0.0025 = 0.0025.
      close(set.weightedReturns([0, 1, 2], [0.5, 0.25, 0.25]), [-0.0325, 0.0025]);
    }
    // Demeaned as read with μ = (0.01, −0.01): A 0.2·(−0.11) + 0.8·(−0.05) = −0.062,
    // B 0.2·0.04 + 0.8·0.03 = 0.032; one scenario: 0.06 and −0.01; three: A 0.5·(−0.11) +
    // 0.25·0.04 + 0.25·0.01 = −0.0425, B 0.5·0.04 + 0.25·(−0.05) + 0.25·0.02 = 0.0125.
    const centred = centredColumnScenarios([A, B], [0.01, -0.01], 5);
    close(centred.weightedReturns([0, 3], [0.2, 0.8]), [-0.062, 0.032]);
    close(centred.weightedReturns([4], [1]), [0.06, -0.01]);
    close(centred.weightedReturns([0, 1, 2], [0.5, 0.25, 0.25]), [-0.0425, 0.0125]);
    expect(centred.returnAt(1, 1)).toBeCloseTo(-0.05, 15);
    // 100·(A − 0.01) + 100·(B + 0.01) = 100·A + 100·B: −7, −1, 3, −2, 5; without B: 100·(A − 0.01).
    [...centred.pnl([100, 100])].forEach((v, s) =>
      expect(v).toBeCloseTo([-7, -1, 3, -2, 5][s]!, 12),
    );
    [...centred.pnl([100, 0])].forEach((v, s) => expect(v).toBeCloseTo([-11, 4, 1, -5, 6][s]!, 12));
  });

  it('sums the P&L of each scenario, skipping zero exposures', () => {
    const pnl = scenarioPnl(ROWS, [100, 100]);
    [-7, -1, 3, -2, 5].forEach((v, s) => expect(pnl[s]).toBeCloseTo(v, 12));
    expect([...scenarioPnl(COLUMNS, [0, 100])].map((v) => Math.round(v))).toEqual([
      3, -6, 1, 2, -2,
    ]);
  });

  it('decomposes the type-7 VaR on the two neighbouring scenarios', () => {
    // P&L -7 (s0), -1 (s1), 3 (s2), -2 (s3), 5 (s4); α = 0.2: h = 0.8 between s0 and s3:
    // q = 0.2·(-7) + 0.8·(-2) = -3 → VaR 3; ES = 7 (only -7 is below -3).
    const d = decomposeScenarios(COLUMNS, [100, 100], 0.2, 'type7', true);
    expect(d.var).toBeCloseTo(3, 12);
    expect(d.es).toBeCloseTo(7, 12);
    // marginal_A = -(0.2·(-0.1) + 0.8·(-0.04)) = 0.052; marginal_B = -(0.2·0.03 + 0.8·0.02) = -0.022.
    expect(d.marginal[0]).toBeCloseTo(0.052, 14);
    expect(d.marginal[1]).toBeCloseTo(-0.022, 14);
    expect(100 * d.marginal[0]! + 100 * d.marginal[1]!).toBeCloseTo(d.var, 12);
    // Without A: B's P&L 3, -6, 1, 2, -2 sorted -6, -2, 1, 2, 3 → q = -6 + 0.8·4 = -2.8.
    expect(d.withoutVar![0]).toBeCloseTo(2.8, 12);
    // Without B: A's P&L -10, 5, 2, -4, 7 sorted → q = -10 + 0.8·6 = -5.2.
    expect(d.withoutVar![1]).toBeCloseTo(5.2, 12);
  });

  it('takes one order statistic with the lower quantile, and no incremental unless asked', () => {
    const d = decomposeScenarios(ROWS, [100, 100], 0.2, 'lower', false);
    // 'lower' at α = 0.2 over 5 scenarios: the first order statistic, -7 (scenario 0).
    expect(d.var).toBeCloseTo(7, 12);
    expect(d.marginal[0]).toBeCloseTo(0.1, 14);
    expect(d.withoutVar).toBeNull();
  });
});
