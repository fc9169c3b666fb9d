// A hand-made bond for bond-analysis tests: two years at 10 % annual coupon from 15.01.2025,
// quoted at a 10 % yield on a two-point curve, held by a portfolio of the test's choice.
import type { BondFigures, BondPortfolio, BondTerms } from '@fonrisk/contracts';
import { createTurkishCalendar } from '@fonrisk/risk';
import { analyseBond, type BondCase } from '../bond-analysis/bond-figures.ts';
import { portfolioFigures } from '../bond-analysis/portfolio-figures.ts';

export const HELD_BOND_TERMS: BondTerms = {
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

export const HELD_BOND_CURVE = [
  { ticker: 'C1Y', days: 365, yieldPct: 10 },
  { ticker: 'C2Y', days: 730, yieldPct: 11 },
];

const calendar = createTurkishCalendar([]);

/** The bond 'TAHVIL' held by `portfolioCode` for `valueTry` (nominal equal to the value). */
export const heldBond = (portfolioCode: string, valueTry: number): BondCase => ({
  code: 'TAHVIL',
  name: 'Test Tahvili',
  terms: HELD_BOND_TERMS,
  quote: { kind: 'yield', yieldPct: 10 },
  quoteSource: 'market',
  indexRate: null,
  indexRatio: null,
  currency: 'TRY',
  calendar,
  position: { portfolioCode, nominal: valueTry, valueTry },
});

/** A portfolio holding only the bond (valued `valueTry`, NAV twice that) on 15.01.2025. */
export function heldBondPortfolio(
  portfolioCode: string,
  valueTry: number,
  skipped: BondPortfolio['skipped'] = [],
): { bond: BondFigures; portfolio: BondPortfolio } {
  const c = heldBond(portfolioCode, valueTry);
  const bond = analyseBond(c, '2025-01-15', 'tr-treasury', HELD_BOND_CURVE);
  const head = { portfolioCode, portfolioName: portfolioCode, asOfDate: '2025-01-15' };
  const portfolio = portfolioFigures(
    [bond],
    [c],
    { ...head, navTry: 2 * valueTry },
    skipped,
    () => 'tr-treasury',
    HELD_BOND_CURVE,
  );
  return { bond, portfolio };
}
