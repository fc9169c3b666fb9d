// Cornish-Fisher expansion (Zangari 1996; Boudt, Peterson & Croux 2008, eq. 3), as in
// PerformanceAnalytics `VaR.CornishFisher`; values worked by hand.
import { describe, expect, it } from 'vitest';
import { normalPdf } from '../math/normal.ts';
import { cornishFisherQuantile, cornishFisherShortfall } from './cornish-fisher.ts';

describe('Cornish-Fisher', () => {
  it('is the normal quantile without skewness and excess kurtosis', () => {
    expect(cornishFisherQuantile(-2.326, 0, 0)).toBe(-2.326);
  });

  it('adds the skewness and kurtosis terms', () => {
    // z = -2, S = -0.5, K = 3: -2 + (3)(-0.5)/6 + (-8 + 6)(3)/24 - (-16 + 10)(0.25)/36
    //   = -2 - 0.25 - 0.25 + 0.041666… = -2.458333…
    expect(cornishFisherQuantile(-2, -0.5, 3)).toBeCloseTo(-2.4583333333333335, 14);
  });

  it('gives the normal ES φ(z)/α without higher moments', () => {
    // z = Φ⁻¹(0.05) = -1.6448536269514729: ES = φ(z)/0.05 = 2.0627128075074253.
    const z = -1.6448536269514729;
    expect(cornishFisherShortfall(z, 0, 0, 0.05)).toBeCloseTo(normalPdf(z) / 0.05, 14);
    expect(cornishFisherShortfall(z, 0, 0, 0.05)).toBeCloseTo(2.0627128075074253, 12);
  });

  it('never lets the modified ES fall below the modified VaR', () => {
    // A strongly right-skewed case where the tail expectation term is small.
    const z = -1.6448536269514729;
    const h = cornishFisherQuantile(z, 2, 0);
    expect(cornishFisherShortfall(z, 2, 0, 0.05)).toBeGreaterThanOrEqual(-h);
  });
});
