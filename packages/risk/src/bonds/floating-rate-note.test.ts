import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import {
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
});
