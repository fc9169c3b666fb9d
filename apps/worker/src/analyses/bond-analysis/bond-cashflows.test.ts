// Issue 23.6: the cash-flow table's present values add up to the dirty price in every convention.
import { describe, expect, it } from 'vitest';
import type { BondTerms } from '@fonrisk/contracts';
import { TURKISH_CALENDAR } from '@fonrisk/risk';
import { analyseBond, type BondCase } from './bond-figures.ts';

// 25 % annual, ACT/ACT: the coupon of Friday 6 June 2025 falls in Kurban Bayramı (6–9 June) and is
// paid Tuesday 10 June; the redemption of Saturday 6 June 2026 on Monday 8 June.
const bayram: BondTerms = {
  kind: 'bond',
  couponType: 'fixed',
  couponRatePct: 25,
  couponFrequency: 1,
  dayCount: 'ACT/ACT',
  issueDate: '2024-06-06',
  maturityDate: '2026-06-06',
  referenceIndex: null,
  spreadBp: null,
};
const curve = [
  { ticker: 'C1Y', days: 365, yieldPct: 28 },
  { ticker: 'C2Y', days: 730, yieldPct: 29 },
];
const bondCase = (terms: BondTerms, over: Partial<BondCase> = {}): BondCase => ({
  code: 'B',
  name: 'Test',
  terms,
  quote: { kind: 'yield', yieldPct: 30 },
  quoteSource: 'market',
  indexRate: null,
  indexRatio: null,
  currency: 'TRY',
  calendar: TURKISH_CALENDAR,
  position: null,
  ...over,
});
const sum = (xs: readonly { presentValue: number }[]) => xs.reduce((s, x) => s + x.presentValue, 0);

describe('cash-flow table', () => {
  it('discounts an ISMA bond with a holiday coupon on the unshifted schedule', () => {
    // ISMA: w = 155/365 (2 Jan → 6 Jun 2025 over the 365-day period), flows at w and 1 + w:
    // dirty = 25/1,3^(155/365) + 125/1,3^(520/365), whatever day the coupon is paid.
    const f = analyseBond(bondCase(bayram), '2025-01-02', 'isma', curve);
    expect(f.cashflows.map((c) => c.date)).toEqual(['2025-06-10', '2026-06-08']);
    expect(f.cashflows.map((c) => c.years)).toEqual([155 / 365, 1 + 155 / 365]);
    expect(f.dirtyPrice).toBeCloseTo(25 / 1.3 ** (155 / 365) + 125 / 1.3 ** (520 / 365), 10);
    expect(Math.abs(sum(f.cashflows) - f.dirtyPrice)).toBeLessThan(1e-8);
  });

  const cases: [string, BondCase][] = [
    ['fixed', bondCase(bayram)],
    [
      'semi-annual fixed',
      bondCase({
        ...bayram,
        couponFrequency: 2,
        issueDate: '2024-03-15',
        maturityDate: '2027-09-15',
      }),
    ],
    [
      'discount',
      bondCase({ ...bayram, couponType: 'discount', couponRatePct: 0, couponFrequency: 0 }),
    ],
    [
      'floating',
      bondCase(
        {
          ...bayram,
          couponType: 'floating',
          couponFrequency: 4,
          couponRatePct: 46,
          referenceIndex: 'TLREF',
          spreadBp: 100,
        },
        { indexRate: 0.45 },
      ),
    ],
    [
      'CPI-linked',
      bondCase(
        {
          ...bayram,
          couponType: 'cpiLinked',
          couponFrequency: 2,
          couponRatePct: 3,
          referenceIndex: 'TÜFE',
        },
        { quote: { kind: 'yield', yieldPct: 4 }, indexRatio: 1.37 },
      ),
    ],
  ];
  for (const [name, c] of cases)
    for (const convention of ['isma', 'tr-treasury'] as const)
      it(`adds up to the dirty price within 1e-8: ${name}, ${convention}`, () => {
        const f = analyseBond(c, '2025-01-02', convention, curve);
        expect(Math.abs(sum(f.cashflows) - f.dirtyPrice)).toBeLessThan(1e-8);
      });
});
