import { describe, expect, it } from 'vitest';
import { riskFreeReturns } from './window-risk.ts';

describe('risk-free return of each daily period', () => {
  it('takes the rate on or before the period start, simple on actual/365; 0 before the series', () => {
    const rates = { dates: ['2025-01-01', '2025-01-06'], values: [36.5, 73] };
    const dates = ['2024-12-31', '2025-01-02', '2025-01-06', '2025-01-07'];
    // From index 0: 31.12 has no rate (0); 02.01 → 06.01: 36,5 % × 4 / 365 = 0,4 %;
    // 06.01 → 07.01: 73 % × 1 / 365 = 0,2 %.
    const all = riskFreeReturns(rates, dates, 0, 3);
    expect(all[0]).toBe(0);
    expect(all[1]).toBeCloseTo(0.004, 15);
    expect(all[2]).toBeCloseTo(0.002, 15);
    // From index 1, one period only.
    const window = riskFreeReturns(rates, dates, 1, 1);
    expect(window).toHaveLength(1);
    expect(window[0]).toBeCloseTo(0.004, 15);
  });
});
