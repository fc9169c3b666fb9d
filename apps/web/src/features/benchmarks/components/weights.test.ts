import { describe, expect, it } from 'vitest';
import { weightSum, weightsSumTo100 } from './weights.ts';

describe('composite weights', () => {
  it('sums typed weights, empty counting as 0', () => {
    expect(
      weightSum([
        { seriesTicker: 'A', weightPct: 60 },
        { seriesTicker: 'B', weightPct: null },
      ]),
    ).toBe(60);
  });

  it('accepts a sum of 100 within the API tolerance and nothing else', () => {
    expect(
      weightsSumTo100([
        { seriesTicker: 'A', weightPct: 33.33333 },
        { seriesTicker: 'B', weightPct: 66.66667 },
      ]),
    ).toBe(true);
    expect(
      weightsSumTo100([
        { seriesTicker: 'A', weightPct: 60 },
        { seriesTicker: 'B', weightPct: 39.9 },
      ]),
    ).toBe(false);
    expect(weightsSumTo100([{ seriesTicker: 'A', weightPct: 100.001 }])).toBe(false);
    expect(weightsSumTo100([]), 'no components is never a composite').toBe(false);
  });
});
