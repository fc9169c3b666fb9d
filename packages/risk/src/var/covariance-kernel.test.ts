import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRng } from '../math/random.ts';
import { centredPanel } from './covariance.ts';
import { simdCrossProductBlocks } from './covariance-kernel.ts';

/** Σₖ x[k]·y[k] in time order. */
function dot(x: Float64Array, y: Float64Array): number {
  let s = 0;
  for (let k = 0; k < x.length; k++) s += x[k]! * y[k]!;
  return s;
}

describe('the WebAssembly SIMD cross-product kernel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('gives every 4-row block its cross-products with the column pairs from the block on, for odd and even t', () => {
    const rng = createRng(3);
    for (const t of [1, 2, 5, 64, 251]) {
      const n = 11;
      const cols = Array.from({ length: n }, () =>
        Float64Array.from({ length: t }, () => rng.normal()),
      );
      const panel = {
        data: Float64Array.from(cols.flatMap((c) => [...c])),
        size: n,
        observations: t,
      };
      const seen: number[] = [];
      const used = simdCrossProductBlocks(panel, 4, 8, (i0, rows) => {
        seen.push(i0);
        for (let r = 0; r < 4; r++) {
          for (let j = i0; j < 10; j++) {
            const want = dot(cols[i0 + r]!, cols[j]!);
            expect(
              Math.abs(rows[r * n + j]! - want),
              `t ${t}, cell ${i0 + r},${j}`,
            ).toBeLessThanOrEqual(1e-13 * (1 + Math.abs(want)));
          }
        }
      });
      expect(used).toBe(true);
      expect(seen).toEqual([4]);
    }
  });

  it('grows its memory for a larger panel on a later call and still agrees', () => {
    const rng = createRng(4);
    const small = centredPanel(
      Array.from({ length: 4 }, () => Array.from({ length: 3 }, () => rng.normal())),
    );
    expect(simdCrossProductBlocks(small, 0, 4, () => {})).toBe(true);
    const cols = Array.from({ length: 8 }, () =>
      Float64Array.from({ length: 5000 }, () => rng.normal()),
    );
    const big = centredPanel(cols);
    let checked = 0;
    simdCrossProductBlocks(big, 0, 8, (i0, rows) => {
      const want = dot(
        big.data.subarray((i0 + 3) * 5000, (i0 + 4) * 5000),
        big.data.subarray(7 * 5000, 8 * 5000),
      );
      expect(rows[3 * 8 + 7]).toBeCloseTo(want, 9);
      checked++;
    });
    expect(checked).toBe(2);
  });

  it('reports false for a panel beyond 2 GiB (32-bit memory), before reading it', () => {
    const huge = { data: new Float64Array(0), size: 8, observations: 2 ** 25 };
    expect(simdCrossProductBlocks(huge, 0, 8, () => {})).toBe(false);
  });

  it('reports false (the caller falls back to JavaScript) where the engine has no WebAssembly', async () => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const kernel = await import('./covariance-kernel.ts');
    const covariance = await import('./covariance.ts');
    const cols = [
      [1, 2, 4],
      [2, 2, 1],
      [0, 3, 1],
      [1, 1, 1],
      [5, 1, 2],
    ];
    expect(kernel.simdCrossProductBlocks(covariance.centredPanel(cols), 0, 4, () => {})).toBe(
      false,
    );
    const fallback = covariance.covarianceMatrix(cols);
    const js = covariance.covarianceMatrix(cols, { kernel: 'javascript' });
    expect(Array.from(fallback.data)).toEqual(Array.from(js.data));
  });
});
