import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { factorExposures } from './factor-exposures.ts';

describe('factorExposures', () => {
  const x1 = [0.01, -0.02, 0.015, 0.003, -0.007, 0.02, -0.011, 0.004];
  const x2 = [0.002, 0.01, -0.004, 0.03, 0.001, -0.006, 0.012, -0.02];

  it('recovers exact exposures and ignores the intercept', () => {
    // y = 0,001 + 0,3·x1 + 0,8·x2: the fit is exact.
    const y = x1.map((v, t) => 0.001 + 0.3 * v + 0.8 * x2[t]!);
    const b = factorExposures(y, [x1, x2])!;
    expect(b[0]).toBeCloseTo(0.3, 12);
    expect(b[1]).toBeCloseTo(0.8, 12);
  });

  it('is the simple beta with one factor', () => {
    // Hand check: y = 2·x1 + e with e orthogonal to x1 and to the constant.
    const e = [1, -1, 1, -1, 1, -1, 1, -1].map((v) => v * 1e-3);
    const mx = x1.reduce((s, v) => s + v, 0) / x1.length;
    const sxx = x1.reduce((s, v) => s + (v - mx) ** 2, 0);
    const sxe = x1.reduce((s, v, t) => s + (v - mx) * e[t]!, 0);
    const y = x1.map((v, t) => 2 * v + e[t]!);
    expect(factorExposures(y, [x1])![0]).toBeCloseTo(2 + sxe / sxx, 12);
  });

  it('gives null for collinear factors or too few observations, and refuses ragged input', () => {
    expect(factorExposures(x1, [x1, x1.map((v) => 2 * v)])).toBeNull();
    expect(factorExposures([0.1, 0.2], [[0.1, 0.3]])).toBeNull();
    expect(() => factorExposures(x1, [[0.1]])).toThrow(InvalidInputError);
  });
});
