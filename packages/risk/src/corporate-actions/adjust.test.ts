import { describe, expect, it } from 'vitest';
import { deriveAdjustedSeries, type CorporateAction } from './adjust.ts';
import { InvalidInputError } from '../errors.ts';

const action = (a: Partial<CorporateAction> & Pick<CorporateAction, 'kind' | 'exDate'>) => ({
  ratio: null,
  amount: null,
  subscriptionPrice: null,
  ...a,
});
const returns = (v: Float64Array) => Array.from(v.slice(1), (x, i) => x / v[i]! - 1);
const dates = ['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07'];

// Expected values worked by hand from the formulas in adjust.ts (Borsa İstanbul price adjustment:
// factor 1/ratio for a split, 1/(1+b) for a bonus issue, TERP/P for a rights issue,
// (P-D)/P for a dividend in the total-return series).
describe('adjusted prices', () => {
  it('a 2:1 split leaves the adjusted returns smooth', () => {
    const raw = [100, 102, 51, 52];
    const { adjusted, totalReturn } = deriveAdjustedSeries(dates, raw, [
      action({ kind: 'split', exDate: '2025-01-06', ratio: 2 }),
    ]);
    expect([...adjusted]).toEqual([50, 51, 51, 52]);
    expect([...totalReturn]).toEqual([50, 51, 51, 52]);
    const r = returns(adjusted);
    expect(r[0]).toBeCloseTo(0.02, 12);
    expect(r[1]).toBeCloseTo(0, 12);
    expect(r[2]).toBeCloseTo(1 / 51, 12);
  });
  it('a 100 % bedelsiz issue halves the history before the ex-date', () => {
    const raw = [40, 42, 21.5, 21];
    const { adjusted } = deriveAdjustedSeries(dates, raw, [
      action({ kind: 'bonus', exDate: '2025-01-06', ratio: 100 }),
    ]);
    expect([...adjusted]).toEqual([20, 21, 21.5, 21]);
    expect(returns(adjusted)[1]).toBeCloseTo(21.5 / 21 - 1, 12);
    // A 25 % bonus: factor 1/1.25 = 0.8.
    const quarter = deriveAdjustedSeries(
      dates,
      [50, 50, 40, 40],
      [action({ kind: 'bonus', exDate: '2025-01-06', ratio: 25 })],
    );
    expect([...quarter.adjusted]).toEqual([40, 40, 40, 40]);
  });
  it('a rights issue uses the theoretical ex-rights price', () => {
    // P = 20, a = 50 %, S = 10: TERP = (20 + 0.5·10) / 1.5 = 16.6667, factor 0.83333.
    const { adjusted, factors } = deriveAdjustedSeries(
      dates,
      [19, 20, 16.6667, 17],
      [action({ kind: 'rights', exDate: '2025-01-06', ratio: 50, subscriptionPrice: 10 })],
    );
    expect(factors[0]!.capital).toBeCloseTo(25 / 30, 12);
    expect(adjusted[1]).toBeCloseTo(16.666667, 5);
    expect(adjusted[0]).toBeCloseTo(19 * (25 / 30), 12);
    // Same day bonus 50 % and rights 50 % at 10: TERP = (20 + 5) / 2 = 12.5, factor 0.625.
    const both = deriveAdjustedSeries(
      dates,
      [19, 20, 12.5, 13],
      [
        action({ kind: 'rights', exDate: '2025-01-06', ratio: 50, subscriptionPrice: 10 }),
        action({ kind: 'bonus', exDate: '2025-01-06', ratio: 50 }),
      ],
    );
    expect(both.factors[0]!.capital).toBeCloseTo(0.625, 12);
    // Priced above the market: no value, no adjustment.
    const dear = deriveAdjustedSeries(
      dates,
      [19, 20, 20, 20],
      [action({ kind: 'rights', exDate: '2025-01-06', ratio: 50, subscriptionPrice: 25 })],
    );
    expect([...dear.adjusted]).toEqual([19, 20, 20, 20]);
  });
});

describe('total return', () => {
  it('reinvests a cash dividend at the ex-date: the ex-day total return is (P_ex + D) / P - 1', () => {
    const raw = [100, 101, 99, 100];
    const { adjusted, totalReturn } = deriveAdjustedSeries(dates, raw, [
      action({ kind: 'dividend', exDate: '2025-01-06', amount: 2 }),
    ]);
    expect([...adjusted]).toEqual(raw); // dividends do not enter the adjusted price
    const f = 99 / 101;
    expect(totalReturn[0]).toBeCloseTo(100 * f, 12);
    expect(totalReturn[1]).toBeCloseTo(99, 12);
    expect(totalReturn[3]).toBe(100);
    expect(returns(totalReturn)[1]).toBeCloseTo((99 + 2) / 101 - 1, 12);
  });
  it('chains a split and a later dividend', () => {
    const d5 = [...dates, '2025-01-08'];
    const raw = [100, 100, 50, 50, 49];
    const { adjusted, totalReturn } = deriveAdjustedSeries(d5, raw, [
      action({ kind: 'split', exDate: '2025-01-06', ratio: 2 }),
      action({ kind: 'dividend', exDate: '2025-01-08', amount: 1 }),
    ]);
    expect([...adjusted]).toEqual([50, 50, 50, 50, 49]);
    expect(totalReturn[0]).toBeCloseTo(50 * 0.98, 12);
    expect(totalReturn[3]).toBeCloseTo(49, 12);
  });
  it('refuses an action without its figures and a dividend above the price', () => {
    expect(() =>
      deriveAdjustedSeries(dates, [1, 1, 1, 1], [action({ kind: 'split', exDate: '2025-01-06' })]),
    ).toThrow(InvalidInputError);
    expect(() =>
      deriveAdjustedSeries(
        dates,
        [1, 1, 1, 1],
        [action({ kind: 'dividend', exDate: '2025-01-06', amount: 1 })],
      ),
    ).toThrow(/not below/);
  });
  it('ignores an action before the first value', () => {
    const { adjusted } = deriveAdjustedSeries(
      dates,
      [1, 2, 3, 4],
      [action({ kind: 'split', exDate: '2024-12-01', ratio: 2 })],
    );
    expect([...adjusted]).toEqual([1, 2, 3, 4]);
  });
});
