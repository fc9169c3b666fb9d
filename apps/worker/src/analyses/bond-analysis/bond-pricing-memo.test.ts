import { describe, expect, it } from 'vitest';
import { analyseBond, type PricingMemo } from './bond-figures.ts';
import { portfolioFigures } from './portfolio-figures.ts';
import { priceBond } from './price-bond.ts';
import { HELD_BOND_CURVE, HELD_BOND_TERMS, heldBond } from '../testing/held-bond.ts';

const curve = HELD_BOND_CURVE;

describe('bond pricing memo of a portfolio run (bench: every bond of every demo portfolio < 1 s)', () => {
  it('prices a bond held by two portfolios once, each position keeping its own value and DV01', () => {
    const memo: PricingMemo = new Map();
    const a = analyseBond(heldBond('A', 1_000_000), '2025-01-15', 'tr-treasury', curve, memo);
    const b = analyseBond(heldBond('B', 2_000_000), '2025-01-15', 'tr-treasury', curve, memo);
    expect(memo.size).toBe(1);
    expect(b.dirtyPrice).toBe(a.dirtyPrice);
    expect(a.portfolioCode).toBe('A');
    expect(b.dv01Try).toBeCloseTo(2 * a.dv01Try!, 9);
    // The same figures as a run without the memo.
    expect(analyseBond(heldBond('A', 1_000_000), '2025-01-15', 'tr-treasury', curve)).toEqual(a);
  });

  it('reuses the pricing for the parallel shifts: full revaluation equals the pricer at the shifted yield', () => {
    const memo: PricingMemo = new Map();
    const c = heldBond('A', 1_000_000);
    const f = analyseBond(c, '2025-01-15', 'tr-treasury', curve, memo);
    const p = portfolioFigures(
      [f],
      [c],
      { portfolioCode: 'A', portfolioName: 'A', asOfDate: '2025-01-15', navTry: 2_000_000 },
      [],
      () => 'tr-treasury',
      curve,
      memo,
    );
    expect(memo.size).toBe(1);
    const up = priceBond(
      'TAHVIL',
      HELD_BOND_TERMS,
      '2025-01-15',
      { kind: 'yield', yieldPct: 11 },
      {
        convention: 'tr-treasury',
        indexRate: null,
        indexRatio: null,
      },
    );
    const shift = p.shifts.find((s) => s.shiftBp === 100)!;
    expect(shift.fullRevaluationTry).toBeCloseTo(1_000_000 * (up.dirtyPrice / f.dirtyPrice - 1), 6);
  });
});
