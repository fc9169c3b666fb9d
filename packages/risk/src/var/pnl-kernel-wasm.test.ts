// The WebAssembly SIMD panel pass on panels worked by hand: an odd number of scenarios (one
// f64x2 step and the last scenario alone), a full group of four columns and a group completed
// with zero columns, a subset of the columns, and the memory reused from call to call.
import { describe, expect, it } from 'vitest';
import { simdSumsAndPnl } from './pnl-kernel-wasm.ts';

const COLUMNS = [
  [1, 2, 3],
  [0.5, 0, -1],
  [2, 2, 2],
  [-1, 0, 1],
  [4, -4, 8],
].map((c) => Float64Array.from(c));
const X = [1, 2, -1, 0.5, 0.25];

describe('simdSumsAndPnl', () => {
  it('adds Σ xᵢ·cᵢ[k] to the P&L and sums each column', () => {
    // k = 0: 1 + 2·0.5 − 2 + 0.5·(−1) + 0.25·4 = 0.5; k = 1: 2 + 0 − 2 + 0 − 1 = −1;
    // k = 2: 3 − 2 − 2 + 0.5 + 2 = 1.5. Sums 6, −0.5, 6, 0, 8.
    for (let run = 0; run < 2; run++) {
      const pnl = new Float64Array(3);
      const sums = simdSumsAndPnl(COLUMNS, X, [0, 1, 2, 3, 4], pnl);
      expect([...pnl]).toEqual([0.5, -1, 1.5]);
      expect([...sums!]).toEqual([6, -0.5, 6, 0, 8]);
    }
  });

  it('reads only the columns it is given, in their order', () => {
    // Columns 0 and 2: P&L 1·c₀ − 1·c₂ = −1, 0, 1; sums 6 and 6.
    const pnl = new Float64Array(3);
    const sums = simdSumsAndPnl(COLUMNS, X, [0, 2], pnl);
    expect([...pnl]).toEqual([-1, 0, 1]);
    expect([...sums!]).toEqual([6, 6]);
  });

  it('handles one scenario (no vector step) and an even number (no last scenario)', () => {
    const one = new Float64Array(1);
    simdSumsAndPnl(
      COLUMNS.map((c) => c.subarray(2)),
      X,
      [0, 4],
      one,
    );
    expect([...one]).toEqual([3 + 0.25 * 8]);
    const two = new Float64Array(2);
    const sums = simdSumsAndPnl(
      COLUMNS.map((c) => c.subarray(0, 2)),
      X,
      [1, 3],
      two,
    );
    expect([...two]).toEqual([2 * 0.5 - 0.5, 0]);
    expect([...sums!]).toEqual([0.5, -1]);
  });
});
