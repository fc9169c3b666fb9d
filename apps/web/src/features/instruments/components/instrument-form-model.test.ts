import { describe, expect, it } from 'vitest';
import {
  emptyValues,
  parseDecimal,
  toInstrument,
  valuesFromInstrument,
  type InstrumentFormValues,
} from './instrument-form-model.ts';

function bond(overrides: Partial<InstrumentFormValues> = {}): InstrumentFormValues {
  return {
    ...emptyValues('bond'),
    code: 'TRT150127T11',
    name: 'Hazine 15.01.2027',
    issueDate: '2024-01-15',
    maturityDate: '2027-01-15',
    couponRatePct: '25,5',
    ...overrides,
  };
}

describe('instrument form validation', () => {
  it('reads Turkish and dotted decimals and rejects junk', () => {
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1234.5')).toBe(1234.5);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('12a')).toBeNaN();
  });

  it('builds a valid fixed-coupon bond with its terms', () => {
    const result = toInstrument(bond(), 'bond');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.instrument.terms).toMatchObject({
        kind: 'bond',
        couponRatePct: 25.5,
        couponFrequency: 2,
        maturityDate: '2027-01-15',
      });
    }
  });

  it('says which required fields are blank, in Turkish', () => {
    const result = toInstrument({ ...emptyValues('bond') }, 'bond');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.code).toBe('Bu alan gerekli');
      expect(result.errors.name).toBe('Bu alan gerekli');
      expect(result.errors.issueDate).toBe('Bu alan gerekli');
      expect(result.errors.couponRatePct).toBe('Bu alan gerekli');
    }
  });

  it('shows the contract reasons under the terms fields', () => {
    const result = toInstrument(bond({ couponRatePct: 'abc', isinCode: 'TR0000000000' }), 'bond');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.couponRatePct).toBe('Sayı değil');
      expect(result.errors.isinCode).toMatch(/^Geçerli bir ISIN kodu değil/);
    }
    const early = toInstrument(bond({ maturityDate: '2023-01-01' }), 'bond');
    expect(!early.ok && early.errors.maturityDate).toBe('İhraç tarihinden sonra olmalı');
  });

  it('requires a reference index on a floating bond and zero coupons on a discount bill', () => {
    const floating = toInstrument(bond({ couponType: 'floating' }), 'bond');
    expect(!floating.ok && floating.errors.referenceIndex).toMatch(/referans endeks gerekli/);
    const bill = toInstrument(
      bond({ couponType: 'discount', couponRatePct: '', couponFrequency: '2' }),
      'bond',
    );
    expect(!bill.ok && bill.errors.couponFrequency).toBe('İskontolu bonoda 0 olmalı');
  });

  it('validates option terms: positive strike and contract size', () => {
    const result = toInstrument(
      {
        ...emptyValues('option'),
        code: 'O_XU030',
        name: 'XU030 Alım',
        underlying: 'XU030',
        expiryDate: '2026-12-31',
        strike: '-5',
        contractSize: '0',
      },
      'option',
    );
    expect(!result.ok && result.errors.strike).toBe('Sıfırdan büyük olmalı');
    expect(!result.ok && result.errors.contractSize).toBe('Sıfırdan büyük olmalı');
  });

  it('uses the instrument code as the fund code when none is typed', () => {
    const result = toInstrument({ ...emptyValues('fund'), code: 'ABC', name: 'ABC Fonu' }, 'fund');
    expect(result.ok && result.instrument.terms).toEqual({
      kind: 'fund',
      fundCode: 'ABC',
      fundCategory: null,
      tefasFundType: null,
    });
  });

  it('round-trips an instrument through the form values', () => {
    const first = toInstrument(
      bond({ spreadBp: '150', referenceIndex: 'TLREF', couponType: 'floating' }),
      'bond',
    );
    if (!first.ok) throw new Error('valid bond expected');
    const again = toInstrument(valuesFromInstrument(first.instrument, 'bond'), 'bond');
    expect(again.ok && again.instrument).toEqual(first.instrument);
  });
});
