// Parts of input bundles shared by content across runs (decision 0083).
import { describe, expect, it } from 'vitest';
import { contentKey, createSharedParts, float64Bytes, sharedPiece } from './shared-pieces.ts';

describe('shared bundle parts', () => {
  it('gives one object per content, with its JSON made once', () => {
    const parts = createSharedParts(1 << 20);
    let made = 0;
    const make = () => {
      made++;
      return { ticker: 'AKBNK', values: [1, null, 2.5] };
    };
    const a = parts.share(contentKey(['x', 'AKBNK']), make);
    const b = parts.share(contentKey(['x', 'AKBNK']), make);
    expect(b).toBe(a);
    expect(made).toBe(1);
    expect(sharedPiece(a)).toEqual({
      text: JSON.stringify(a),
      bytes: Buffer.byteLength(JSON.stringify(a)),
      gz: null,
    });
    expect(sharedPiece({ ...a })).toBeUndefined();
    expect(parts.share(contentKey(['x', 'GARAN']), make)).not.toBe(a);
  });

  it('keys contents by their parts, their kinds and their bounds', () => {
    const keys = [
      contentKey(['ab', 'c']),
      contentKey(['a', 'bc']),
      contentKey(['abc']),
      contentKey([Buffer.from('abc')]),
      contentKey([float64Bytes(Float64Array.from([1, 2]))]),
      contentKey([float64Bytes(Float64Array.from([1, 2, 3]).subarray(0, 2))]),
    ];
    expect(new Set(keys.slice(0, 5)).size).toBe(5);
    expect(keys[5]).toBe(keys[4]); // a view's bytes, not its buffer's
  });

  it('keeps the most recently used parts within its size and none above a sixteenth of it', () => {
    // Each part's JSON is 10 characters, counted as 30 bytes: 100 bytes hold three.
    const parts = createSharedParts(100 * 16);
    const part = (i: number) =>
      parts.share(contentKey([String(i)]), () => ({ v: String(i).padStart(2, '0') }));
    const first = part(1);
    for (let i = 2; i <= 60; i++) part(i);
    expect(parts.bytes).toBeLessThanOrEqual(1600);
    expect(part(60)).toBe(part(60));
    expect(part(1)).not.toBe(first); // gone, made again
    const big = parts.share(contentKey(['big']), () => ({ v: 'x'.repeat(100) }));
    expect(parts.share(contentKey(['big']), () => ({ v: 'x'.repeat(100) }))).not.toBe(big);
    expect(sharedPiece(big)?.text).toBe(JSON.stringify(big));
  });
});
