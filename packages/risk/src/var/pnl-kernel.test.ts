// The one-pass kernel (means and demeaned P&L) against the plain two-pass formula: each column's
// mean summed in time order, then Σᵢ xᵢ·(cᵢ[k] − μᵢ) position by position.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { createRng } from '../math/random.ts';
import { type PanelKernel, meansAndCentredPnl } from './pnl-kernel.ts';

function plain(columns: readonly Float64Array[], x: ArrayLike<number>) {
  const t = columns[0]!.length;
  const means = columns.map((c) => c.reduce((s, v) => s + v, 0) / t);
  const pnl = Array.from({ length: t }, (_, k) =>
    columns.reduce((s, c, i) => s + x[i]! * (c[k]! - means[i]!), 0),
  );
  return { means, pnl };
}

const rng = createRng(73);

/** A panel of n columns × t observations with a drift, and exposures of both signs and zeros. */
function randomCase(n: number, t: number, zeroEvery: number) {
  const columns = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: t }, () => 0.0005 * (i % 3) + 0.01 * (1 + (i % 4)) * rng.normal()),
  );
  const x = Float64Array.from({ length: n }, (_, i) =>
    i % zeroEvery === zeroEvery - 1 ? 0 : (i % 2 === 0 ? 1 : -1) * 1e5 * (1 + rng.uniform()),
  );
  return { columns, x };
}

describe.each<PanelKernel>(['simd', 'javascript'])('meansAndCentredPnl, %s kernel', (kernel) => {
  it('gives the means and the demeaned P&L of a small panel worked by hand', () => {
    // Means 3 and 7, Σxμ = 2·3 − 7 = −1; raw P&L 2·1 − 4 = −2, 2·2 − 6 = −2, 2·6 − 11 = 1, so
    // the demeaned P&L is −1, −1, 2 (= 2·(1 − 3) − (4 − 7), …), exact in binary.
    const { means, pnl } = meansAndCentredPnl(
      [Float64Array.from([1, 2, 6]), Float64Array.from([4, 6, 11])],
      [2, -1],
      kernel,
    );
    expect([...means]).toEqual([3, 7]);
    expect([...pnl]).toEqual([-1, -1, 2]);
  });

  it.each([
    // n × t: one instrument, fewer exposed columns than a group, groups of four with one to
    // three left, t of one observation and t not divisible by four, a realistic size.
    [1, 1, 2],
    // No exposed column at all (zeroEvery 1): the P&L is zero, the means still taken.
    [3, 5, 1],
    [1, 7, 2],
    [3, 5, 9],
    [4, 4, 9],
    [5, 2, 9],
    [7, 13, 3],
    [9, 1250, 4],
    [40, 1251, 5],
    // More than one 64 KiB page of WebAssembly memory for four columns and the P&L.
    [6, 3001, 7],
  ])('equals the two-pass formula for %i columns × %i observations', (n, t, zeroEvery) => {
    const { columns, x } = randomCase(n, t, zeroEvery);
    const fast = meansAndCentredPnl(columns, x, kernel);
    const slow = plain(columns, x);
    fast.means.forEach((m, i) => {
      expect(Math.abs(m - slow.means[i]!), `mean ${i}`).toBeLessThanOrEqual(1e-17 * t);
    });
    // Rounding bound: a few ulps of the sum of |xᵢ·cᵢ[k]| (here ≤ 1e5·2·0.2 per position).
    const scale = columns.reduce((s, _, i) => s + Math.abs(x[i]!) * 0.2, 0);
    fast.pnl.forEach((p, k) => {
      expect(Math.abs(p - slow.pnl[k]!), `P&L ${k}`).toBeLessThanOrEqual(1e-14 * scale);
    });
  });

  it('gives the same doubles to scenarios with the same returns (ties stay ties)', () => {
    const { columns, x } = randomCase(11, 9, 4);
    for (const c of columns) {
      c[6] = c[2]!;
      c[8] = c[2]!;
    }
    const { pnl } = meansAndCentredPnl(columns, x, kernel);
    expect(pnl[6]).toBe(pnl[2]);
    expect(pnl[8]).toBe(pnl[2]);
  });

  it.each([
    ['an exposed column', 5, Number.NaN],
    ['a column without exposure', 3, Number.POSITIVE_INFINITY],
  ])('names the column and the observation of a non-finite value in %s', (_, column, value) => {
    const { columns, x } = randomCase(8, 10, 4);
    expect(x[3]).toBe(0);
    columns[column]![7] = value;
    expect(() => meansAndCentredPnl(columns, x, kernel)).toThrow(InvalidInputError);
    expect(() => meansAndCentredPnl(columns, x, kernel)).toThrow(
      `column ${column}[7] must be a finite number, got ${value}`,
    );
  });

  it('names the first column in panel order when an exposed and an unexposed one are bad', () => {
    const { columns, x } = randomCase(8, 10, 4);
    expect(x[2]).not.toBe(0);
    expect(x[3]).toBe(0);
    columns[2]![4] = Number.NaN;
    columns[3]![1] = Number.NaN;
    expect(() => meansAndCentredPnl(columns, x, kernel)).toThrow('column 2[4]');
  });
});

describe('the two kernels', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('give the same raw P&L, so the demeaned P&Ls differ by the rounding of Σxμ only', () => {
    const { columns, x } = randomCase(23, 1251, 6);
    const simd = meansAndCentredPnl(columns, x, 'simd');
    const js = meansAndCentredPnl(columns, x, 'javascript');
    // Two orders of the same t additions: |Δμ| ≤ 2·ε·max|c| ≈ 2 · 1.1e-16 · 0.2 (returns ≤ 0.2).
    simd.means.forEach((m, i) => {
      expect(Math.abs(m - js.means[i]!)).toBeLessThanOrEqual(5e-17);
    });
    const meanPnl = (means: Float64Array) => means.reduce((s, m, i) => s + x[i]! * m, 0);
    const shift = meanPnl(js.means) - meanPnl(simd.means);
    expect(Math.abs(shift)).toBeLessThan(1e-9);
    simd.pnl.forEach((p, k) => {
      expect(Math.abs(p - js.pnl[k]! - shift)).toBeLessThanOrEqual(1e-11);
    });
  });

  it('falls back to the JavaScript loop where there is no WebAssembly', async () => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await import('./pnl-kernel.ts');
    const wasm = await import('./pnl-kernel-wasm.ts');
    const { columns, x } = randomCase(9, 101, 4);
    expect(wasm.simdSumsAndPnl(columns, x, [0, 1], new Float64Array(101))).toBeNull();
    const fallback = fresh.meansAndCentredPnl(columns, x, 'simd');
    const js = meansAndCentredPnl(columns, x, 'javascript');
    expect([...fallback.pnl]).toEqual([...js.pnl]);
    expect([...fallback.means]).toEqual([...js.means]);
  });
});
