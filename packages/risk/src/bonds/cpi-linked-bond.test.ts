import { describe, expect, it } from 'vitest';
import {
  cpiLinkedBondFromRealCleanPrice,
  cpiLinkedBondFromRealYield,
  referenceIndex,
} from './cpi-linked-bond.ts';
import { fixedBondFromYield } from './fixed-bond.ts';

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
