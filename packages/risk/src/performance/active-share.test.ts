import { describe, expect, it } from 'vitest';
import { activeShare } from './active-share.ts';

describe('active share', () => {
  it('is half the sum of absolute weight differences over the union of holdings', () => {
    const result = activeShare(
      [
        { id: 'A', weight: 0.45 },
        { id: 'B', weight: 0.3 },
        { id: 'X', weight: 0.25 },
      ],
      [
        { id: 'A', weight: 0.4 },
        { id: 'B', weight: 0.4 },
        { id: 'C', weight: 0.2 },
      ],
    );
    expect(result.activeShare).toBeCloseTo(0.3, 15);
    expect(
      result.weights.map((w) => w.id),
      'largest absolute active weight first',
    ).toEqual(['X', 'C', 'B', 'A']);
    expect(
      result.weights.map((w) => w.activeWeight).map((w) => Math.round(w * 1e12) / 1e12),
    ).toEqual([0.25, -0.2, -0.1, 0.05]);
  });
  it('is 0 against itself and 1 with no common holdings', () => {
    const fund = [
      { id: 'A', weight: 0.6 },
      { id: 'A', weight: 0.4 },
    ];
    expect(activeShare(fund, [{ id: 'A', weight: 1 }]).activeShare).toBe(0);
    expect(activeShare(fund, [{ id: 'B', weight: 1 }]).activeShare).toBe(1);
  });
});
