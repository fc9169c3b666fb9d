// The WebAssembly SIMD panel pass on panels worked by hand: an odd number of scenarios (one
// f64x2 step and the last scenario alone), a full group of four columns and a group completed
// with zero columns, a subset of the columns, and the memory reused from call to call.
import { describe, expect, it } from 'vitest';
import { panelStorage, readsInPlace, simdSumsAndPnl } from './pnl-kernel-wasm.ts';

const COLUMNS = [
  [1, 2, 3],
  [0.5, 0, -1],
  [2, 2, 2],
  [-1, 0, 1],
  [4, -4, 8],
].map((c) => Float64Array.from(c));
const X = [1, 2, -1, 0.5, 0.25];

/** Seeded uniforms in [−0.5, 0.5) (Park–Miller). */
function uniforms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
}

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
    const random = uniforms(7);
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

  it('reads columns of a panel storage in place: the same doubles as copied, scratch kept clean', () => {
    // The same random panels in a panel storage (columns are views of it) and as separate arrays
    // (copied into the module four at a time): P&L and sums equal to the bit, for every length,
    // with a group completed by the storage's zero column, run twice on the same storage.
    const random = uniforms(11);
    for (let t = 1; t <= 13; t++) {
      const storage = panelStorage(6, t);
      expect(storage.length).toBe(6 * t);
      expect(storage.every((v) => v === 0)).toBe(true);
      for (let run = 0; run < 2; run++) {
        storage.forEach((_, k) => (storage[k] = random()));
        const inPlace = Array.from({ length: 6 }, (_, i) => storage.subarray(i * t, (i + 1) * t));
        const separate = inPlace.map((c) => Float64Array.from(c));
        const x = Array.from({ length: 6 }, () => random() * 1e6);
        const exposed = [5, 0, 1, 3, 2];
        expect(readsInPlace(inPlace, exposed, t)).toBe(true);
        expect(readsInPlace(separate, exposed, t)).toBe(false);
        const pnl = new Float64Array(t);
        const sums = simdSumsAndPnl(inPlace, x, exposed, pnl);
        const copiedPnl = new Float64Array(t);
        const copiedSums = simdSumsAndPnl(separate, x, exposed, copiedPnl);
        expect([...pnl], `t ${String(t)}`).toEqual([...copiedPnl]);
        expect([...sums!], `t ${String(t)}`).toEqual([...copiedSums!]);
      }
    }
  });

  it('copies when the columns are not all in one storage or longer than its scratch', () => {
    const storage = panelStorage(2, 3);
    storage.set([1, 2, 3, 4, 5, 6]);
    const rows = [storage.subarray(0, 3), storage.subarray(3, 6)];
    const other = Float64Array.from([1, 1, 1]);
    expect(readsInPlace([rows[0]!, other], [0, 1], 3)).toBe(false);
    expect(readsInPlace([rows[0]!, other], [0], 3)).toBe(true);
    // One column of six spans both rows: longer than the three the scratch holds.
    const whole = [storage.subarray(0, 6)];
    expect(readsInPlace(whole, [0], 6)).toBe(false);
    const pnl = new Float64Array(6);
    expect([...simdSumsAndPnl(whole, [2], [0], pnl)!]).toEqual([21]);
    expect([...pnl]).toEqual([2, 4, 6, 8, 10, 12]);
    const mixed = new Float64Array(3);
    expect([...simdSumsAndPnl([rows[1]!, other], [1, -1], [0, 1], mixed)!]).toEqual([15, 3]);
    expect([...mixed]).toEqual([3, 4, 5]);
  });
});
