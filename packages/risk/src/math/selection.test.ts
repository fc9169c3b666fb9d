import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestNeeded, quantileOfLowest, quantileOfSorted } from './quantile.ts';
import { lowestValues } from './selection.ts';
import { InvalidInputError } from '../errors.ts';

/** The straightforward definition: a stable ascending sort of (value, index), its first k. */
function sortedPrefix(series: number[], k: number): { values: number[]; indices: number[] } {
  const order = series.map((_, i) => i).sort((a, b) => series[a]! - series[b]! || a - b);
  const head = order.slice(0, k);
  return { values: head.map((i) => series[i]!), indices: head };
}

describe('lowest values by selection', () => {
  it('keeps the k lowest in stable-sort order, ties by index (worked by hand)', () => {
    // Sorted with indices: -3 (1), -1 (3), -1 (5), 0 (0), 2 (2), 4 (4).
    const r = lowestValues([0, -3, 2, -1, 4, -1], 3);
    expect([...r.values]).toEqual([-3, -1, -1]);
    expect([...r.indices]).toEqual([1, 3, 5]);
    expect([...lowestValues([5, 5, 5, 5], 2).indices]).toEqual([0, 1]);
    expect(lowestValues([1, 2], 5).values.length).toBe(2);
    expect(lowestValues([1, 2], 0).values.length).toBe(0);
  });

  it('equals the prefix of a stable sort on any series (ties frequent)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 90 }),
        (series, k) => {
          const r = lowestValues(series, k);
          const e = sortedPrefix(series, k);
          expect([...r.values]).toEqual(e.values);
          expect([...r.indices]).toEqual(e.indices);
        },
      ),
    );
  });

  it('gives the quantile of a full sort from the lowest order statistics only', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('type7' as const, 'lower' as const),
        (series, p, type) => {
          const lowest = lowestValues(series, lowestNeeded(series.length, p)).values;
          const full = quantileOfSorted(Float64Array.from(series).sort(), p, type);
          expect(quantileOfLowest(lowest, series.length, p, type)).toEqual(full);
        },
      ),
    );
    // n = 1,250 at α = 1 %: h = 12.49, order statistics 12 and 13, so 14 values are read.
    expect(lowestNeeded(1250, 0.01)).toBe(14);
    expect(lowestNeeded(3, 1)).toBe(3);
    expect(() => quantileOfLowest([1, 2], 1250, 0.01)).toThrow(InvalidInputError);
    expect(() => quantileOfLowest([], 0, 0.01)).toThrow(InvalidInputError);
  });
});
