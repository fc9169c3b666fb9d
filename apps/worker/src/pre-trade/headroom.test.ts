import { describe, expect, it } from 'vitest';
import { HEADROOM_GRID, searchHeadroom } from './headroom.ts';

describe('searchHeadroom', () => {
  it('finds the first amount that breaks a limit, to the tolerance, on the safe side', () => {
    // A limit of 100 % on (300 + x) / 1000 breaks above x = 700 (cap 1000).
    const r = searchHeadroom((x) => ((300 + x) / 1000 > 1 ? 'L' : null), 1000, 0.01);
    expect(r.limit).toBe('L');
    expect(r.max).toBeLessThanOrEqual(700);
    expect(r.max).toBeGreaterThan(700 - 0.01);
  });

  it('names the limit that breaks first when two break at different amounts', () => {
    const r = searchHeadroom((x) => (x > 600 ? 'B' : x > 250 ? 'A' : null), 1000, 1e-6);
    expect(r.limit).toBe('A');
    expect(r.max).toBeCloseTo(250, 5);
  });

  it('finds a break inside the first grid step, and says none up to the cap', () => {
    const early = searchHeadroom((x) => (x > 1 ? 'L' : null), 1000, 1e-3);
    expect(1000 / HEADROOM_GRID).toBeGreaterThan(1);
    expect(early.max).toBeCloseTo(1, 2);
    expect(searchHeadroom(() => null, 500, 1)).toEqual({ max: 500, limit: null });
    expect(searchHeadroom(() => 'L', 0, 1)).toEqual({ max: 0, limit: null });
  });
});
