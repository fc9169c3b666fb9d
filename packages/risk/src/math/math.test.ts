import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotPositiveDefiniteError } from '../errors.ts';
import { cholesky, dot, multiplyMatrixVector } from './linear-algebra.ts';
import { inverseNormalCdf, normalCdf, normalPdf, normalSf } from './normal.ts';
import { quantile, quantileOfSorted } from './quantile.ts';
import { createRng } from './random.ts';
import {
  binomialCdf,
  binomialPmf,
  chiSquareCdf,
  chiSquareSf,
  logGamma,
  regularizedGammaP,
  regularizedGammaQ,
} from './special.ts';

// Reference values: scipy 1.17.1 / numpy 2.4.6 (`scipy.stats.norm.ppf(p)`, `norm.cdf(x)`,
// `chi2.sf(x, df)`, `chi2.cdf`) and R 4.2.2 (`qnorm`, `pchisq(lower.tail = FALSE)`, `pbinom`).
describe('normal distribution', () => {
  it.each([
    [0.01, -2.3263478740408408],
    [0.05, -1.6448536269514729],
    [0.025, -1.9599639845400545],
    [1e-10, -6.361340902404056],
    [0.3, -0.5244005127080409],
    [0.999, 3.090232306167813],
  ])('inverts the CDF at p = %s like scipy norm.ppf to 1e-12 relative', (p, expected) => {
    expect(Math.abs(inverseNormalCdf(p) - expected) / Math.abs(expected)).toBeLessThan(1e-12);
  });

  it.each([
    [-3, 0.0013498980316300933],
    [-1.5, 0.06680720126885807],
    [0.5, 0.6914624612740131],
    [6, 0.9999999990134123],
    [-10, 7.61985302416047e-24],
  ])('evaluates the CDF at %s like scipy norm.cdf to 1e-13 relative', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected) / expected).toBeLessThan(1e-13);
  });

  it('handles the extremes and rejects probabilities outside [0, 1]', () => {
    expect(inverseNormalCdf(0)).toBe(-Infinity);
    expect(inverseNormalCdf(1)).toBe(Infinity);
    expect(normalCdf(40)).toBe(1);
    expect(normalSf(40)).toBe(0);
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
    expect(() => inverseNormalCdf(1.5)).toThrow(InvalidInputError);
    expect(() => inverseNormalCdf(Number.NaN)).toThrow('probability must be in [0, 1], got NaN');
  });
});

describe('chi-square, gamma and binomial', () => {
  it('matches scipy chi2.sf / chi2.cdf and R pchisq', () => {
    expect(chiSquareSf(5.025, 1)).toBeCloseTo(0.02498392561695896, 14); // R: pchisq(5.025, 1, lower.tail = FALSE)
    expect(chiSquareSf(3, 2)).toBeCloseTo(0.22313016014842982, 14);
    expect(chiSquareCdf(10, 5)).toBeCloseTo(0.9247647538534878, 13);
    expect(chiSquareSf(0.5, 7)).toBeCloseTo(0.9994464813904249, 13);
    expect(chiSquareSf(30, 3)).toBeCloseTo(1 - chiSquareCdf(30, 3), 12);
    expect(chiSquareSf(0, 1)).toBe(1);
    expect(chiSquareCdf(-1, 1)).toBe(0);
    expect(() => chiSquareSf(1, 0)).toThrow(InvalidInputError);
  });

  it('computes log-gamma and the regularized incomplete gamma functions', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(logGamma(0.25)).toBeCloseTo(1.2880225246980774, 13); // scipy.special.gammaln(0.25)
    expect(regularizedGammaP(2, 0)).toBe(0);
    expect(regularizedGammaP(2, Infinity)).toBe(1);
    expect(regularizedGammaQ(2, 0)).toBe(1);
    expect(regularizedGammaQ(2, Infinity)).toBe(0);
    expect(regularizedGammaP(3, 2) + regularizedGammaQ(3, 2)).toBeCloseTo(1, 14);
    expect(regularizedGammaQ(1, 5)).toBeCloseTo(Math.exp(-5), 14);
    expect(regularizedGammaP(1, 0.5)).toBeCloseTo(1 - Math.exp(-0.5), 14);
    expect(() => logGamma(0)).toThrow(InvalidInputError);
    expect(() => regularizedGammaP(0, 1)).toThrow(InvalidInputError);
    expect(() => regularizedGammaQ(1, -1)).toThrow(InvalidInputError);
    expect(() => regularizedGammaP(1, -1)).toThrow(InvalidInputError);
    expect(() => regularizedGammaQ(-1, 1)).toThrow(InvalidInputError);
  });

  it('reproduces R pbinom(0:10, 250, 0.01) to 1e-13', () => {
    const r = [
      0.081058516162181446, 0.28575173879395277, 0.543168973315726111, 0.75811669776488344,
      0.892187626903625075, 0.958816815930151556, 0.986298552144796226, 0.99597466128819212,
      0.998943467502643179, 0.999749809931259503, 0.999946101370952967,
    ];
    r.forEach((expected, k) => expect(binomialCdf(k, 250, 0.01)).toBeCloseTo(expected, 13));
  });

  it('treats the binomial edge cases', () => {
    expect(binomialCdf(-1, 10, 0.5)).toBe(0);
    expect(binomialCdf(10, 10, 0.5)).toBe(1);
    expect(binomialPmf(0, 5, 0)).toBe(1);
    expect(binomialPmf(2, 5, 0)).toBe(0);
    expect(binomialPmf(5, 5, 1)).toBe(1);
    expect(binomialPmf(4, 5, 1)).toBe(0);
    expect(binomialPmf(6, 5, 0.5)).toBe(0);
    expect(binomialPmf(2, 4, 0.5)).toBeCloseTo(0.375, 15);
    expect(() => binomialCdf(1, 2.5, 0.5)).toThrow(
      'binomial trials must be a non-negative integer, got 2.5',
    );
    expect(() => binomialCdf(1, 3, 1.5)).toThrow(InvalidInputError);
  });
});

describe('seeded generator', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 5 }, () => a.uniform());
    expect(Array.from({ length: 5 }, () => b.uniform())).toEqual(sa);
    expect(Array.from({ length: 5 }, () => c.uniform())).not.toEqual(sa);
    expect(() => createRng(1.5)).toThrow(InvalidInputError);
  });

  it('draws normals and chi-squares with the right first two moments (n = 200 000, 4 sd tolerance)', () => {
    const rng = createRng(7);
    const n = 200_000;
    let s = 0;
    let s2 = 0;
    let c = 0;
    let u = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s += z;
      s2 += z * z;
      c += rng.chiSquare(5);
      u += rng.uniform();
    }
    expect(Math.abs(s / n), 'normal mean 0').toBeLessThan(4 / Math.sqrt(n));
    expect(Math.abs(s2 / n - 1), 'normal variance 1').toBeLessThan(4 * Math.sqrt(2 / n));
    expect(Math.abs(c / n - 5), 'chi-square(5) mean 5').toBeLessThan(4 * Math.sqrt(10 / n));
    expect(Math.abs(u / n - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
    expect(rng.gamma(0.5)).toBeGreaterThan(0);
    expect(() => rng.gamma(0)).toThrow(InvalidInputError);
  });
});

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
