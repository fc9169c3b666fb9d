import { describe, expect, it } from 'vitest';
import { BondAnalysisInputsSchema, type BondTerms } from '@fonrisk/contracts';
import { TURKISH_CALENDAR, createTurkishCalendar } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import { HELD_BOND_TERMS } from '../testing/held-bond.ts';
import { keyRateDurations, priceBond, priceYieldCurve } from './price-bond.ts';

/** Two years at 10 % annual coupon from 15.01.2025 (ACT/ACT). */
const twoYear = HELD_BOND_TERMS;
const ctx = { convention: 'tr-treasury' as const, indexRate: null, indexRatio: null };

describe('priceBond against reference values', () => {
  it('2-year 10 % annual bond at 10 %: par, and the textbook durations', () => {
    // QuantLib-style reference (BondFunctions, Compounded Annual, flows at t = 1 and 2 years):
    // P = 10/1.1 + 110/1.1² = 100; Macaulay = (1·10/1.1 + 2·110/1.21)/100 = 1.9090909;
    // modified = 1.9090909/1.1 = 1.7355372; convexity = (1·2·10/1.1³ + 2·3·110/1.1⁴)/100
    // = 4.6581517; DV01 = 1.7355372 · 100 / 10 000 = 0.0173554.
    const p = priceBond('T', twoYear, '2025-01-15', { kind: 'yield', yieldPct: 10 }, ctx);
    expect(p.cleanPrice).toBeCloseTo(100, 10);
    expect(p.accruedInterest).toBe(0);
    expect(p.analytics.macaulayDuration).toBeCloseTo(1.9090909091, 9);
    expect(p.analytics.modifiedDuration).toBeCloseTo(1.7355371901, 9);
    expect(p.analytics.convexity).toBeCloseTo(4.6581517, 6);
    expect(p.analytics.dv01).toBeCloseTo(0.017355372, 8);
  });
  it('solves the yield back from the price', () => {
    const p = priceBond('T', twoYear, '2025-01-15', { kind: 'price', cleanPrice: 96.5 }, ctx);
    const back = priceBond(
      'T',
      twoYear,
      '2025-01-15',
      { kind: 'yield', yieldPct: p.analytics.yield * 100 },
      ctx,
    );
    expect(back.cleanPrice).toBeCloseTo(96.5, 9);
    // 96.5 = 10/(1+y) + 110/(1+y)² has y = 12.0803 % (quadratic in 1/(1+y)).
    const x = (-10 + Math.sqrt(100 + 4 * 110 * 96.5)) / (2 * 110);
    expect(p.analytics.yield).toBeCloseTo(1 / x - 1, 10);
  });
  it('pays a coupon falling on a holiday on the next business day of the calendar it is given', () => {
    // Kurban Bayramı 2025 runs 6-9 June: a coupon due Friday 6 June is paid Tuesday 10 June;
    // 6 June 2026 is a Saturday: redemption Monday 8 June. tr-treasury discounts over the days
    // to the payment: P = 25/1.3^(159/365) + 125/1.3^(522/365) from 2025-01-02.
    const bayram: BondTerms = {
      ...twoYear,
      couponRatePct: 25,
      issueDate: '2024-06-06',
      maturityDate: '2026-06-06',
    };
    const q = { kind: 'yield', yieldPct: 30 } as const;
    const adjusted = priceBond('B', bayram, '2025-01-02', q, {
      ...ctx,
      calendar: TURKISH_CALENDAR,
    });
    expect(adjusted.cashflows.map((f) => f.date)).toEqual(['2025-06-10', '2026-06-08']);
    expect(adjusted.dirtyPrice).toBeCloseTo(25 / 1.3 ** (159 / 365) + 125 / 1.3 ** (522 / 365), 10);
    expect(priceBond('B', bayram, '2025-01-02', q, ctx).cashflows[0]!.date).toBe('2025-06-06');
    // A user who reopens 9 June on the calendar screen gets the coupon on Monday 9 June.
    const edited = createTurkishCalendar([
      { date: '2025-06-09', kind: 'businessDay', name: 'Açık' },
    ]);
    expect(
      priceBond('B', bayram, '2025-01-02', q, { ...ctx, calendar: edited }).cashflows[0]!.date,
    ).toBe('2025-06-09');
  });
  it('a discount bill is priced as a zero-coupon bond: 100 / (1 + y)^(days/365)', () => {
    const bill: BondTerms = {
      ...twoYear,
      couponType: 'discount',
      couponRatePct: 0,
      couponFrequency: 0,
      maturityDate: '2025-07-14',
    };
    const p = priceBond('HB', bill, '2025-01-15', { kind: 'yield', yieldPct: 40 }, ctx);
    expect(p.cleanPrice).toBeCloseTo(100 / 1.4 ** (180 / 365), 10);
  });
  it('CPI-linked: nominal price = real price × index ratio', () => {
    const cpi: BondTerms = {
      ...twoYear,
      couponType: 'cpiLinked',
      couponRatePct: 3,
      referenceIndex: 'TÜFE',
    };
    const p = priceBond(
      'C',
      cpi,
      '2025-01-15',
      { kind: 'yield', yieldPct: 3 },
      { ...ctx, indexRatio: 1.5 },
    );
    expect(p.cleanPrice).toBeCloseTo(150, 9);
    expect(p.cashflows.at(-1)!.amount).toBeCloseTo(103 * 1.5, 9);
  });
  it('floating: later coupons at index + quoted margin, priced at par when discounted there', () => {
    const frn: BondTerms = {
      ...twoYear,
      couponType: 'floating',
      couponRatePct: 45,
      spreadBp: 100,
      referenceIndex: 'TLREF',
    };
    const p = priceBond(
      'F',
      frn,
      '2025-01-15',
      { kind: 'yield', yieldPct: 45 },
      { ...ctx, indexRate: 0.44 },
    );
    expect(p.cleanPrice).toBeCloseTo(100, 9);
  });
  it('answers a yield of -100 % and a matured bond in Turkish', () => {
    expect(() =>
      priceBond('T', twoYear, '2025-01-15', { kind: 'yield', yieldPct: -100 }, ctx),
    ).toThrow(/getiri -%100’den büyük olmalı/);
    expect(() =>
      priceBond('T', twoYear, '2027-02-01', { kind: 'yield', yieldPct: 10 }, ctx),
    ).toThrow(AnalysisInputError);
    const parsed = BondAnalysisInputsSchema.safeParse({
      source: 'manual',
      bond: twoYear,
      asOfDate: '2025-01-15',
      yieldPct: -100,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('getiri -%100’den büyük olmalı');
  });
  it('the price-yield curve falls as the yield rises', () => {
    const p = priceBond('T', twoYear, '2025-01-15', { kind: 'yield', yieldPct: 10 }, ctx);
    const curve = priceYieldCurve(p, 10);
    for (let i = 1; i < curve.length; i++)
      expect(curve[i]!.cleanPrice).toBeLessThan(curve[i - 1]!.cleanPrice);
  });
});

describe('key-rate durations', () => {
  it('add up to the curve duration and sit on the tenors around the flows', () => {
    const p = priceBond('T', twoYear, '2025-01-15', { kind: 'yield', yieldPct: 10 }, ctx);
    const curve = [
      { ticker: 'Y1', days: 365, yieldPct: 9 },
      { ticker: 'Y2', days: 730, yieldPct: 10 },
      { ticker: 'Y5', days: 1825, yieldPct: 11 },
    ];
    const k = keyRateDurations('2025-01-15', p.cashflows, p.dirtyPrice, curve);
    const sum = k.durations.reduce((s, d) => s + d.duration, 0);
    // Flows at exactly 1 and 2 years load on the 1Y and 2Y points only; total ≈ modified duration
    // on the curve (with spread): Σ t·CF·(1+z_t+s)^(−t−1) / P.
    expect(k.durations.find((d) => d.tenor === '5Y')!.duration).toBeCloseTo(0, 10);
    const s = k.spreadBp! / 10_000;
    const expected = (1 * 10 * (1.09 + s) ** -2 + 2 * 110 * (1.1 + s) ** -3) / p.dirtyPrice;
    expect(sum).toBeCloseTo(expected, 6);
  });
});
