import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { inverseNormalCdf, normalCdf, normalPdf, normalSf } from './normal.ts';

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
