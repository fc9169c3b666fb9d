import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotPositiveDefiniteError } from '../errors.ts';
import { cholesky, dot, multiplyMatrixVector } from './linear-algebra.ts';

// Reference values: scipy 1.17.1 / numpy 2.4.6 (`scipy.stats.norm.ppf(p)`, `norm.cdf(x)`,
// `chi2.sf(x, df)`, `chi2.cdf`) and R 4.2.2 (`qnorm`, `pchisq(lower.tail = FALSE)`, `pbinom`).

describe('linear algebra', () => {
  it('factors a covariance matrix so that L·Lᵀ reproduces it', () => {
    const a = { size: 3, data: Float64Array.from([4, 2, 0.6, 2, 2, 0.5, 0.6, 0.5, 3]) };
    const l = cholesky(a);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += l[i * 3 + k]! * l[j * 3 + k]!;
        expect(s).toBeCloseTo(a.data[i * 3 + j]!, 14);
      }
    }
    expect(Array.from(multiplyMatrixVector(a, [1, 0, 0]))).toEqual([4, 2, 0.6]);
    expect(dot([1, 2], [3, 4])).toBe(11);
  });

  it('rejects an indefinite matrix unless semidefinite input is allowed', () => {
    const singular = { size: 2, data: Float64Array.from([1, 1, 1, 1]) };
    expect(() => cholesky(singular)).toThrow(NotPositiveDefiniteError);
    expect(Array.from(cholesky(singular, { allowSemidefinite: true }))).toEqual([1, 0, 1, 0]);
    expect(() =>
      cholesky({ size: 2, data: Float64Array.from([1, 2, 2, 1]) }, { allowSemidefinite: true }),
    ).toThrow('matrix is not positive definite: pivot 1 is -3');
    expect(() => cholesky({ size: 2, data: new Float64Array(3) })).toThrow(InvalidInputError);
  });
});
