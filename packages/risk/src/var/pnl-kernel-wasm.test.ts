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

  it('gives the same doubles for every length: four scenarios a turn, then two, then the last one', () => {
    // P&L in position order ((((0 + x₀a) + x₁b) + x₂c) + x₃d) per scenario; each sum as two lanes
    // (even and odd scenarios of the vector steps), the lanes added, then the last odd scenario.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    for (let t = 1; t <= 13; t++) {
      const columns = Array.from({ length: 6 }, () => Float64Array.from({ length: t }, random));
      const x = Array.from({ length: 6 }, () => random() * 1e6);
      const exposed = [0, 1, 2, 3, 5];
      const pnl = new Float64Array(t);
      const sums = simdSumsAndPnl(columns, x, exposed, pnl)!;
      const even = t - (t % 2);
      exposed.forEach((i, g) => {
        let lane0 = 0;
        let lane1 = 0;
        for (let k = 0; k < even; k += 2) {
          lane0 += columns[i]![k]!;
          lane1 += columns[i]![k + 1]!;
        }
        expect(sums[g], `sum ${String(g)}, t ${String(t)}`).toBe(
          lane0 + lane1 + (t % 2 ? columns[i]![t - 1]! : 0),
        );
      });
      for (let k = 0; k < t; k++) {
        let first = 0;
        for (const i of [0, 1, 2, 3]) first = first + x[i]! * columns[i]![k]!;
        // The second group is completed with three zero columns of zero exposure (+0 each).
        const expected = first + x[5]! * columns[5]![k]! + 0 + 0 + 0;
        expect(pnl[k], `scenario ${String(k)}, t ${String(t)}`).toBe(expected);
      }
    }
  });
});
