import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { createRng } from './random.ts';

// Reference values: scipy 1.17.1 / numpy 2.4.6 (`scipy.stats.norm.ppf(p)`, `norm.cdf(x)`,
// `chi2.sf(x, df)`, `chi2.cdf`) and R 4.2.2 (`qnorm`, `pchisq(lower.tail = FALSE)`, `pbinom`).

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

describe('fillNormal', () => {
  it('gives the numbers and the state that as many normal() calls give', () => {
    // Odd lengths leave the polar method's second value as the spare for the next call.
    const one = createRng(42);
    const many = createRng(42);
    const expected = Array.from({ length: 1001 }, () => one.normal());
    const filled = new Float64Array(1001);
    many.fillNormal(filled, 0, 3);
    many.fillNormal(filled, 3, 4);
    many.fillNormal(filled, 4);
    expect([...filled]).toEqual(expected);
    expect(many.normal()).toBe(one.normal());
    expect(many.uniform()).toBe(one.uniform());
    many.fillNormal(filled, 5, 5);
    expect(many.normal()).toBe(one.normal());
  });
});
