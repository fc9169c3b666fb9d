import { describe, expect, it } from 'vitest';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { christoffersenTest, exceptions, kupiecTest, transitionCounts } from './coverage-tests.ts';

function hitSeries(n: number, positions: number[]): Uint8Array {
  const h = new Uint8Array(n);
  for (const p of positions) h[p] = 1;
  return h;
}

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
