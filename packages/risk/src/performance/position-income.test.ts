import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { formatIsoDate } from '../dates/date.ts';
import { couponsBetween, simpleInterestReturn, unitTotalReturn } from './position-income.ts';

// A 20 % semi-annual bond maturing 27.07.2028 (as TRD270728T40), coupon date 27.07.2026 (Monday).
const bond = {
  maturity: '2028-07-27',
  frequency: 2,
  dayCount: 'actact-isma' as const,
  couponRate: () => 0.2,
};

describe('couponsBetween', () => {
  it('pays the regular coupon rate/frequency on a coupon date inside (from, to]', () => {
    // 20 % / 2 = 0,10 per 1 of face.
    expect(couponsBetween(bond, '2026-07-24', '2026-07-27')).toEqual([
      { date: '2026-07-27', accrualStart: '2026-01-27', coupon: 0.1, redemption: 0 },
    ]);
  });
  it('leaves out a coupon on the period start (it belongs to the period before)', () => {
    expect(couponsBetween(bond, '2026-07-27', '2026-07-30')).toEqual([]);
    expect(couponsBetween(bond, '2026-07-28', '2027-01-26')).toEqual([]);
  });
  it('adds the redemption on the maturity date and nothing after it', () => {
    expect(couponsBetween(bond, '2028-06-30', '2028-07-31')).toEqual([
      { date: '2028-07-27', accrualStart: '2028-01-27', coupon: 0.1, redemption: 1 },
    ]);
    expect(couponsBetween(bond, '2028-07-27', '2028-08-31')).toEqual([]);
  });
  it('pays a short first coupon on its ACT/ACT ISMA fraction', () => {
    // Issue 15.03.2026, first coupon 15.07.2026, notional period 15.01–15.07.2026 (181 days);
    // accrual 15.03–15.07 is 122 days: 0,2 × 122 / (2 × 181) = 0,0674033149…
    const [first] = couponsBetween(
      { ...bond, issue: '2026-03-15', maturity: '2027-01-15' },
      '2026-03-15',
      '2026-07-31',
    );
    expect(first!.date).toBe('2026-07-15');
    expect(first!.accrualStart).toBe('2026-03-15');
    expect(first!.coupon).toBeCloseTo((0.2 * 122) / 362, 14);
  });
  it('asks the period for a floater’s rate (the fixing of its accrual start)', () => {
    const fixings: Record<string, number> = { '2026-01-27': 0.4, '2026-07-27': 0.38 };
    const out = couponsBetween(
      { ...bond, couponRate: (p) => fixings[formatIsoDate(p.accrualStart)]! + 0.01 },
      '2026-07-01',
      '2027-01-31',
    );
    // 27.07.2026 pays (0,40 + 0,01)/2, 27.01.2027 pays (0,38 + 0,01)/2.
    expect(out.map((x) => x.date)).toEqual(['2026-07-27', '2027-01-27']);
    expect(out[0]!.coupon).toBeCloseTo(0.205, 15);
    expect(out[1]!.coupon).toBeCloseTo(0.195, 15);
  });
  it('gives a discount bond its redemption only', () => {
    const bill = { ...bond, frequency: 0, issue: '2026-03-18', maturity: '2026-09-16' };
    expect(couponsBetween(bill, '2026-08-31', '2026-09-30')).toEqual([
      { date: '2026-09-16', accrualStart: '2026-03-18', coupon: 0, redemption: 1 },
    ]);
    expect(couponsBetween(bill, '2026-07-31', '2026-08-31')).toEqual([]);
  });
  it('rejects a period that ends before it starts', () => {
    expect(() => couponsBetween(bond, '2026-07-27', '2026-07-24')).toThrow(InvalidInputError);
  });
});

describe('unitTotalReturn', () => {
  it('counts the coupon of a bond held over its coupon date', () => {
    // Dirty 104,90 → 95,10 per 100 over 24→27.07.2026 with a 10 per 100 coupon:
    // (0,9510 + 0,10) / 1,0490 − 1 = 0,0019065777…; without the coupon it would be −9,34 %.
    const r = unitTotalReturn(1.049, 0.951, [{ date: '2026-07-27', incomePerUnit: 0.1 }]);
    expect(r).toBeCloseTo(1.051 / 1.049 - 1, 14);
    expect(r).toBeCloseTo(0.0019065777, 9);
    expect(unitTotalReturn(1.049, 0.951)).toBeCloseTo(-0.093422307, 9);
  });
  it('values a redeemed bill at its redemption', () => {
    expect(unitTotalReturn(0.97, 0, [{ date: '2026-09-16', incomePerUnit: 1 }])).toBeCloseTo(
      1 / 0.97 - 1,
      14,
    );
  });
  it('pays a dividend on the units held after a split', () => {
    // 10 TL a share; 1:2 split, then 0,50 TL per (new) share; end 5,50 TL a share:
    // (2 × 5,50 + 2 × 0,50) / 10 − 1 = 0,2.
    const r = unitTotalReturn(10, 5.5, [
      { date: '2026-05-04', unitFactor: 2 },
      { date: '2026-05-20', incomePerUnit: 0.5 },
    ]);
    expect(r).toBeCloseTo(0.2, 14);
  });
  it('rejects a start value that is not positive and events out of order', () => {
    expect(() => unitTotalReturn(0, 1)).toThrow(InvalidInputError);
    expect(() => unitTotalReturn(1, Number.NaN)).toThrow(InvalidInputError);
    expect(() =>
      unitTotalReturn(1, 1, [
        { date: '2026-05-20', incomePerUnit: 0.1 },
        { date: '2026-05-04', incomePerUnit: 0.1 },
      ]),
    ).toThrow(InvalidInputError);
    expect(() => unitTotalReturn(1, 1, [{ date: '2026-05-04', unitFactor: 0 }])).toThrow(
      InvalidInputError,
    );
  });
});

describe('simpleInterestReturn', () => {
  it('accrues a deposit over a month on ACT/365', () => {
    // 45 % over 30.06 → 31.07.2026 (31 days): 0,45 × 31 / 365 = 0,0382191780…
    expect(simpleInterestReturn(45, '2026-06-30', '2026-07-31')).toBeCloseTo(13.95 / 365, 15);
    expect(simpleInterestReturn(45, '2026-06-30', '2026-06-30')).toBe(0);
  });
  it('rejects a period that ends before it starts and a non-finite rate', () => {
    expect(() => simpleInterestReturn(45, '2026-07-31', '2026-06-30')).toThrow(InvalidInputError);
    expect(() => simpleInterestReturn(Number.NaN, '2026-06-30', '2026-07-31')).toThrow(
      InvalidInputError,
    );
  });
});
