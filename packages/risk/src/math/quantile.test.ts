import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { quantile, quantileOfSorted } from './quantile.ts';

// Reference values: scipy 1.17.1 / numpy 2.4.6 (`scipy.stats.norm.ppf(p)`, `norm.cdf(x)`,
// `chi2.sf(x, df)`, `chi2.cdf`) and R 4.2.2 (`qnorm`, `pchisq(lower.tail = FALSE)`, `pbinom`).

describe('quantiles', () => {
  // numpy 2.4.6: np.quantile(x, p) (= R type 7) and np.quantile(x, p, method='lower').
  const x = [5, 1, 4, 2, 3];
  it('interpolates like R type 7 and picks the lower order statistic for lower', () => {
    expect(quantile(x, 0.1)).toBeCloseTo(1.4, 15);
    expect(quantile(x, 0.1, 'lower')).toBe(1);
    expect(quantile(x, 0.5)).toBe(3);
    expect(quantile(x, 1)).toBe(5);
    expect(quantileOfSorted([1, 2, 3, 4, 5], 0.1).weights).toEqual(
      [0.6, 0.4].map((w) => expect.closeTo(w, 15) as number),
    );
    expect(() => quantile([], 0.5)).toThrow(InvalidInputError);
    expect(() => quantile(x, 2)).toThrow(InvalidInputError);
  });
});
