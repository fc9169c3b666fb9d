import { describe, expect, it } from 'vitest';
import { edhec, managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError } from '../errors.ts';
import { ewmaCovariance } from './ewma.ts';
import { overlappingReturns } from './options.ts';
import { seriesVar } from './series-var.ts';

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
    // SPK Rehber footnote: the 10-day figure is the 1-day figure × √10, the mean included.
    expect(withMean.var).toBeCloseTo((one.var - mu) * Math.sqrt(10), 14);
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
