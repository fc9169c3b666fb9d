import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedBondFromCleanPrice, fixedBondFromYield, type FixedBondSpec } from './fixed-bond.ts';
import { InvalidInputError } from '../errors.ts';
import { TURKISH_CALENDAR } from '../dates/turkish-calendar.ts';
import { couponPeriods } from './schedule.ts';
import { formatIsoDate, parseIsoDate } from '../dates/date.ts';

describe('fixed-coupon bond, isma convention', () => {
  it('reproduces the Microsoft Excel PRICE documentation example (94.63436, 30/360)', () => {
    // support.microsoft.com "PRICE function": PRICE(15.02.2008, 15.11.2017, 5.75 %, 6.5 %, 100, 2, 0)
    // = 94.63436162 (the page shows 94.63436). Basis 0 equals bond basis on the 15th of the month.
    const bond = fixedBondFromYield(
      {
        settlement: '2008-02-15',
        maturity: '2017-11-15',
        coupon: 0.0575,
        frequency: 2,
        dayCount: '30-360',
      },
      0.065,
    );
    expect(bond.cleanPrice).toBeCloseTo(94.63436162, 7);
    expect(bond.accruedInterest, 'three 30/360 months of a 5.75 % coupon').toBeCloseTo(1.4375, 12);
    expect(bond.cashflows).toHaveLength(20);
    // Times (w + k)/f: 30/360 gives w = 90/180 = 0,5 of the 15.11.2007–15.05.2008 period.
    expect(bond.cashflows[0]).toEqual({ date: '2008-05-15', amount: 2.875, time: 0.25 });
    expect(bond.cashflows[19]).toEqual({ date: '2017-11-15', amount: 102.875, time: 9.75 });
  });

  it('reproduces the Excel YIELD documentation example (6.5 % from 95.04287)', () => {
    // support.microsoft.com "YIELD function": YIELD(15.02.2008, 15.11.2016, 5.75 %, 95.04287, 100, 2, 0)
    // = 0.065 (6.5 %); the quoted price has 7 significant digits, hence the 1e-7 tolerance.
    const bond = fixedBondFromCleanPrice(
      {
        settlement: '2008-02-15',
        maturity: '2016-11-15',
        coupon: 0.0575,
        frequency: 2,
        dayCount: '30-360',
      },
      95.04287,
    );
    expect(bond.yield).toBeCloseTo(0.065, 7);
  });

  it('reproduces the Excel DURATION and MDURATION documentation examples (ACT/ACT)', () => {
    // DURATION(01.07.2018, 01.01.2048, 8 %, 9 %, 2, 1) = 10.9191453 and
    // MDURATION(01.01.2008, 01.01.2016, 8 %, 9 %, 2, 1) = 5.73567 (support.microsoft.com).
    const long = fixedBondFromYield(
      {
        settlement: '2018-07-01',
        maturity: '2048-01-01',
        coupon: 0.08,
        frequency: 2,
        dayCount: 'actact-isma',
      },
      0.09,
    );
    expect(long.macaulayDuration).toBeCloseTo(10.9191453, 6);
    const short = fixedBondFromYield(
      {
        settlement: '2008-01-01',
        maturity: '2016-01-01',
        coupon: 0.08,
        frequency: 2,
        dayCount: 'actact-isma',
      },
      0.09,
    );
    expect(short.modifiedDuration).toBeCloseTo(5.73567, 5);
  });

  it('prices a zero-coupon bond as 100 / (1 + y/f)^(periods)', () => {
    const bond = fixedBondFromYield(
      {
        settlement: '2024-01-15',
        maturity: '2027-01-15',
        coupon: 0,
        frequency: 2,
        dayCount: 'actact-isma',
      },
      0.1,
    );
    expect(bond.dirtyPrice).toBeCloseTo(100 / 1.05 ** 6, 12);
    expect(bond.accruedInterest).toBe(0);
    expect(bond.macaulayDuration, 'a zero has Macaulay duration equal to its life').toBeCloseTo(
      3,
      12,
    );
  });

  it('accrues a short first coupon from the issue date (ACT/ACT ISMA, notional period)', () => {
    // Regular period 2024-01-15..2024-07-15 has 182 days; issued 2024-03-01 (136 days to the coupon).
    const bond = fixedBondFromYield(
      {
        settlement: '2024-04-01',
        maturity: '2026-07-15',
        issue: '2024-03-01',
        coupon: 0.1,
        frequency: 2,
        dayCount: 'actact-isma',
        face: 1000,
      },
      0.1,
    );
    expect(bond.cashflows[0]!.amount).toBeCloseTo((1000 * 0.05 * 136) / 182, 10);
    expect(bond.accruedInterest).toBeCloseTo((100 * 0.05 * 31) / 182, 12);
    // w = 105/182 (01.04 → 15.07.2024 in the 182-day notional period); the 5th flow is at (w + 4)/2.
    expect(bond.cashflows.at(-1)).toMatchObject({ date: '2026-07-15', amount: 1050 });
    expect(bond.cashflows.at(-1)!.time).toBeCloseTo((105 / 182 + 4) / 2, 14);
  });

  it('keeps month-end coupon dates for a month-end maturity', () => {
    const bond = fixedBondFromYield(
      {
        settlement: '2024-01-10',
        maturity: '2025-02-28',
        coupon: 0.06,
        frequency: 4,
        dayCount: 'act365f',
      },
      0.06,
    );
    expect(bond.cashflows.map((c) => c.date)).toEqual([
      '2024-02-29',
      '2024-05-31',
      '2024-08-31',
      '2024-11-30',
      '2025-02-28',
    ]);
  });
});

describe('fixed-coupon bond, tr-treasury convention', () => {
  it('matches an independent scipy computation of Σ CF/(1+y)^(days/365)', () => {
    // /tmp script (python3, scipy 1.17): hand-listed coupons 2024-09-09 … 2026-09-09, c = 30 %, f = 2,
    // accrued = 15 × 6/184, dirty = sum(a/(1+y)**((d-settle).days/365)), y = 0.35;
    // yield from clean 98: brentq(lambda y: dirty(y)-ai-98, -0.5, 5, xtol=1e-15).
    const spec: FixedBondSpec = {
      settlement: '2024-03-15',
      maturity: '2026-09-09',
      coupon: 0.3,
      frequency: 2,
      dayCount: 'actact-isma',
      convention: 'tr-treasury',
    };
    const bond = fixedBondFromYield(spec, 0.35);
    expect(bond.accruedInterest).toBeCloseTo(0.4891304347826087, 13);
    expect(bond.dirtyPrice).toBeCloseTo(96.5026424163431, 11);
    expect(bond.macaulayDuration).toBeCloseTo(1.902417684444969, 12);
    expect(bond.modifiedDuration).toBeCloseTo(1.409198284774051, 12);
    expect(fixedBondFromCleanPrice(spec, 98).yield).toBeCloseTo(0.3356411440341724, 12);
  });
});

describe('coupon payment dates on the Turkish business-day calendar', () => {
  const spec: FixedBondSpec = {
    settlement: '2025-01-02',
    maturity: '2026-06-06',
    coupon: 0.25,
    frequency: 2,
    dayCount: 'actact-isma',
    convention: 'tr-treasury',
  };
  it('pays a coupon falling on Kurban Bayramı 2025 on the next business day (following)', () => {
    // 6 June 2025 is Kurban Bayramı 1. gün (Friday), 9 June its 4th day: paid Tuesday 10 June.
    // 6 December 2025 and 6 June 2026 are Saturdays: paid on the Mondays 8 December and 8 June.
    const bond = fixedBondFromYield({ ...spec, calendar: TURKISH_CALENDAR }, 0.3);
    expect(bond.cashflows).toEqual([
      { date: '2025-06-10', amount: 12.5, time: 159 / 365 },
      { date: '2025-12-08', amount: 12.5, time: 340 / 365 },
      { date: '2026-06-08', amount: 112.5, time: 522 / 365 },
    ]);
    // Accrual is unchanged; tr-treasury discounts each flow over the days to its payment date.
    const settle = parseIsoDate('2025-01-02');
    const hand = [
      ['2025-06-10', 12.5],
      ['2025-12-08', 12.5],
      ['2026-06-08', 112.5],
    ] as const;
    const dirty = hand.reduce(
      (sum, [d, a]) => sum + a / 1.3 ** ((parseIsoDate(d) - settle) / 365),
      0,
    );
    expect(bond.dirtyPrice).toBeCloseTo(dirty, 10);
    expect(bond.accruedInterest).toBe(fixedBondFromYield(spec, 0.3).accruedInterest);
    // Without a calendar the flows stay on the unadjusted dates.
    expect(fixedBondFromYield(spec, 0.3).cashflows[0]!.date).toBe('2025-06-06');
  });
  it('keeps a month-end payment in its month under modified following', () => {
    // 30 August 2025 (Zafer Bayramı, a Saturday): following moves it to Monday 1 September,
    // modified following back to Friday 29 August.
    const input = {
      settlement: parseIsoDate('2025-03-01'),
      maturity: parseIsoDate('2026-08-30'),
      frequency: 2,
      calendar: TURKISH_CALENDAR,
    };
    const pay = (convention: 'following' | 'modified-following') =>
      couponPeriods({ ...input, businessDayConvention: convention }).map((p) =>
        formatIsoDate(p.payment),
      );
    expect(pay('following')[0]).toBe('2025-09-01');
    expect(pay('modified-following')[0]).toBe('2025-08-29');
    expect(formatIsoDate(couponPeriods(input)[0]!.end)).toBe('2025-08-30');
  });
});

const specArbitrary = fc.record({
  start: fc.integer({ min: 0, max: 3000 }),
  life: fc.integer({ min: 20, max: 9000 }),
  coupon: fc.double({ min: 0, max: 0.6, noNaN: true }),
  frequency: fc.constantFrom(1, 2, 4, 12),
  dayCount: fc.constantFrom(
    'act365f' as const,
    'actact-isma' as const,
    'actact-isda' as const,
    '30-360' as const,
  ),
  convention: fc.constantFrom('isma' as const, 'tr-treasury' as const),
  y: fc.double({ min: -0.02, max: 1.5, noNaN: true }),
});

type SpecSample = typeof specArbitrary extends fc.Arbitrary<infer T> ? T : never;

function toSpec(s: SpecSample): FixedBondSpec {
  const day = (n: number): string =>
    new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  return { settlement: day(s.start), maturity: day(s.start + s.life), ...s };
}

describe('fixed-coupon bond properties', () => {
  it('recovers the yield from its own clean price (round trip, 1e-9)', () => {
    fc.assert(
      fc.property(specArbitrary, (s) => {
        const spec = toSpec(s);
        const priced = fixedBondFromYield(spec, s.y);
        const back = fixedBondFromCleanPrice(spec, priced.cleanPrice);
        expect(Math.abs(back.yield - s.y)).toBeLessThan(1e-9);
      }),
    );
  });

  it('agrees with central finite differences for modified duration and convexity', () => {
    fc.assert(
      fc.property(specArbitrary, (s) => {
        const spec = toSpec(s);
        const h = 1e-5;
        const p0 = fixedBondFromYield(spec, s.y).dirtyPrice;
        const up = fixedBondFromYield(spec, s.y + h).dirtyPrice;
        const down = fixedBondFromYield(spec, s.y - h).dirtyPrice;
        const bond = fixedBondFromYield(spec, s.y);
        const fdDuration = (down - up) / (2 * h) / p0;
        const fdConvexity = (up + down - 2 * p0) / (h * h) / p0;
        // Relative tolerances: central differences are O(h²) accurate; the second difference also
        // loses digits to cancellation (~1e-16·P/h² relative), hence 1e-4 for convexity.
        expect(Math.abs(bond.modifiedDuration - fdDuration)).toBeLessThan(
          1e-6 * Math.max(1, fdDuration),
        );
        expect(Math.abs(bond.convexity - fdConvexity)).toBeLessThan(
          1e-3 * Math.max(1, fdConvexity),
        );
        expect(bond.dv01).toBeCloseTo((bond.modifiedDuration * p0) / 10_000, 12);
      }),
    );
  });
});

describe('fixed-coupon bond input checks', () => {
  const base: FixedBondSpec = {
    settlement: '2024-01-01',
    maturity: '2025-01-01',
    coupon: 0.1,
    frequency: 2,
    dayCount: 'act365f',
  };
  it('rejects a negative coupon, a zero face and an unsupported frequency', () => {
    expect(() => fixedBondFromYield({ ...base, coupon: -0.1 }, 0.1)).toThrow(InvalidInputError);
    expect(() => fixedBondFromYield({ ...base, face: 0 }, 0.1)).toThrow(/face/);
    expect(() => fixedBondFromYield({ ...base, frequency: 5 }, 0.1)).toThrow(/frequency/);
  });
  it('rejects settlement on maturity, issue after settlement and impossible yields or prices', () => {
    expect(() => fixedBondFromYield({ ...base, settlement: '2025-01-01' }, 0.1)).toThrow(
      /maturity/,
    );
    expect(() => fixedBondFromYield({ ...base, issue: '2024-02-01' }, 0.1)).toThrow(/issue/);
    expect(() => fixedBondFromYield(base, -2.5)).toThrow(/yield/);
    expect(() => fixedBondFromCleanPrice(base, -1)).toThrow(/price/);
    expect(() => fixedBondFromCleanPrice(base, 1e-12)).toThrow(/no yield/);
  });
});
