import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentKey, createSharedParts, pieceMember, sharedPiece } from './shared-pieces.ts';
import { gzipJsonInSlices, mapInSlices } from './slices.ts';

/** The JSON text gzipJsonInSlices wrote (gunzip reads every member), checked against its size. */
async function stringifyInSlices(value: object, sliceMs?: number): Promise<string> {
  const { content, jsonBytes } = await gzipJsonInSlices(value, sliceMs);
  const text = gunzipSync(content).toString('utf8');
  expect(jsonBytes).toBe(Buffer.byteLength(text, 'utf8'));
  return text;
}

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

  it('writes a shared part as its own gzip member, made once for every value that holds it', async () => {
    const parts = createSharedParts(1 << 20);
    const row = (ticker: string) =>
      parts.share(contentKey(['row', ticker]), () => ({ ticker, values: [1.5, null, -2, 'ş'] }));
    const first = {
      reads: [{ text: 'SELECT', rows: [row('A'), { plain: 1 }, row('B'), row('A')] }],
      data: { markets: [{ dates: ['2025-01-02'], series: [row('B'), row('C')] }] },
    };
    expect(row('A')).toBe(first.reads[0]!.rows[0]); // one object per content
    const second = { reads: [{ text: 'SELECT 2', rows: [row('B')] }], data: null };
    const a = await gzipJsonInSlices(first);
    const b = await gzipJsonInSlices(second);
    expect(gunzipSync(a.content).toString('utf8')).toBe(JSON.stringify(first));
    expect(gunzipSync(b.content).toString('utf8')).toBe(JSON.stringify(second));
    expect(a.jsonBytes).toBe(Buffer.byteLength(JSON.stringify(first), 'utf8'));
    // B's member, made once for the first value, is in the second one's bytes as it is.
    const piece = sharedPiece(row('B'))!;
    const made = piece.gz;
    expect(pieceMember(piece)).toBe(made);
    const member = await made!;
    expect(a.content.includes(member)).toBe(true);
    expect(b.content.includes(member)).toBe(true);
    expect(gunzipSync(member).toString('utf8')).toBe(JSON.stringify(row('B')));
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
