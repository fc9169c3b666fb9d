import type { WeeklyReturn } from './weekly-returns.ts';
import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError } from '../errors.ts';
import { annualizedVolatility } from '../stats/performance.ts';
import { officialRiskValues, riskValueHistory } from './risk-value.ts';

/** Weekly returns alternating ±a from a Monday: sample σ of ±a with T even is a·sqrt(T/(T−1)). */
function alternating(count: number, a: number, firstMonday = '2020-01-06'): WeeklyReturn[] {
  const start = Date.parse(`${firstMonday}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const monday = new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10);
    const friday = new Date(start + (i * 7 + 4) * 86_400_000).toISOString().slice(0, 10);
    return { weekStart: monday, date: friday, return: i % 2 === 0 ? a : -a };
  });
}

describe('risk value history', () => {
  it('applies σ = sqrt(m/(T−1) Σ (r − r̄)²): returns 1 %, −1 %, 2 %, 0 % → sqrt(52/3 × 5e-4)', () => {
    const weeks = alternating(4, 0).map((w, i) => ({ ...w, return: [0.01, -0.01, 0.02, 0][i]! }));
    expect(riskValueHistory(weeks, { minWeeks: 4 }).volatility).toBeCloseTo(
      Math.sqrt((52 / 3) * 5e-4),
      15,
    );
  });

  it('annualises the last 260 weeks and classifies them', () => {
    const result = riskValueHistory(alternating(300, 0.02));
    const expected = 0.02 * Math.sqrt(260 / 259) * Math.sqrt(52);
    expect(result.volatility).toBeCloseTo(expected, 14);
    expect(result.weeks).toBe(260);
    expect(result.riskValue, '0.02·√52 ≈ 14.4 % is class 4').toBe(4);
    expect(result.history).toHaveLength(300 - 51);
    expect(result.history[0]!.weeks).toBe(52);
  });

  it('fills a short history with benchmark weeks before the fund started (§9.3.2.3)', () => {
    const benchmark = alternating(400, 0.001, '2015-01-05');
    const fund = alternating(10, 0.05, '2022-09-05');
    const result = riskValueHistory(fund, { benchmark, minWeeks: 52 });
    expect(result.history).toHaveLength(10);
    expect(result.history[0]!.benchmarkWeeks).toBe(259);
    expect(result.history.at(-1)!.benchmarkWeeks).toBe(250);
    expect(result.weeks).toBe(260);
    const last = [...benchmark.filter((b) => b.weekStart < '2022-09-05').slice(-250), ...fund].map(
      (w) => w.return,
    );
    expect(result.volatility).toBeCloseTo(annualizedVolatility(last, { periodsPerYear: 52 }), 15);
  });

  it('throws when no week has enough returns', () => {
    expect(() => riskValueHistory(alternating(20, 0.01))).toThrow(InsufficientHistoryError);
    expect(() => riskValueHistory([])).toThrow(InsufficientHistoryError);
  });
});

describe('official class: the 4-month rule (§9.3.2.2)', () => {
  const weekly = (classes: number[]): { date: string; riskValue: number }[] =>
    classes.map((riskValue, i) => ({
      date: new Date(Date.UTC(2024, 0, 5) + i * 7 * 86_400_000).toISOString().slice(0, 10),
      riskValue,
    }));

  it('keeps the class while it appears in the last 4 months and changes only after 4 months outside it', () => {
    const classes = [...Array<number>(20).fill(3), ...Array<number>(18).fill(4)];
    const official = officialRiskValues(weekly(classes));
    // Weeks are Fridays from 2024-01-05; class 4 starts at index 20 (2024-05-24). At index 36
    // (2024-09-13) the window (2024-05-13, 2024-09-13] still holds the class-3 week 2024-05-17; at
    // index 37 (2024-09-20) the window (2024-05-20, 2024-09-20] is all class 4, so the class changes.
    expect(official.slice(0, 37).every((v) => v === 3)).toBe(true);
    expect(official.indexOf(4)).toBe(37);
  });

  it('moves to the most frequent class of the window when several classes occurred', () => {
    const classes = [
      ...Array<number>(20).fill(2),
      ...Array<number>(30)
        .fill(5)
        .map((v, i) => (i % 3 === 0 ? 6 : v)),
    ];
    const official = officialRiskValues(weekly(classes));
    expect(official.at(-1)).toBe(5);
    expect(officialRiskValues([])).toEqual([]);
  });
});
