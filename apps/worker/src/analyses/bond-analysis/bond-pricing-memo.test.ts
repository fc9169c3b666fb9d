import { describe, expect, it } from 'vitest';
import type { BondTerms } from '@fonrisk/contracts';
import { createTurkishCalendar } from '@fonrisk/risk';
import { analyseBond, type BondCase, type PricingMemo } from './bond-figures.ts';
import { portfolioFigures } from './portfolio-figures.ts';
import { priceBond } from './price-bond.ts';

const terms: BondTerms = {
  kind: 'bond',
  couponType: 'fixed',
  couponRatePct: 10,
  couponFrequency: 1,
  dayCount: 'ACT/ACT',
  issueDate: '2025-01-15',
  maturityDate: '2027-01-15',
  referenceIndex: null,
  spreadBp: null,
};
const curve = [
  { ticker: 'C1Y', days: 365, yieldPct: 10 },
  { ticker: 'C2Y', days: 730, yieldPct: 11 },
];
const calendar = createTurkishCalendar([]);
const held = (portfolioCode: string, valueTry: number): BondCase => ({
  code: 'TAHVIL',
  name: 'Test Tahvili',
  terms,
  quote: { kind: 'yield', yieldPct: 10 },
  quoteSource: 'market',
  indexRate: null,
  indexRatio: null,
  currency: 'TRY',
  calendar,
  position: { portfolioCode, nominal: valueTry, valueTry },
});

describe('bond pricing memo of a portfolio run (bench: every bond of every demo portfolio < 1 s)', () => {
  it('prices a bond held by two portfolios once, each position keeping its own value and DV01', () => {
    const memo: PricingMemo = new Map();
    const a = analyseBond(held('A', 1_000_000), '2025-01-15', 'tr-treasury', curve, memo);
    const b = analyseBond(held('B', 2_000_000), '2025-01-15', 'tr-treasury', curve, memo);
    expect(memo.size).toBe(1);
    expect(b.dirtyPrice).toBe(a.dirtyPrice);
    expect(a.portfolioCode).toBe('A');
    expect(b.dv01Try).toBeCloseTo(2 * a.dv01Try!, 9);
    // The same figures as a run without the memo.
    expect(analyseBond(held('A', 1_000_000), '2025-01-15', 'tr-treasury', curve)).toEqual(a);
  });

  it('reuses the pricing for the parallel shifts: full revaluation equals the pricer at the shifted yield', () => {
    const memo: PricingMemo = new Map();
    const c = held('A', 1_000_000);
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
      terms,
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
