// The shared VaR options: the √h rule (SPK Rehber footnote: 20-day VaR = 1-day VaR × √20),
// mean handling (decision 0015), overlapping h-day returns; values worked by hand.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { overlappingReturns, resolveOptions } from './options.ts';

describe('resolveOptions', () => {
  it('scales risk and mean by √h under the square-root rule', () => {
    const r = resolveOptions(
      { method: 'historical', confidenceLevel: 0.99, horizonDays: 20 },
      'include',
    );
    expect(r.alpha).toBeCloseTo(0.01, 15);
    // Φ⁻¹(0.01) = -2.3263478740408408 (R: qnorm(0.01)).
    expect(r.z).toBeCloseTo(-2.3263478740408408, 9);
    expect(r).toMatchObject({ horizonDays: 20, overlapping: false });
    expect(r.riskScale).toBeCloseTo(Math.sqrt(20), 15);
    expect(r.meanScale).toBeCloseTo(Math.sqrt(20), 15);
  });

  it('uses the data as h-day scenarios when overlapping, and drops the mean when excluded', () => {
    const o = resolveOptions(
      { method: 'gaussian', confidenceLevel: 0.95, horizonDays: 10, horizonScaling: 'overlapping' },
      'include',
    );
    expect(o).toMatchObject({ riskScale: 1, meanScale: 1, overlapping: true });
    const x = resolveOptions(
      { method: 'gaussian', confidenceLevel: 0.95, mean: 'exclude' },
      'include',
    );
    expect(x).toMatchObject({ horizonDays: 1, riskScale: 1, meanScale: 0 });
    // The caller's default applies when the options do not say.
    expect(resolveOptions({ method: 'modified', confidenceLevel: 0.95 }, 'exclude').meanScale).toBe(
      0,
    );
  });

  it('refuses bad confidence, horizon and method parameters by name', () => {
    const base = { confidenceLevel: 0.99 } as const;
    expect(() => resolveOptions({ method: 'historical', confidenceLevel: 1 }, 'include')).toThrow(
      /confidenceLevel/,
    );
    expect(() =>
      resolveOptions({ method: 'historical', ...base, horizonDays: 1.5 }, 'include'),
    ).toThrow(/horizonDays/);
    expect(() => resolveOptions({ method: 'ewma', lambda: 1, ...base }, 'include')).toThrow(
      /lambda/,
    );
    expect(() =>
      resolveOptions({ method: 'ewma', seedObservations: 1, ...base }, 'include'),
    ).toThrow(/seedObservations/);
    expect(() =>
      resolveOptions({ method: 'montecarlo', draws: 1, seed: 1, ...base }, 'include'),
    ).toThrow(/draws/);
    expect(() =>
      resolveOptions({ method: 'montecarlo', draws: 10, seed: 0.5, ...base }, 'include'),
    ).toThrow(/seed/);
    expect(() =>
      resolveOptions(
        {
          method: 'montecarlo',
          draws: 10,
          seed: 1,
          distribution: { kind: 'student-t', dof: 2 },
          ...base,
        },
        'include',
      ),
    ).toThrow(InvalidInputError);
    expect(
      resolveOptions(
        {
          method: 'montecarlo',
          draws: 10,
          seed: 1,
          distribution: { kind: 'student-t', dof: 5 },
          ...base,
        },
        'include',
      ).horizonDays,
    ).toBe(1);
    expect(resolveOptions({ method: 'ewma', ...base }, 'include').horizonDays).toBe(1);
  });
});

describe('overlappingReturns', () => {
  it('compounds each h-day window', () => {
    // (1.1)(0.9) - 1 = -0.01; (0.9)(1.2) - 1 = 0.08.
    const r = overlappingReturns([0.1, -0.1, 0.2], 2);
    expect(r[0]).toBeCloseTo(-0.01, 15);
    expect(r[1]).toBeCloseTo(0.08, 15);
    expect(r).toHaveLength(2);
  });

  it('needs at least h observations', () => {
    expect(() => overlappingReturns([0.1], 2)).toThrow(InvalidInputError);
  });
});
