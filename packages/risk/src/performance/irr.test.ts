import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { moneyWeightedReturn, xirr } from './irr.ts';

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
