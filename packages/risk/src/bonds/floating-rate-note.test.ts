import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { fixedBondFromYield } from './fixed-bond.ts';
import {
  floatingRateNoteAfterRateMove,
  floatingRateNoteFromCleanPrice,
  floatingRateNoteFromYield,
  type FloatingRateNoteSpec,
} from './floating-rate-note.ts';

const frn: FloatingRateNoteSpec = {
  settlement: '2024-01-10',
  maturity: '2027-01-10',
  frequency: 4,
  dayCount: 'actact-isma',
  currentCoupon: 0.45,
  projection: { method: 'next-reset' },
};

describe('floating-rate note', () => {
  it('is worth par on a reset date when the discount yield equals the coupon (any projection)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.8, noNaN: true }), fc.boolean(), (rate, projected) => {
        const spec: FloatingRateNoteSpec = {
          ...frn,
          currentCoupon: rate,
          projection: projected
            ? { method: 'flat-index', indexRate: rate - 0.01, quotedMargin: 0.01 }
            : { method: 'next-reset' },
        };
        expect(floatingRateNoteFromYield(spec, rate).dirtyPrice).toBeCloseTo(100, 9);
      }),
    );
  });

  it('discounts the known coupon plus par from the next reset under next-reset', () => {
    const note = floatingRateNoteFromYield({ ...frn, settlement: '2024-02-10' }, 0.44);
    // Period 2024-01-10..2024-04-10 has 91 days, 60 remain: dirty = (100 + 45/4) / (1.11)^(60/91).
    expect(note.dirtyPrice).toBeCloseTo((100 + 11.25) / 1.11 ** (60 / 91), 10);
    expect(note.accruedInterest).toBeCloseTo((11.25 * 31) / 91, 12);
    expect(note.cashflows).toMatchObject([{ date: '2024-04-10', amount: 111.25 }]);
    expect(note.cashflows[0]!.time).toBeCloseTo(60 / 91 / 4, 14);
    expect(note.macaulayDuration, 'rate duration is the time to the reset').toBeCloseTo(
      60 / 91 / 4,
      12,
    );
  });

  it('trades below par when the discount margin exceeds the quoted margin', () => {
    const spec: FloatingRateNoteSpec = {
      ...frn,
      projection: { method: 'flat-index', indexRate: 0.44, quotedMargin: 0.01 },
    };
    const note = floatingRateNoteFromYield(spec, 0.44 + 0.02);
    expect(note.cleanPrice).toBeLessThan(100);
    expect(note.cashflows).toHaveLength(12);
    const back = floatingRateNoteFromCleanPrice(spec, note.cleanPrice);
    expect(back.yield - 0.44, 'discount margin recovered').toBeCloseTo(0.02, 10);
  });

  it('rejects a projection that makes coupons negative', () => {
    expect(() =>
      floatingRateNoteFromYield(
        { ...frn, projection: { method: 'flat-index', indexRate: -0.2, quotedMargin: 0.01 } },
        0.1,
      ),
    ).toThrow(InvalidInputError);
  });

  describe('38 days before its reset (issue 23 item 5)', () => {
    // Quarterly TLREF note, coupons 4 Jan/Apr/Jul/Oct; 27.11.2026 → 04.01.2027 is 38 days.
    const spec: FloatingRateNoteSpec = {
      settlement: '2026-11-27',
      maturity: '2028-01-04',
      frequency: 4,
      dayCount: 'actact-isma',
      convention: 'tr-treasury',
      currentCoupon: 0.4,
      projection: { method: 'flat-index', indexRate: 0.39, quotedMargin: 0.01 },
    };
    const y = 0.41;
    const note = floatingRateNoteFromYield(spec, y);
    const t = 38 / 365;

    it('has the rate duration to the next reset, not to maturity', () => {
      expect(note.nextResetDate).toBe('2027-01-04');
      expect(note.resetTime).toBeCloseTo(t, 14);
      expect(note.macaulayDuration).toBeCloseTo(t, 12); // 0.10411
      expect(note.modifiedDuration).toBeCloseTo(t / 1.41, 12); // 0.07384
      expect(note.convexity).toBeCloseTo((t * (t + 1)) / 1.41 ** 2, 12);
      expect(note.dv01).toBeCloseTo((t / 1.41) * note.dirtyPrice * 1e-4, 12);
    });

    it('shows the spread duration separately: the duration of the projected schedule held', () => {
      // Every projected coupon is 39 % + 1 % = the current 40 %: holding them is a 40 % fixed bond.
      const held = fixedBondFromYield({ ...spec, coupon: 0.4 }, y);
      expect(note.dirtyPrice).toBeCloseTo(held.dirtyPrice, 10);
      expect(note.spreadDuration).toBeCloseTo(held.modifiedDuration, 12);
      expect(note.spreadDv01).toBeCloseTo(held.dv01, 12);
      expect(note.spreadDuration / note.modifiedDuration).toBeGreaterThan(8);
    });

    it('moves with rates by its value at the reset discounted at the moved yield', () => {
      // +700 bp on index and discount rate: dirty × (1.41 / 1.48)^(38/365), about −0.5 %.
      const after = floatingRateNoteAfterRateMove(note, 0.07);
      expect(after).toBeCloseTo(note.dirtyPrice * (1.41 / 1.48) ** t, 10);
      expect(after / note.dirtyPrice - 1).toBeCloseTo(-0.005, 3);
      // Exact full revaluation when the note compounds at its coupon frequency and the discount
      // margin equals the quoted margin: re-projecting every coupon at the moved index and
      // discounting at the moved yield gives the same price.
      const isma: FloatingRateNoteSpec = { ...spec, convention: 'isma' };
      const atPar = floatingRateNoteFromYield(isma, 0.4);
      const reprojected = floatingRateNoteFromYield(
        { ...isma, projection: { method: 'flat-index', indexRate: 0.46, quotedMargin: 0.01 } },
        0.47,
      ).dirtyPrice;
      expect(floatingRateNoteAfterRateMove(atPar, 0.07)).toBeCloseTo(reprojected, 9);
      expect(() => floatingRateNoteAfterRateMove(note, -2)).toThrow(InvalidInputError);
    });
  });
});
