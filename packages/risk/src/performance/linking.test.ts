import { describe, expect, it } from 'vitest';
import { brinsonFachler } from './brinson-fachler.ts';
import { carinoFactors, linkEffects } from './linking.ts';

describe('Carino linking of Brinson-Fachler effects', () => {
  const periods = [
    [
      {
        name: 'Hisse',
        portfolioWeight: 0.6,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.12,
        benchmarkReturn: 0.1,
      },
      {
        name: 'Tahvil',
        portfolioWeight: 0.4,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.02,
        benchmarkReturn: 0.03,
      },
    ],
    [
      {
        name: 'Hisse',
        portfolioWeight: 0.55,
        benchmarkWeight: 0.5,
        portfolioReturn: -0.05,
        benchmarkReturn: -0.04,
      },
      {
        name: 'Tahvil',
        portfolioWeight: 0.45,
        benchmarkWeight: 0.5,
        portfolioReturn: 0.015,
        benchmarkReturn: 0.01,
      },
    ],
  ];
  it('effects add up to the active return per period and, linked, over the whole period', () => {
    const results = periods.map((p) => brinsonFachler(p));
    for (const r of results)
      expect(r.allocation + r.selection + r.interaction).toBeCloseTo(r.activeReturn, 15);
    const { factors, portfolioReturn, benchmarkReturn } = carinoFactors(
      results.map((r) => r.portfolioReturn),
      results.map((r) => r.benchmarkReturn),
    );
    // By hand: R1 = 0.6·0.12 + 0.4·0.02 = 0.08, B1 = 0.065; R2 = −0.02075, B2 = −0.015.
    expect(portfolioReturn).toBeCloseTo(1.08 * (1 - 0.02075) - 1, 14);
    expect(benchmarkReturn).toBeCloseTo(1.065 * 0.985 - 1, 14);
    const linked = (key: 'allocation' | 'selection' | 'interaction') =>
      linkEffects(
        results.map((r) => r[key]),
        factors,
      );
    expect(linked('allocation') + linked('selection') + linked('interaction')).toBeCloseTo(
      portfolioReturn - benchmarkReturn,
      14,
    );
  });
  it('factor is 1/(1+R) when portfolio and benchmark returns are equal', () => {
    const { factors } = carinoFactors([0.1, 0.1], [0.1, 0.1]);
    // k_t = 1/1.1, k = 1/1.21: factor 1.21/1.1 = 1.1.
    expect(factors[0]).toBeCloseTo(1.1, 14);
  });
});
