import { describe, expect, it } from 'vitest';
import { cumulativePercent } from './performance-charts.ts';

describe('cumulative return in percent from the window start', () => {
  it('starts at 0 on dates[from] and compounds the later daily returns', () => {
    const dates = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-06'];
    // xs[0] precedes the window (from = 1) and is left out: 1,1 → +10 %; 1,1 × 0,5 → −45 %.
    const pts = cumulativePercent(dates, Float64Array.from([0.5, 0.1, -0.5]), 1);
    expect(pts.map(([d]) => d)).toEqual(['2025-01-02', '2025-01-03', '2025-01-06']);
    expect(pts[0]![1]).toBe(0);
    expect(pts[1]![1]).toBeCloseTo(10, 12);
    expect(pts[2]![1]).toBeCloseTo(-45, 12);
  });
});
