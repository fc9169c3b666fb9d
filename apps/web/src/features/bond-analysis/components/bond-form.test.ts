import { describe, expect, it } from 'vitest';
import { INITIAL_BOND_FORM, validateBondForm } from './bond-form.ts';

const typed = {
  ...INITIAL_BOND_FORM,
  source: 'manual' as const,
  asOfDate: '2026-06-01',
  couponRatePct: 30,
  couponFrequency: '2',
  issueDate: '2025-01-15',
  maturityDate: '2028-01-15',
  quoteKind: 'yield' as const,
};

describe('bond analysis form', () => {
  it('builds the inputs of a typed bond priced from its yield', () => {
    const v = validateBondForm({ ...typed, quoteValue: 32.5 });
    expect(v.ok).toBe(true);
    if (v.ok)
      expect(v.inputs).toMatchObject({
        source: 'manual',
        asOfDate: '2026-06-01',
        yieldPct: 32.5,
        bond: { couponType: 'fixed', couponRatePct: 30, couponFrequency: 2, dayCount: 'ACT/ACT' },
      });
  });
  it("sends the discount bills' yield basis only when simple is chosen (compound is the default)", () => {
    const simple = validateBondForm({ ...typed, quoteValue: 35, discountYieldBasis: 'simple' });
    expect(simple.ok && simple.inputs.discountYieldBasis).toBe('simple');
    const compound = validateBondForm({ ...typed, quoteValue: 35 });
    expect(compound.ok && compound.inputs.discountYieldBasis).toBeUndefined();
  });
  it('answers a yield of -100 % in Turkish on the yield field', () => {
    const v = validateBondForm({ ...typed, quoteValue: -100 });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.yieldPct).toBe('getiri -%100’den büyük olmalı');
  });
  it('names the bond fields that are wrong and asks for a portfolio', () => {
    const v = validateBondForm({ ...typed, quoteValue: 30, maturityDate: '2024-01-01' });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors['bond.maturityDate']).toBe('ihraç tarihinden sonra olmalı');
    const p = validateBondForm({
      ...INITIAL_BOND_FORM,
      source: 'portfolio',
      asOfDate: '2026-06-01',
    });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors.portfolioCodes).toBe('en az bir portföy seçilmeli');
  });
});
