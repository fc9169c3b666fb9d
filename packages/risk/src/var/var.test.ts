import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edhec, managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { covarianceMatrix, gaussianVarFromCovariance } from './covariance.ts';
import { ewmaCovariance } from './ewma.ts';
import { type VarMethod, overlappingReturns } from './options.ts';
import { portfolioVar } from './portfolio-var.ts';
import { seriesVar } from './series-var.ts';
import { whatIfTrade } from './what-if.ts';

const ca = Float64Array.from(edhec['Convertible Arbitrage']);
const ham1 = Float64Array.from(managers.HAM1);

describe('series VaR and ES (PerformanceAnalytics conventions)', () => {
  // R 4.2.2: -quantile(HAM1, c(0.05, 0.01), type = 7) = 0.02582, 0.06992.
  it('takes the type-7 quantile of HAM1 like R quantile()', () => {
    expect(seriesVar(ham1, { method: 'historical', confidenceLevel: 0.95 }).var).toBeCloseTo(
      0.02582,
      14,
    );
    expect(seriesVar(ham1, { method: 'historical', confidenceLevel: 0.99 }).var).toBeCloseTo(
      0.06992,
      14,
    );
    // numpy 2.4.6 np.quantile(HAM1, 0.05, method='lower') = -0.0267
    expect(
      seriesVar(ham1, { method: 'historical', confidenceLevel: 0.95, quantile: 'lower' }).var,
    ).toBeCloseTo(0.0267, 14);
  });

  // PerformanceAnalytics VaR.Gaussian / ES.Gaussian / VaR.CornishFisher / operES.CornishFisher /
  // ES.historical formulas (R/VaRES.R, population moments via centeredmoment) evaluated with
  // numpy 2.4.6 + scipy 1.17.1 (norm.ppf, norm.pdf, np.quantile) on edhec "Convertible Arbitrage".
  it.each([
    [
      0.95, 0.021732141422310846, 0.028724421915823972, 0.025683887148632845, 0.08941788024424742,
      0.015059999999999983, 0.038779999999999995,
    ],
    [
      0.99, 0.03313598068707081, 0.03880642818094606, 0.09538712802024656, 0.09538712802024656,
      0.0349479999999999, 0.0988,
    ],
  ])(
    'matches the PerformanceAnalytics formulas on edhec Convertible Arbitrage at %s to 1e-12',
    (c, gv, ges, mv, mes, hv, hes) => {
      const g = seriesVar(ca, { method: 'gaussian', confidenceLevel: c });
      const m = seriesVar(ca, { method: 'modified', confidenceLevel: c });
      const h = seriesVar(ca, { method: 'historical', confidenceLevel: c });
      expect(g.var).toBeCloseTo(gv, 12);
      expect(g.es).toBeCloseTo(ges, 12);
      expect(m.var).toBeCloseTo(mv, 12);
      expect(m.es).toBeCloseTo(mes, 12);
      expect(h.var).toBeCloseTo(hv, 12);
      expect(h.es).toBeCloseTo(hes, 12);
    },
  );

  it('scales by √h around the mean and supports overlapping returns', () => {
    const one = seriesVar(ca, { method: 'gaussian', confidenceLevel: 0.99, mean: 'exclude' });
    const ten = seriesVar(ca, {
      method: 'gaussian',
      confidenceLevel: 0.99,
      mean: 'exclude',
      horizonDays: 10,
    });
    expect(ten.var).toBeCloseTo(one.var * Math.sqrt(10), 14);
    const mu = ca.reduce((s, v) => s + v, 0) / ca.length;
    const withMean = seriesVar(ca, { method: 'gaussian', confidenceLevel: 0.99, horizonDays: 10 });
    expect(withMean.var).toBeCloseTo(one.var * Math.sqrt(10) - 10 * mu, 14);
    const ov = seriesVar(ca, {
      method: 'historical',
      confidenceLevel: 0.99,
      horizonDays: 3,
      horizonScaling: 'overlapping',
    });
    expect(ov.var).toBeCloseTo(
      seriesVar(overlappingReturns(ca, 3), { method: 'historical', confidenceLevel: 0.99 }).var,
      15,
    );
    expect(() => overlappingReturns([0.1], 2)).toThrow(InvalidInputError);
  });

  it('computes EWMA from the seeded RiskMetrics recursion', () => {
    const r = [0.01, -0.02, 0.015, -0.005, 0.02];
    let v = (() => {
      const m = (0.01 - 0.02) / 2;
      return ((0.01 - m) ** 2 + (-0.02 - m) ** 2) / 1;
    })();
    for (const x of r) v = 0.94 * v + 0.06 * x * x;
    expect(ewmaCovariance(r, r, 0.94, 2)).toBeCloseTo(v, 16);
    const e = seriesVar(r, {
      method: 'ewma',
      confidenceLevel: 0.99,
      seedObservations: 2,
      mean: 'exclude',
    });
    expect(e.var).toBeCloseTo(2.3263478740408408 * Math.sqrt(v), 12);
    expect(() => ewmaCovariance(r, r, 0.94, 10)).toThrow(InsufficientHistoryError);
  });

  it('draws seeded Monte Carlo returns whose VaR approaches the normal VaR', () => {
    const opts = {
      method: 'montecarlo',
      draws: 200_000,
      seed: 3,
      confidenceLevel: 0.99,
      mean: 'exclude',
    } as const;
    const mc = seriesVar(ca, opts);
    const sd = Math.sqrt(
      ca.reduce((s, v) => s + (v - ca.reduce((a, b) => a + b, 0) / ca.length) ** 2, 0) /
        (ca.length - 1),
    );
    expect(Math.abs(mc.var / (2.3263478740408408 * sd) - 1), 'within 2 % of z·sd').toBeLessThan(
      0.02,
    );
    expect(seriesVar(ca, opts)).toEqual(mc);
    const t = seriesVar(ca, { ...opts, distribution: { kind: 'student-t', dof: 4 } });
    expect(t.es / t.var, 'fatter tail: larger ES/VaR than normal').toBeGreaterThan(mc.es / mc.var);
  });

  it('rejects bad options and short histories with the offending values', () => {
    expect(() => seriesVar(ca, { method: 'gaussian', confidenceLevel: 1.2 })).toThrow(
      'confidenceLevel must be in (0, 1), got 1.2',
    );
    expect(() =>
      seriesVar(ca, { method: 'gaussian', confidenceLevel: 0.99, horizonDays: 0 }),
    ).toThrow(InvalidInputError);
    expect(() => seriesVar(ca, { method: 'ewma', confidenceLevel: 0.99, lambda: 1 })).toThrow(
      'lambda must be in (0, 1), got 1',
    );
    expect(() =>
      seriesVar(ca, { method: 'ewma', confidenceLevel: 0.99, seedObservations: 1 }),
    ).toThrow(InvalidInputError);
    expect(() =>
      seriesVar(ca, { method: 'montecarlo', confidenceLevel: 0.99, draws: 1, seed: 1 }),
    ).toThrow(InvalidInputError);
    expect(() =>
      seriesVar(ca, { method: 'montecarlo', confidenceLevel: 0.99, draws: 10, seed: 0.5 }),
    ).toThrow(InvalidInputError);
    expect(() =>
      seriesVar(ca, {
        method: 'montecarlo',
        confidenceLevel: 0.99,
        draws: 10,
        seed: 1,
        distribution: { kind: 'student-t', dof: 2 },
      }),
    ).toThrow('Student-t degrees of freedom must be > 2, got 2');
    expect(() => seriesVar([0.1, 0.2, 0.3], { method: 'modified', confidenceLevel: 0.99 })).toThrow(
      '4 observations required, got 3',
    );
    expect(
      seriesVar([0.01, 0.01, 0.01, 0.01], { method: 'modified', confidenceLevel: 0.99 }).var,
    ).toBeCloseTo(-0.01, 15);
  });
});

/** Jorion, Value at Risk (3rd ed.), ch. 7 two-currency example: $2M CAD (σ 5 %), $1M EUR (σ 12 %), ρ = 0.5. */
describe('Jorion two-currency example (parametric decomposition)', () => {
  const cov = { size: 2, data: Float64Array.from([0.0025, 0.003, 0.003, 0.0144]) };
  it('reproduces VaR $315k, components $138k / $176k and removals at z = 1.65 to $1k', () => {
    // Jorion quotes figures at α = 1.65; rescale our exact z(95 %) = 1.6449 to his multiplier.
    const res = gaussianVarFromCovariance(cov, [2, 1], { confidenceLevel: 0.95 });
    const k = 1.65 / 1.6448536269514729;
    expect(res.var * k).toBeCloseTo(0.3148, 3);
    expect(res.positions[0]!.component * k).toBeCloseTo(0.1384, 3);
    expect(res.positions[1]!.component * k).toBeCloseTo(0.1765, 3);
    expect(res.positions[0]!.incremental! * k, 'VaR − VaR(EUR only $198k)').toBeCloseTo(
      0.3148 - 0.198,
      3,
    );
    expect(res.positions[1]!.incremental! * k, 'VaR − VaR(CAD only $165k)').toBeCloseTo(
      0.3148 - 0.165,
      3,
    );
    expect(res.positions[0]!.component + res.positions[1]!.component).toBeCloseTo(res.var, 15);
  });

  it('includes the mean when asked and validates sizes', () => {
    const res = gaussianVarFromCovariance(cov, [2, 1], {
      confidenceLevel: 0.95,
      mean: 'include',
      means: [0.01, 0.02],
    });
    expect(res.var).toBeCloseTo(1.6448536269514729 * Math.sqrt(0.0364) - 0.04, 12);
    expect(() => gaussianVarFromCovariance(cov, [1], { confidenceLevel: 0.95 })).toThrow(
      LengthMismatchError,
    );
    expect(() =>
      gaussianVarFromCovariance(cov, [1, 1], { confidenceLevel: 0.95, means: [1] }),
    ).toThrow(LengthMismatchError);
    expect(() =>
      gaussianVarFromCovariance(cov, [1, 1], {
        confidenceLevel: 0.95,
        horizonScaling: 'overlapping',
        horizonDays: 2,
      }),
    ).toThrow(InvalidInputError);
  });

  it('agrees with the panel-based gaussian VaR through the sample covariance matrix', () => {
    const panel = [
      ca.subarray(0, 200),
      Float64Array.from(edhec['CTA Global']).subarray(0, 200),
      Float64Array.from(edhec['Emerging Markets']).subarray(0, 200),
    ];
    const x = [0.5, 0.3, 0.2];
    const a = portfolioVar(panel, x, { method: 'gaussian', confidenceLevel: 0.99 });
    const b = gaussianVarFromCovariance(covarianceMatrix(panel), x, { confidenceLevel: 0.99 });
    expect(a.var).toBeCloseTo(b.var, 13);
    a.positions.forEach((p, i) => {
      expect(p.marginal).toBeCloseTo(b.positions[i]!.marginal, 12);
      expect(p.incremental).toBeCloseTo(b.positions[i]!.incremental!, 12);
    });
    expect(() => covarianceMatrix([[1]])).toThrow(InsufficientHistoryError);
    expect(() => covarianceMatrix([[1, 2], [1]])).toThrow(LengthMismatchError);
  });
});

const panel = [
  Float64Array.from(edhec['Convertible Arbitrage']),
  Float64Array.from(edhec['CTA Global']),
  Float64Array.from(edhec['Distressed Securities']),
  Float64Array.from(edhec['Emerging Markets']),
];
const methods: VarMethod[] = [
  { method: 'historical' },
  { method: 'historical', quantile: 'lower' },
  { method: 'gaussian' },
  { method: 'ewma' },
  { method: 'modified' },
  { method: 'montecarlo', draws: 2000, seed: 11 },
  { method: 'montecarlo', draws: 2000, seed: 11, distribution: { kind: 'student-t', dof: 5 } },
];

describe('portfolio VaR properties', () => {
  const weights = fc
    .array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 })
    .filter((w) => w.some((x) => Math.abs(x) > 0.05));

  it.each(methods)('component VaR sums to VaR and ES ≥ VaR for %o', (m) => {
    fc.assert(
      fc.property(
        weights,
        fc.constantFrom<'include' | 'exclude'>('include', 'exclude'),
        (w, meanMode) => {
          const res = portfolioVar(panel, w, {
            ...m,
            confidenceLevel: 0.99,
            mean: meanMode,
            horizonDays: 5,
          });
          const sum = res.positions.reduce((s, p) => s + p.component, 0);
          expect(Math.abs(sum - res.var), 'Euler: components add up to VaR').toBeLessThan(
            1e-12 * Math.max(1, Math.abs(res.var)),
          );
          expect(res.es + 1e-12, 'ES is at least VaR').toBeGreaterThanOrEqual(res.var);
        },
      ),
      { numRuns: 15 },
    );
  });

  it.each(methods)('VaR rises with confidence for %o', (m) => {
    fc.assert(
      fc.property(weights, fc.double({ min: 0.9, max: 0.985, noNaN: true }), (w, c) => {
        const lo = portfolioVar(panel, w, { ...m, confidenceLevel: c, incremental: false }).var;
        const hi = portfolioVar(panel, w, {
          ...m,
          confidenceLevel: c + 0.01,
          incremental: false,
        }).var;
        expect(hi + 1e-12).toBeGreaterThanOrEqual(lo);
      }),
      { numRuns: 10 },
    );
  });

  it.each(methods.filter((m) => m.method !== 'montecarlo'))(
    'does not depend on the order of positions for %o',
    (m) => {
      fc.assert(
        fc.property(
          weights,
          fc.constantFrom([3, 1, 0, 2], [1, 0, 3, 2], [2, 3, 1, 0]),
          (w, perm) => {
            const a = portfolioVar(panel, w, { ...m, confidenceLevel: 0.99 });
            const b = portfolioVar(
              perm.map((i) => panel[i]!),
              perm.map((i) => w[i]!),
              { ...m, confidenceLevel: 0.99 },
            );
            expect(b.var).toBeCloseTo(a.var, 12);
            perm.forEach((i, j) => {
              expect(b.positions[j]!.component).toBeCloseTo(a.positions[i]!.component, 12);
              expect(b.positions[j]!.incremental!).toBeCloseTo(a.positions[i]!.incremental!, 12);
            });
          },
        ),
        { numRuns: 10 },
      );
    },
  );

  it('equals the series VaR of the portfolio P&L for historical and modified', () => {
    const w = [0.4, 0.3, 0.2, 0.1];
    const p = panel[0]!.map((_, t) => panel.reduce((s, c, i) => s + w[i]! * c[t]!, 0));
    for (const m of [{ method: 'historical' }, { method: 'modified' }] as const) {
      const a = portfolioVar(panel, w, { ...m, confidenceLevel: 0.99, mean: 'include' });
      const b = seriesVar(p, { ...m, confidenceLevel: 0.99 });
      expect(a.var).toBeCloseTo(b.var, 13);
      expect(a.es).toBeCloseTo(b.es, 13);
    }
    const single = portfolioVar([panel[0]!], [1], { method: 'historical', confidenceLevel: 0.99 });
    expect(single.positions[0]!.incremental).toBeCloseTo(single.var, 15);
  });

  it('takes historical components from the interpolated quantile scenarios', () => {
    const r1 = [0.01, -0.05, 0.02, -0.03, 0.0];
    const r2 = [0.0, -0.01, -0.02, 0.01, 0.03];
    const res = portfolioVar([r1, r2], [1, 1], {
      method: 'historical',
      confidenceLevel: 0.8,
      mean: 'include',
    });
    // P&L sorted: -0.06, -0.02, 0, 0.01, 0.03; h = 4·0.2 = 0.8 → 0.2·(-0.06) + 0.8·(-0.02) = -0.028.
    expect(res.var).toBeCloseTo(0.028, 15);
    expect(res.positions[0]!.component).toBeCloseTo(-(0.2 * -0.05 + 0.8 * -0.03), 15);
    expect(res.positions[1]!.component).toBeCloseTo(-(0.2 * -0.01 + 0.8 * 0.01), 15);
    expect(res.positions[0]!.componentShare! + res.positions[1]!.componentShare!).toBeCloseTo(
      1,
      14,
    );
  });

  it('reports null shares for a zero VaR and rejects malformed panels', () => {
    const flat = portfolioVar([[0, 0, 0]], [1], { method: 'gaussian', confidenceLevel: 0.99 });
    expect(flat.var).toBe(0);
    expect(flat.positions[0]!.componentShare).toBeNull();
    expect(
      portfolioVar([[0, 0, 0, 0]], [1], { method: 'modified', confidenceLevel: 0.99 }).positions[0]!
        .marginal,
    ).toBe(0);
    expect(() => portfolioVar([], [], { method: 'gaussian', confidenceLevel: 0.99 })).toThrow(
      InvalidInputError,
    );
    expect(() =>
      portfolioVar([[1, 2]], [1, 2], { method: 'gaussian', confidenceLevel: 0.99 }),
    ).toThrow(LengthMismatchError);
    expect(() =>
      portfolioVar([[1, 2], [1]], [1, 2], { method: 'gaussian', confidenceLevel: 0.99 }),
    ).toThrow(LengthMismatchError);
    expect(() =>
      portfolioVar([[1, 2, 3]], [1], { method: 'modified', confidenceLevel: 0.99 }),
    ).toThrow(InsufficientHistoryError);
    expect(() =>
      portfolioVar([[1, 2, 3]], [Number.NaN], { method: 'gaussian', confidenceLevel: 0.99 }),
    ).toThrow(InvalidInputError);
  });

  it('evaluates a proposed trade with the same model', () => {
    const res = whatIfTrade(panel, [1, 1, 1, 1], [0, 0, 0, -1], {
      method: 'historical',
      confidenceLevel: 0.99,
    });
    expect(res.before.var - res.after.var).toBeCloseTo(res.before.positions[3]!.incremental!, 14);
    expect(res.varChange).toBeCloseTo(res.after.var - res.before.var, 15);
    expect(res.esChange).toBeCloseTo(res.after.es - res.before.es, 15);
    expect(() =>
      whatIfTrade(panel, [1, 1, 1, 1], [0], { method: 'gaussian', confidenceLevel: 0.99 }),
    ).toThrow(LengthMismatchError);
    expect(() =>
      whatIfTrade(panel, [1, 1, 1, 1], [0, 0, 0, Number.NaN], {
        method: 'gaussian',
        confidenceLevel: 0.99,
      }),
    ).toThrow(InvalidInputError);
  });
});
