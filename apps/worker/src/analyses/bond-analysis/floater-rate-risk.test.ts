// Issue 23 item 5 (decision 0057): a TLREF floater 38 days before its reset has the rate duration
// to that reset, its spread duration beside it, and that rate risk feeds DV01, the maturity
// buckets, the parallel-shift table and the key-rate durations.
import { describe, expect, it } from 'vitest';
import type { BondTerms } from '@fonrisk/contracts';
import { createTurkishCalendar } from '@fonrisk/risk';
import { analyseBond, type BondCase } from './bond-figures.ts';
import { portfolioFigures } from './portfolio-figures.ts';

const SETTLEMENT = '2026-11-27';
const frn: BondTerms = {
  kind: 'bond',
  couponType: 'floating',
  couponRatePct: 40,
  couponFrequency: 4,
  dayCount: 'ACT/ACT',
  issueDate: '2025-01-04',
  maturityDate: '2029-01-04',
  referenceIndex: 'TLREF',
  spreadBp: 100,
};
const VALUE = 10_000_000;
const floater: BondCase = {
  code: 'TLREF29',
  name: 'TLREF Tahvili',
  terms: frn,
  quote: { kind: 'yield', yieldPct: 41 },
  quoteSource: 'market',
  indexRate: 0.39,
  indexRatio: null,
  currency: 'TRY',
  calendar: createTurkishCalendar([]),
  position: { portfolioCode: 'P', nominal: VALUE, valueTry: VALUE },
};
const curve = [
  { ticker: 'C3A', days: 91, yieldPct: 40 },
  { ticker: 'C1Y', days: 365, yieldPct: 38 },
  { ticker: 'C2Y', days: 730, yieldPct: 35 },
];
// 27.11.2026 → 04.01.2027 (a Monday, a business day): 38 days.
const t = 38 / 365;

describe('a TLREF floater 38 days before its reset', () => {
  const f = analyseBond(floater, SETTLEMENT, 'tr-treasury', curve);

  it('has the rate duration to the reset and the spread duration beside it', () => {
    expect(f.nextResetDate).toBe('2027-01-04');
    expect(f.macaulayDuration).toBeCloseTo(t, 12); // 0,1041
    expect(f.modifiedDuration).toBeCloseTo(t / 1.41, 12); // 0,0738
    // The projected schedule to 2029 held: about 14 times the rate duration.
    expect(f.spreadDuration! / f.modifiedDuration).toBeGreaterThan(12);
    expect(f.dv01).toBeCloseTo((t / 1.41) * f.dirtyPrice * 1e-4, 12);
    expect(f.dv01Try).toBeCloseTo((t / 1.41) * VALUE * 1e-4, 6);
  });

  it('puts its key-rate risk at the reset: only the 3-month point', () => {
    const byTenor = new Map(f.keyRateDurations.map((k) => [k.tenor, k.duration]));
    expect(byTenor.get('1Y')).toBeCloseTo(0, 12);
    expect(byTenor.get('2Y')).toBeCloseTo(0, 12);
    // The whole curve duration of one flow at 38 days (annual compounding on the curve).
    expect(byTenor.get('3A')!).toBeGreaterThan(0.06);
    expect(byTenor.get('3A')!).toBeLessThan(0.08);
  });

  it('sits in the 0-1 year bucket by its reset and moves by its reset value in the shifts', () => {
    const p = portfolioFigures(
      [f],
      [floater],
      { portfolioCode: 'P', portfolioName: 'P', asOfDate: SETTLEMENT, navTry: 2 * VALUE },
      [],
      () => 'tr-treasury',
      curve,
    );
    const bucket = p.buckets.find((b) => b.bucket === '0-1Y')!;
    expect(bucket.valueTry).toBe(VALUE);
    expect(bucket.dv01Try).toBeCloseTo((t / 1.41) * VALUE * 1e-4, 6);
    const up = p.shifts.find((s) => s.shiftBp === 200)!;
    // +200 bp on the index and the discount rate: V × ((1,41 / 1,43)^(38/365) − 1) ≈ −14 653 TL.
    expect(up.fullRevaluationTry).toBeCloseTo(VALUE * ((1.41 / 1.43) ** t - 1), 4);
    expect(up.fullRevaluationTry).toBeCloseTo(-14_653, 0);
    expect(p.weightedModifiedDuration).toBeCloseTo(t / 1.41, 12);
  });
});
