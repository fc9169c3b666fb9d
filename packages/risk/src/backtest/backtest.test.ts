import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { christoffersenTest, exceptions, kupiecTest, transitionCounts } from './coverage-tests.ts';
import { baselTrafficLight, spkBacktestThresholds } from './traffic-light.ts';

function hitSeries(n: number, positions: number[]): Uint8Array {
  const h = new Uint8Array(n);
  for (const p of positions) h[p] = 1;
  return h;
}

describe('Basel 1996 traffic light (250 observations, 99 %)', () => {
  // BCBS (1996) Table 2: zone, plus factor and cumulative probability (in %, 2 decimals).
  const table: [number, string, number, number][] = [
    [0, 'green', 0, 8.11],
    [1, 'green', 0, 28.58],
    [2, 'green', 0, 54.32],
    [3, 'green', 0, 75.81],
    [4, 'green', 0, 89.22],
    [5, 'yellow', 0.4, 95.88],
    [6, 'yellow', 0.5, 98.63],
    [7, 'yellow', 0.65, 99.6],
    [8, 'yellow', 0.75, 99.89],
    [9, 'yellow', 0.85, 99.97],
    [10, 'red', 1, 99.99],
  ];
  it.each(table)('classifies %i exceptions as in the Basel table', (x, zone, plus, cum) => {
    const t = baselTrafficLight(x, 250, 0.99);
    expect(t.zone).toBe(zone);
    expect(t.plusFactor).toBe(plus);
    expect(t.cumulativeProbability * 100).toBeCloseTo(cum, 2);
  });

  it('generalises to other sample sizes by the binomial cut-offs without a plus factor', () => {
    expect(baselTrafficLight(8, 500, 0.99)).toMatchObject({ zone: 'green', plusFactor: null });
    expect(baselTrafficLight(9, 500, 0.99).zone).toBe('yellow');
    expect(baselTrafficLight(20, 250, 0.95).zone).toBe('yellow');
    expect(() => baselTrafficLight(3, 0)).toThrow(InvalidInputError);
    expect(() => baselTrafficLight(-1, 250)).toThrow(
      'exceptions must be an integer in [0, 250], got -1',
    );
  });

  it('applies the SPK thresholds: review above 3, report above 5 exceptions', () => {
    expect(spkBacktestThresholds(3)).toEqual({ reviewRequired: false, reportRequired: false });
    expect(spkBacktestThresholds(4)).toEqual({ reviewRequired: true, reportRequired: false });
    expect(spkBacktestThresholds(6)).toEqual({ reviewRequired: true, reportRequired: true });
  });
});

describe('Kupiec proportion-of-failures test', () => {
  // Non-rejection regions at the 5 % level (LR < 3.8415), Kupiec (1995) as recomputed in
  // regulation-and-methods.md §6.2: 99 %: N=250 → 1…6, 500 → 2…9, 1000 → 5…16;
  // 95 %: 250 → 7…19, 500 → 17…35, 1000 → 38…64.
  it.each([
    [0.99, 250, 1, 6],
    [0.99, 500, 2, 9],
    [0.99, 1000, 5, 16],
    [0.95, 250, 7, 19],
    [0.95, 500, 17, 35],
    [0.95, 1000, 38, 64],
  ])('does not reject at 5 %% exactly inside the region (c = %s, N = %i)', (c, n, lo, hi) => {
    const accepted = Array.from({ length: n + 1 }, (_, x) => x).filter(
      (x) =>
        kupiecTest(
          hitSeries(
            n,
            Array.from({ length: x }, (_, i) => i),
          ),
          c,
        ).pValue > 0.05,
    );
    expect([accepted[0], accepted.at(-1)]).toEqual([lo, hi]);
    expect(accepted.length).toBe(hi - lo + 1);
  });

  it('gives LR 5.025 and R pchisq p-value for zero exceptions in 250 days at 99 %', () => {
    const k = kupiecTest(new Uint8Array(250), 0.99);
    expect(k.statistic).toBeCloseTo(-500 * Math.log(0.99), 12);
    expect(k.statistic).toBeCloseTo(5.025, 3);
    expect(k.pValue).toBeCloseTo(0.0249839256169589, 4); // R 4.2.2: pchisq(5.025, 1, lower.tail = FALSE)
    expect(() => kupiecTest([], 0.99)).toThrow(InsufficientHistoryError);
    expect(() => kupiecTest([0, 2], 0.99)).toThrow('hits[1] must be 0 or 1, got 2');
  });
});

describe('Christoffersen tests', () => {
  it('counts transitions and measures clustering', () => {
    const clustered = hitSeries(250, [100, 101, 102, 103]);
    const spread = hitSeries(250, [10, 70, 130, 190]);
    expect(transitionCounts(clustered)).toEqual({ n00: 244, n01: 1, n10: 1, n11: 3 });
    const c = christoffersenTest(clustered, 0.99);
    const s = christoffersenTest(spread, 0.99);
    expect(c.independence.statistic, 'clustered hits look dependent').toBeGreaterThan(
      s.independence.statistic,
    );
    expect(c.independence.pValue).toBeLessThan(0.01);
    expect(c.conditionalCoverage.statistic).toBeCloseTo(
      kupiecTest(clustered, 0.99).statistic + c.independence.statistic,
      12,
    );
  });

  it('matches the hand-computed likelihood ratio with 0·ln 0 = 0', () => {
    // n00 = 244, n01 = 1, n10 = 1, n11 = 3 (values above): closed form evaluated here.
    const [n00, n01, n10, n11] = [244, 1, 1, 3];
    const pi = (n01 + n11) / 249;
    const pi01 = n01 / (n00 + n01);
    const pi11 = n11 / (n10 + n11);
    const lr =
      -2 * ((n00 + n10) * Math.log(1 - pi) + (n01 + n11) * Math.log(pi)) +
      2 *
        (n00 * Math.log(1 - pi01) +
          n01 * Math.log(pi01) +
          n10 * Math.log(1 - pi11) +
          n11 * Math.log(pi11));
    expect(
      christoffersenTest(hitSeries(250, [100, 101, 102, 103]), 0.99).independence.statistic,
    ).toBeCloseTo(lr, 10);
    const none = christoffersenTest(new Uint8Array(10), 0.99);
    expect(none.independence).toEqual({ statistic: 0, pValue: 1 });
    expect(christoffersenTest([1, 0], 0.99).independence.statistic).toBe(0);
    expect(() => christoffersenTest([1], 0.99)).toThrow(InsufficientHistoryError);
  });

  it('derives exceptions from P&L and positive-loss VaR', () => {
    expect(Array.from(exceptions([-0.03, -0.01, 0.02], [0.02, 0.02, 0.02]))).toEqual([1, 0, 0]);
    expect(() => exceptions([1], [1, 2])).toThrow(LengthMismatchError);
    expect(() => exceptions([Number.NaN], [1])).toThrow(InvalidInputError);
  });
});
