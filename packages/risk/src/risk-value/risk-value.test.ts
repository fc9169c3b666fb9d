import { describe, expect, it } from 'vitest';
import { weeklyReturns, type WeeklyReturn } from './weekly-returns.ts';
import { officialRiskValues, riskValueHistory } from './risk-value.ts';
import { annualizedVolatility } from '../stats/performance.ts';
import { bandTableFor, riskValueForVolatility, SPK_RISK_VALUE_BANDS } from './bands.ts';
import { checkRiskLabel } from './label-rule.ts';
import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';

describe('weekly returns (Rehber §9.3.2.1 fn. 23)', () => {
  const dates = [
    '2024-01-01',
    '2024-01-03',
    '2024-01-05',
    '2024-01-10',
    '2024-01-15',
    '2024-01-19',
  ];
  const prices = [100, 101, 102, 103, 104, 99];
  it('measures each ISO week from its first to its last priced day and skips single-price weeks', () => {
    expect(weeklyReturns(dates, prices)).toEqual([
      { weekStart: '2024-01-01', date: '2024-01-05', return: 102 / 100 - 1 },
      { weekStart: '2024-01-15', date: '2024-01-19', return: 99 / 104 - 1 },
    ]);
  });
  it('optionally measures from last price to last price', () => {
    expect(weeklyReturns(dates, prices, 'last-to-last').map((w) => w.return)).toEqual([
      103 / 102 - 1,
      99 / 103 - 1,
    ]);
  });
  it('rejects unordered dates, bad prices and mismatched lengths', () => {
    expect(() => weeklyReturns(['2024-01-02', '2024-01-01'], [1, 1])).toThrow(/increase/);
    expect(() => weeklyReturns(['2024-01-02'], [0])).toThrow(/positive/);
    expect(() => weeklyReturns(['2024-01-02'], [])).toThrow(InvalidInputError);
  });
});

describe('risk value bands (12.10.2023)', () => {
  it('puts the lower bound in the class and the upper bound in the next one', () => {
    expect(riskValueForVolatility(0, '2024-01-01')).toBe(1);
    expect(riskValueForVolatility(0.019999, '2024-01-01')).toBe(1);
    expect(riskValueForVolatility(0.02, '2024-01-01')).toBe(2);
    expect(riskValueForVolatility(0.1, '2024-01-01')).toBe(4);
    expect(riskValueForVolatility(0.299999, '2024-01-01')).toBe(6);
    expect(riskValueForVolatility(0.3, '2024-01-01')).toBe(7);
    expect(riskValueForVolatility(2.5, '2024-01-01')).toBe(7);
  });
  it('uses an earlier table for earlier dates when one is supplied, else the earliest table', () => {
    const older = {
      effectiveFrom: '2013-07-01',
      source: 'test',
      bands: [{ riskValue: 9, lowerBound: 0, upperBound: Number.POSITIVE_INFINITY }],
    };
    const tables = [...SPK_RISK_VALUE_BANDS, older];
    expect(riskValueForVolatility(0.01, '2020-01-01', tables)).toBe(9);
    expect(riskValueForVolatility(0.01, '2023-10-12', tables)).toBe(1);
    expect(bandTableFor('2001-01-01', tables)).toBe(older);
    expect(bandTableFor('2001-01-01').effectiveFrom).toBe('2023-10-12');
  });
  it('rejects negative volatility, an empty table list and a gap in a table', () => {
    expect(() => riskValueForVolatility(-0.01, '2024-01-01')).toThrow(/volatility/);
    expect(() => bandTableFor('2024-01-01', [])).toThrow(/table/);
    const gap = [
      {
        effectiveFrom: '2020-01-01',
        source: 't',
        bands: [{ riskValue: 1, lowerBound: 0, upperBound: 0.1 }],
      },
    ];
    expect(() => riskValueForVolatility(0.2, '2024-01-01', gap)).toThrow(/band/);
  });
});

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

describe('label rule (Rehber §1.2 b)', () => {
  it('finds the risk word in the name and checks the class against its range', () => {
    expect(checkRiskLabel('Demo Müşteri Portföyü - Temkinli', 2)).toEqual({
      word: 'Temkinli',
      minRiskValue: 1,
      maxRiskValue: 2,
      consistent: true,
    });
    expect(checkRiskLabel('Demo Müşteri Portföyü - Temkinli', 3).consistent).toBe(false);
    expect(checkRiskLabel('X PORTFÖY DENGELİ DEĞİŞKEN FON', 3).word).toBe('Dengeli');
    expect(checkRiskLabel('X Portföy Dengeli Değişken Fon', 5).consistent).toBe(false);
    expect(checkRiskLabel('X Büyüme Fon Sepeti Fonu', 5).consistent).toBe(true);
    expect(checkRiskLabel('X Büyüme Fon Sepeti Fonu', 6).consistent).toBe(false);
    expect(checkRiskLabel('X Agresif Değişken Fon', 7).consistent).toBe(true);
    expect(checkRiskLabel('X Agresif Değişken Fon', 4).consistent).toBe(false);
  });
  it('needs a whole word: no risk word in an ordinary name', () => {
    expect(checkRiskLabel('Demo Hisse Senedi Fonu', 6)).toEqual({
      word: null,
      minRiskValue: null,
      maxRiskValue: null,
      consistent: null,
    });
    expect(checkRiskLabel('Ataköy Gayrimenkul Fonu', 3).word).toBeNull();
  });
});
