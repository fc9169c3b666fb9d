// Issue 23 item 9 (decision 0057): a discount bill's yield basis is selectable and labelled;
// 249 days at 35 %: 100 / (1 + 0,35 × 249/365) = 80,7254 simple, 100 / 1,35^(249/365) = 81,4868
// compound.
import { describe, expect, it } from 'vitest';
import { BondAnalysisInputsSchema, type BondTerms } from '@fonrisk/contracts';
import { createTurkishCalendar } from '@fonrisk/risk';
import { analyseBond, type BondCase } from './bond-figures.ts';

const bill: BondTerms = {
  kind: 'bond',
  couponType: 'discount',
  couponRatePct: 0,
  couponFrequency: 0,
  dayCount: 'ACT/365',
  issueDate: '2026-06-01',
  maturityDate: '2027-08-03',
  referenceIndex: null,
  spreadBp: null,
};
const billCase = (basis: BondCase['discountYieldBasis']): BondCase => ({
  code: 'BONO',
  name: 'İskontolu Bono',
  terms: bill,
  quote: { kind: 'yield', yieldPct: 35 },
  quoteSource: 'input',
  indexRate: null,
  indexRatio: null,
  calendar: createTurkishCalendar([]),
  discountYieldBasis: basis,
  currency: 'TRY',
  position: null,
});

describe('discount bill yield basis', () => {
  it('prices 249 days at 35 % on simple or compound yield and says which', () => {
    const simple = analyseBond(billCase('simple'), '2026-11-27', 'tr-treasury', []);
    expect(simple.dirtyPrice).toBeCloseTo(80.7254, 4);
    expect(simple.discountYieldBasis).toBe('simple');
    expect(simple.modifiedDuration).toBeCloseTo(249 / 365 / (1 + (0.35 * 249) / 365), 12);
    // The cash-flow table discounts at the same basis: its present value is the price.
    expect(simple.cashflows[0]!.presentValue).toBeCloseTo(simple.dirtyPrice, 10);
    const compound = analyseBond(billCase(undefined), '2026-11-27', 'tr-treasury', []);
    expect(compound.dirtyPrice).toBeCloseTo(81.4868, 4);
    expect(compound.discountYieldBasis).toBe('compound');
    expect(compound.cashflows[0]!.presentValue).toBeCloseTo(compound.dirtyPrice, 10);
  });

  it('takes the basis as one input of the contracts, refused in Turkish when unknown', () => {
    const base = { source: 'instrument', instrumentCode: 'BONO', asOfDate: '2026-11-27' };
    expect(
      BondAnalysisInputsSchema.parse({ ...base, discountYieldBasis: 'simple' }).discountYieldBasis,
    ).toBe('simple');
    const bad = BondAnalysisInputsSchema.safeParse({ ...base, discountYieldBasis: 'basit' });
    expect(bad.error?.issues[0]?.message).toBe(
      'iskontolu bono getiri esası basit veya bileşik olmalı',
    );
  });
});
