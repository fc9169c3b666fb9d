import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
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
