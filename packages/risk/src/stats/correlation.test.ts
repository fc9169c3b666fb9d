import { describe, expect, it } from 'vitest';
import { correlation, correlationMatrix } from './correlation.ts';

describe('correlation', () => {
  // R: cor(c(1, 2, 3, 4, 5), c(2, 4, 5, 4, 5)) = 0.7745967 (= 6 / sqrt(10 · 6)).
  it('matches R cor() on a small sample', () => {
    expect(correlation([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.7745966692, 9);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });
  it('is null for a constant series and refuses misaligned input', () => {
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(() => correlation([1, 2], [1])).toThrow(/length/);
    expect(() => correlation([1], [1])).toThrow(/required/);
  });
});

describe('correlationMatrix', () => {
  it('uses pairwise complete dates and fills the diagonal with 1', () => {
    const a = new Map([
      ['d1', 1],
      ['d2', 2],
      ['d3', 3],
      ['d4', 4],
      ['d5', 5],
    ]);
    const b = new Map([
      ['d1', 2],
      ['d2', 4],
      ['d3', 5],
      ['d4', 4],
      ['d5', 5],
      ['d6', 100],
    ]);
    const c = new Map([['d9', 1]]);
    const m = correlationMatrix([a, b, c]);
    expect(m[0]![0]).toBe(1);
    expect(m[0]![1]).toBeCloseTo(0.7745966692, 9);
    expect(m[1]![0]).toBe(m[0]![1]);
    expect(m[0]![2]).toBeNull();
    expect(correlationMatrix([a, b], 6)[0]![1]).toBeNull();
  });
});
