import { describe, expect, it } from 'vitest';
import { mapInSlices, stringifyInSlices } from './slices.ts';

describe('the runner cuts long work into slices (decision 0075)', () => {
  it('writes the same JSON as JSON.stringify', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      name: `satır "${String(i)}"`,
      when: new Date(Date.UTC(2025, 0, 1 + (i % 28))),
      nothing: undefined,
      values: [i, NaN, null, undefined, Infinity, -0],
      nested: { deep: { deeper: { deepest: [1, { a: undefined }] } } },
    }));
    const value = {
      reads: [
        { text: 'SELECT 1', values: [], rows, rowCount: rows.length, error: null },
        { text: 'SELECT 2', values: [undefined, 'x'], rows: [], rowCount: 0, error: null },
        // Rows written 64 at a time: what JSON.stringify cannot write inside an array, and a
        // toJSON, in and across the chunks.
        {
          text: 'SELECT 3',
          rows: Array.from({ length: 150 }, (_, i) =>
            i % 50 === 7 ? undefined : i % 50 === 9 ? () => i : i % 3 ? { i } : { toJSON: () => i },
          ),
        },
      ],
      data: {
        markets: [{ ticker: 'XU100', values: Array.from({ length: 5000 }, (_, i) => i / 7) }],
        empty: [],
        emptyObject: {},
        skipped: undefined,
        fn: () => 1,
      },
      snapshot: null,
      withToJson: { toJSON: () => 'kendi biçimi' },
      [Symbol('s')]: 1,
    };
    expect(await stringifyInSlices(value)).toBe(JSON.stringify(value));
    expect(await stringifyInSlices([])).toBe('[]');
    expect(await stringifyInSlices([undefined, () => 1, 'a'])).toBe(
      JSON.stringify([undefined, () => 1, 'a']),
    );
  });

  it('gives the event loop turns while it works through a large value', async () => {
    const big = {
      reads: [{ rows: Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'x'.repeat(20) })) }],
    };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const json = await stringifyInSlices(big, 2);
      expect(json.length).toBe(JSON.stringify(big).length);
      expect(ticks, 'timers ran while the JSON was written').toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  });

  it('maps like Array.map, with turns of the event loop on a long array', async () => {
    const values = Array.from({ length: 300_000 }, (_, i) => i);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const out = await mapInSlices(values, (v) => ({ v: v * 2 }), 2);
      expect(out).toEqual(values.map((v) => ({ v: v * 2 })));
      expect(ticks).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
    expect(await mapInSlices([], (v: number) => v)).toEqual([]);
  });
});
