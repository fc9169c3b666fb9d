import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './date.ts';
import { days30360, isDayCount, yearFraction } from './day-count.ts';

const d = parseIsoDate;

describe('day counts (ISDA 2006 4.16)', () => {
  it('computes ACT/365F and ACT/ACT ISDA across a leap-year boundary', () => {
    // ISDA "EMU and market conventions" example: 2003-11-01 .. 2004-05-01 ACT/ACT ISDA =
    // 61/365 + 121/366 = 0.16712 + 0.33060 = 0.49772.
    expect(yearFraction('actact-isda', d('2003-11-01'), d('2004-05-01'))).toBeCloseTo(
      61 / 365 + 121 / 366,
      15,
    );
    expect(yearFraction('act365f', d('2003-11-01'), d('2004-05-01'))).toBeCloseTo(182 / 365, 15);
    expect(yearFraction('act365f', d('2004-05-01'), d('2003-11-01'))).toBeCloseTo(-182 / 365, 15);
  });
  it('computes ACT/ACT ISMA against the reference period (same ISDA example: 182/(2·182) = 0.5)', () => {
    const period = { start: d('2003-11-01'), end: d('2004-05-01'), frequency: 2 };
    expect(yearFraction('actact-isma', d('2003-11-01'), d('2004-05-01'), period)).toBe(0.5);
    expect(() => yearFraction('actact-isma', d('2003-11-01'), d('2004-05-01'))).toThrow(
      /reference/,
    );
  });
  it('applies the 30/360 bond basis end-of-month rules', () => {
    expect(days30360(d('2024-01-31'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-30'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-29'), d('2024-03-31'))).toBe(62);
    expect(days30360(d('2024-02-29'), d('2024-03-31'))).toBe(32);
    expect(yearFraction('30-360', d('2024-01-15'), d('2024-07-15'))).toBe(0.5);
    expect(isDayCount('30-360')).toBe(true);
    expect(isDayCount('act360')).toBe(false);
  });
});
