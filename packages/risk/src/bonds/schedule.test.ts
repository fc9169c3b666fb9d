// Coupon periods counted back from maturity (ICMA Rule 251 quasi-coupon dates; end-of-month
// maturities keep month ends); dates worked by hand.
import { describe, expect, it } from 'vitest';
import { formatIsoDate, parseIsoDate } from '../dates/date.ts';
import { InvalidInputError } from '../errors.ts';
import { couponPeriods } from './schedule.ts';

const d = parseIsoDate;
const text = (periods: ReturnType<typeof couponPeriods>) =>
  periods.map((p) => [p.accrualStart, p.referenceStart, p.end].map(formatIsoDate));

describe('couponPeriods', () => {
  it('counts semi-annual periods back from maturity to the one holding settlement', () => {
    expect(
      text(couponPeriods({ settlement: d('2025-03-01'), maturity: d('2026-06-15'), frequency: 2 })),
    ).toEqual([
      ['2024-12-15', '2024-12-15', '2025-06-15'],
      ['2025-06-15', '2025-06-15', '2025-12-15'],
      ['2025-12-15', '2025-12-15', '2026-06-15'],
    ]);
  });

  it('starts accrual at the issue date of a long first period and keeps month ends', () => {
    expect(
      text(
        couponPeriods({
          settlement: d('2025-03-10'),
          maturity: d('2025-08-31'),
          frequency: 4,
          issue: d('2025-03-05'),
        }),
      ),
    ).toEqual([
      ['2025-03-05', '2025-02-28', '2025-05-31'],
      ['2025-05-31', '2025-05-31', '2025-08-31'],
    ]);
  });

  it('refuses an unknown frequency and dates out of order', () => {
    const base = { settlement: d('2025-01-01'), maturity: d('2026-01-01'), frequency: 2 };
    expect(() => couponPeriods({ ...base, frequency: 5 })).toThrow(InvalidInputError);
    expect(() => couponPeriods({ ...base, settlement: d('2026-01-01') })).toThrow(
      InvalidInputError,
    );
    expect(() => couponPeriods({ ...base, issue: d('2025-02-01') })).toThrow(InvalidInputError);
  });
});
