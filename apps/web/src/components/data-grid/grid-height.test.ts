import { describe, expect, it } from 'vitest';
import { fitGridHeight, GRID_ROW_HEIGHT } from './grid-height.ts';

describe('fitGridHeight', () => {
  it('shrinks to a few rows plus the totals instead of leaving an empty band', () => {
    const five = fitGridHeight(5, { pinned: 1, max: 560 });
    expect(five).toBeLessThan(300);
    expect(fitGridHeight(6, { pinned: 1, max: 560 }) - five).toBe(GRID_ROW_HEIGHT);
  });

  it('is capped at the maximum for long lists and keeps room for the empty-state overlay', () => {
    expect(fitGridHeight(500, { pinned: 1, max: 560 })).toBe(560);
    expect(fitGridHeight(0, { max: 560 })).toBe(160);
  });
});
