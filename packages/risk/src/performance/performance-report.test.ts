import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { brinsonFachler } from './brinson-fachler.ts';
import { grossOfFeeReturns } from './gross-of-fees.ts';
import { moneyWeightedReturn, xirr } from './irr.ts';
import { carinoFactors, linkEffects } from './linking.ts';
import { chainedModifiedDietz, modifiedDietzReturn } from './modified-dietz.ts';
import { timeWeightedReturn } from './time-weighted.ts';

describe('xirr', () => {
  it('matches the XIRR example of Microsoft’s Excel reference (37,34 %)', () => {
    // support.microsoft.com "XIRR function": result 0.373362535.
    const r = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(r).toBeCloseTo(0.373362535, 8);
  });
  it('is the simple annual rate for one year without flows', () => {
    // 100 -> 112 over 365 days: 12 %.
    const r = moneyWeightedReturn({
      start: '2023-01-01',
      end: '2024-01-01',
      beginValue: 100,
      endValue: 112,
    });
    expect(r.annualized).toBeCloseTo(0.12, 12);
    expect(r.periodReturn).toBeCloseTo(0.12, 12);
  });
  it('solves a period with a mid-period deposit by hand', () => {
    // 1000 at t=0, +500 after 0.5 year (182.5 days is not a date: use 2023-07-02, 182 days),
    // end 1600 at 365 days. Root of 1000(1+r) + 500(1+r)^(183/365) = 1600, checked by substitution.
    const res = moneyWeightedReturn({
      start: '2023-01-01',
      end: '2024-01-01',
      beginValue: 1000,
      endValue: 1600,
      flows: [{ date: '2023-07-02', amount: 500 }],
    });
    const r = res.annualized;
    expect(1000 * (1 + r) + 500 * (1 + r) ** (183 / 365)).toBeCloseTo(1600, 8);
    // Close to the Modified Dietz estimate 100 / (1000 + 500 · 183/365) = 7,996 %.
    expect(r).toBeCloseTo(100 / (1000 + (500 * 183) / 365), 2);
  });
  it('rejects amounts of one sign', () => {
    expect(() =>
      xirr([
        { date: '2024-01-01', amount: 1 },
        { date: '2024-02-01', amount: 2 },
      ]),
    ).toThrow(InvalidInputError);
  });
});

describe('Modified Dietz and TWR with flows on the first and last day', () => {
  it('weights a first-day flow fully and a last-day flow not at all', () => {
    // T = 30 days; +100 on day 0 (weight 1), −50 on day 30 (weight 0):
    // (1080 − 1000 − 50) / (1000 + 100) = 30 / 1100.
    const r = modifiedDietzReturn({
      start: '2024-01-01',
      end: '2024-01-31',
      beginValue: 1000,
      endValue: 1080,
      flows: [
        { date: '2024-01-01', amount: 100 },
        { date: '2024-01-31', amount: -50 },
      ],
    });
    expect(r).toBeCloseTo(30 / 1100, 14);
  });
  it('chains sub-periods: (1 + 30/1100)(1 + 0.05) − 1', () => {
    const { total } = chainedModifiedDietz([
      {
        start: '2024-01-01',
        end: '2024-01-31',
        beginValue: 1000,
        endValue: 1080,
        flows: [
          { date: '2024-01-01', amount: 100 },
          { date: '2024-01-31', amount: -50 },
        ],
      },
      { start: '2024-01-31', end: '2024-02-29', beginValue: 1080, endValue: 1134 },
    ]);
    expect(total).toBeCloseTo((1 + 30 / 1100) * 1.05 - 1, 14);
  });
  it('TWR: a first-day flow starts the first sub-period, a last-day flow does not change it', () => {
    // 1000 + 100 on day 0 → 1155 on day 15 (+5 %); 1155 → 1212.75 on day 30 (+5 %), then −50.
    const { twr } = timeWeightedReturn([
      { date: '2024-01-01', value: 1000, flow: 100 },
      { date: '2024-01-16', value: 1155 },
      { date: '2024-01-31', value: 1212.75, flow: -50 },
    ]);
    expect(twr).toBeCloseTo(1.05 * 1.05 - 1, 12);
  });
  it('a withdrawal larger than the portfolio makes the Dietz denominator non-positive', () => {
    expect(() =>
      modifiedDietzReturn({
        start: '2024-01-01',
        end: '2024-01-31',
        beginValue: 1000,
        endValue: 10,
        flows: [{ date: '2024-01-01', amount: -1500 }],
      }),
    ).toThrow(InvalidInputError);
  });
});

describe('Carino linking of Brinson-Fachler effects', () => {
  const periods = [
    [
      {
        name: 'Hisse',
        portfolioWeight: 0.6,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.12,
        benchmarkReturn: 0.1,
      },
      {
        name: 'Tahvil',
        portfolioWeight: 0.4,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.02,
        benchmarkReturn: 0.03,
      },
    ],
    [
      {
        name: 'Hisse',
        portfolioWeight: 0.55,
        benchmarkWeight: 0.5,
        portfolioReturn: -0.05,
        benchmarkReturn: -0.04,
      },
      {
        name: 'Tahvil',
        portfolioWeight: 0.45,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.015,
        benchmarkReturn: 0.01,
      },
    ],
  ];
  it('effects add up to the active return per period and, linked, over the whole period', () => {
    const results = periods.map((p) => brinsonFachler(p));
    for (const r of results)
      expect(r.allocation + r.selection + r.interaction).toBeCloseTo(r.activeReturn, 15);
    const { factors, portfolioReturn, benchmarkReturn } = carinoFactors(
      results.map((r) => r.portfolioReturn),
      results.map((r) => r.benchmarkReturn),
    );
    // By hand: R1 = 0.6·0.12 + 0.4·0.02 = 0.08, B1 = 0.065; R2 = −0.02075, B2 = −0.015.
    expect(portfolioReturn).toBeCloseTo(1.08 * (1 - 0.02075) - 1, 14);
    expect(benchmarkReturn).toBeCloseTo(1.065 * 0.985 - 1, 14);
    const linked = (key: 'allocation' | 'selection' | 'interaction') =>
      linkEffects(
        results.map((r) => r[key]),
        factors,
      );
    expect(linked('allocation') + linked('selection') + linked('interaction')).toBeCloseTo(
      portfolioReturn - benchmarkReturn,
      14,
    );
  });
  it('factor is 1/(1+R) when portfolio and benchmark returns are equal', () => {
    const { factors } = carinoFactors([0.1, 0.1], [0.1, 0.1]);
    // k_t = 1/1.1, k = 1/1.21: factor 1.21/1.1 = 1.1.
    expect(factors[0]).toBeCloseTo(1.1, 14);
  });
});

describe('gross-of-fee add-back', () => {
  it('adds the accrued fee of each period’s calendar days', () => {
    // 3,65 % a year: 0,01 % a day; 1 day then 3 days (over a weekend).
    const g = grossOfFeeReturns(
      ['2024-01-04', '2024-01-05', '2024-01-08'],
      [0.001, -0.002],
      0.0365,
    );
    expect(g[0]).toBeCloseTo(0.0011, 15);
    expect(g[1]).toBeCloseTo(-0.0017, 15);
  });
  it('rejects a negative fee rate', () => {
    expect(() => grossOfFeeReturns(['2024-01-04', '2024-01-05'], [0], -0.01)).toThrow(
      InvalidInputError,
    );
  });
});
