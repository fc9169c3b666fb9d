import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  floatingRateNoteFromCleanPrice,
  floatingRateNoteFromYield,
  type FloatingRateNoteSpec,
} from './floating-rate-note.ts';
import {
  cpiLinkedBondFromRealCleanPrice,
  cpiLinkedBondFromRealYield,
  referenceIndex,
} from './cpi-linked-bond.ts';
import { fixedBondFromYield } from './fixed-bond.ts';
import { InvalidInputError } from '../errors.ts';

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
    expect(note.cashflows).toEqual([{ date: '2024-04-10', amount: 111.25 }]);
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

describe('CPI-linked bond', () => {
  const spec = {
    settlement: '2024-05-15',
    maturity: '2029-02-14',
    coupon: 0.032,
    frequency: 2,
    dayCount: 'actact-isma' as const,
    convention: 'tr-treasury' as const,
    indexRatio: 3.41273,
  };

  it('prices real flows at the real yield and scales to nominal by the index ratio', () => {
    const real = fixedBondFromYield(spec, 0.05);
    const linked = cpiLinkedBondFromRealYield(spec, 0.05);
    expect(linked.dirtyPrice).toBe(real.dirtyPrice);
    expect(linked.nominalDirtyPrice).toBeCloseTo(real.dirtyPrice * 3.41273, 10);
    expect(linked.nominalCleanPrice).toBeCloseTo(real.cleanPrice * 3.41273, 10);
    expect(linked.nominalAccruedInterest).toBeCloseTo(real.accruedInterest * 3.41273, 12);
    expect(linked.indexedCashflows.at(-1)!.amount).toBeCloseTo(101.6 * 3.41273, 10);
  });

  it('recovers the real yield from the real clean price and rejects a bad ratio', () => {
    const linked = cpiLinkedBondFromRealYield(spec, 0.05);
    expect(cpiLinkedBondFromRealCleanPrice(spec, linked.cleanPrice).yield).toBeCloseTo(0.05, 12);
    expect(() => cpiLinkedBondFromRealYield({ ...spec, indexRatio: 0 }, 0.05)).toThrow(
      /indexRatio/,
    );
    expect(() => cpiLinkedBondFromRealCleanPrice({ ...spec, indexRatio: Number.NaN }, 100)).toThrow(
      /indexRatio/,
    );
  });

  it('interpolates the daily reference index as in the US Treasury TIPS rule (31 CFR 356, App. B)', () => {
    // Ref CPI(15 April) = CPI(January) + 14/30 × (CPI(February) − CPI(January)); CPI-U NSA
    // January 2008 = 211.080, February 2008 = 211.693 (BLS).
    const cpi = { '2008-01': 211.08, '2008-02': 211.693 };
    expect(referenceIndex('2008-04-15', cpi)).toBeCloseTo(211.08 + (14 / 30) * 0.613, 12);
    expect(
      referenceIndex('2008-03-01', cpi, 2),
      'first day of month takes the lagged month itself',
    ).toBe(211.08);
    expect(() => referenceIndex('2008-06-01', cpi)).toThrow(/2008-03/);
  });
});
