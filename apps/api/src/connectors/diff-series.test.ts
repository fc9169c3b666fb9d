import { describe, expect, it } from 'vitest';
import { diffSeries } from './diff-series.ts';

describe('diffSeries', () => {
  it('classifies fetched points as added, unchanged or changed, and lists stored dates not fetched', () => {
    const stored = [
      { date: '2025-01-02', value: 35.2233 },
      { date: '2025-01-03', value: 35.3388 },
      { date: '2024-12-31', value: 35.2 },
    ];
    const fetched = [
      { date: '2025-01-06', value: 35.4 },
      { date: '2025-01-03', value: 35.34 },
      { date: '2025-01-02', value: 35.2233 },
    ];
    expect(diffSeries(stored, fetched)).toEqual({
      added: [{ date: '2025-01-06', value: 35.4 }],
      unchanged: [{ date: '2025-01-02', value: 35.2233 }],
      changed: [{ date: '2025-01-03', storedValue: 35.3388, fetchedValue: 35.34 }],
      notFetched: [{ date: '2024-12-31', value: 35.2 }],
    });
  });

  it('treats values within the relative tolerance as unchanged', () => {
    const d = diffSeries(
      [{ date: '2025-01-02', value: 0.1 + 0.2 }],
      [{ date: '2025-01-02', value: 0.3 }],
    );
    expect(d.unchanged).toHaveLength(1);
    const strict = diffSeries(
      [{ date: '2025-01-02', value: 100 }],
      [{ date: '2025-01-02', value: 100.01 }],
      { tolerance: 1e-6 },
    );
    expect(strict.changed).toHaveLength(1);
  });

  it('refuses a fetch that carries one date twice with different values', () => {
    expect(() =>
      diffSeries(
        [],
        [
          { date: '2025-01-02', value: 1 },
          { date: '2025-01-02', value: 2 },
        ],
      ),
    ).toThrow(/iki farklı değerle/);
  });
});
