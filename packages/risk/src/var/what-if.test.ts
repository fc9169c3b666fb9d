// What-if trades: the historical VaR (R type 7 loss quantile, decision 0015) before and after a
// change of exposures, worked by hand on two five-scenario return columns.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, LengthMismatchError } from '../errors.ts';
import { whatIfTrade } from './what-if.ts';

const PANEL = [
  [-0.1, 0.05, 0.02, -0.04, 0.07],
  [0.03, -0.06, 0.01, 0.02, -0.02],
];
const OPTIONS = { method: 'historical', confidenceLevel: 0.8 } as const;

describe('whatIfTrade', () => {
  it('re-evaluates the portfolio after the trade with the same model', () => {
    // Before (100, 100): P&L -7, -1, 3, -2, 5 → sorted -7, -2, -1, 3, 5; h = 0.8 → q = -3.
    // After (200, 100): -17, 4, 5, -6, 12 → sorted -17, -6, 4, 5, 12; q = -17 + 0.8·11 = -8.2.
    const r = whatIfTrade(PANEL, [100, 100], [100, 0], OPTIONS);
    expect(r.before.var).toBeCloseTo(3, 10);
    expect(r.after.var).toBeCloseTo(8.2, 10);
    expect(r.varChange).toBeCloseTo(5.2, 10);
  });

  it('refuses a trade of the wrong length or with a non-finite change', () => {
    expect(() => whatIfTrade(PANEL, [1, 1], [1], OPTIONS)).toThrow(LengthMismatchError);
    expect(() => whatIfTrade(PANEL, [1, 1], [1, Number.NaN], OPTIONS)).toThrow(InvalidInputError);
  });
});
