// The one pass over a returns panel that historical and parametric VaR start from: every
// column's mean and the demeaned portfolio P&L, each return read once (decision 0073).
import { assertFinite } from '../errors.ts';
import { simdSumsAndPnl } from './pnl-kernel-wasm.ts';

/** Column means μᵢ and the demeaned P&L pₖ = Σᵢ xᵢ·cᵢ[k] − Σᵢ xᵢ·μᵢ of every scenario k. */
export interface MeansAndPnl {
  readonly means: Float64Array;
  readonly pnl: Float64Array;
}

/**
 * Means and demeaned P&L of a panel (columns of equal length t ≥ 1, exposures x) in one read of
 * the panel. Each return of an exposed column (xᵢ ≠ 0) is loaded once and used twice: added to
 * its column's sum and, times xᵢ, to the raw P&L rₖ = Σᵢ xᵢ·cᵢ[k], four columns at a time
 * (rₖ + x₀a + x₁b + x₂c + x₃d, positions in order; the last one to three one by one, the same
 * additions); the columns without exposure are only summed. Then pₖ = rₖ − Σᵢ xᵢ·μᵢ: the P&L of
 * the demeaned scenarios, since Σᵢ xᵢ(cᵢ[k] − μᵢ) = rₖ − Σᵢ xᵢμᵢ, without a second read of the
 * column to subtract its mean from each return. It differs from summing demeaned returns by
 * rounding only (of the order of 1e-16 × (|rₖ| + |Σxμ|)), and the order of the scenarios is the
 * same wherever their P&Ls are more than that apart; scenarios with the same returns get the same
 * P&L (ties stay ties).
 * Kernel (`kernel`): 'simd' (default) is the WebAssembly SIMD loop of pnl-kernel-wasm.ts, falling
 * back to JavaScript where WebAssembly is unavailable; 'javascript' always the JavaScript loop.
 * Both give the same raw P&L doubles rₖ; their sums (means) differ by rounding only (SIMD adds
 * even and odd scenarios in two lanes), and so the demeaned P&Ls by the rounding of Σxμ.
 * @throws InvalidInputError naming the first column with a non-finite value, and the observation.
 */
export function meansAndCentredPnl(
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  kernel: PanelKernel = 'simd',
): MeansAndPnl {
  const t = columns[0]!.length;
  const means = new Float64Array(columns.length);
  const pnl = new Float64Array(t);
  const exposed: number[] = [];
  for (let i = 0; i < columns.length; i++) {
    if (x[i]! !== 0) exposed.push(i);
    else means[i] = sumOf(columns[i]!) / t;
  }
  const sums =
    (kernel === 'simd' ? simdSumsAndPnl(columns, x, exposed, pnl) : null) ??
    scalarSumsAndPnl(columns, x, exposed, pnl);
  exposed.forEach((i, g) => {
    means[i] = sums[g]! / t;
  });
  // A non-finite sum means a non-finite value: the first such column (in panel order) is named.
  if (!means.every(Number.isFinite)) columns.forEach((c, i) => assertFinite(c, `column ${i}`));
  let meanPnl = 0;
  for (const i of exposed) meanPnl += x[i]! * means[i]!;
  for (let k = 0; k < t; k++) pnl[k] = pnl[k]! - meanPnl;
  return { means, pnl };
}

/** Which loop reads the panel: see {@link meansAndCentredPnl}. */
export type PanelKernel = 'simd' | 'javascript';

/** The JavaScript loop of {@link meansAndCentredPnl}: the exposed columns' sums; P&L into `pnl`. */
function scalarSumsAndPnl(
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
): Float64Array {
  const t = pnl.length;
  const sums = new Float64Array(exposed.length);
  let g = 0;
  for (; g + 3 < exposed.length; g += 4) {
    const c0 = columns[exposed[g]!]!;
    const c1 = columns[exposed[g + 1]!]!;
    const c2 = columns[exposed[g + 2]!]!;
    const c3 = columns[exposed[g + 3]!]!;
    const x0 = x[exposed[g]!]!;
    const x1 = x[exposed[g + 1]!]!;
    const x2 = x[exposed[g + 2]!]!;
    const x3 = x[exposed[g + 3]!]!;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let k = 0; k < t; k++) {
      const a = c0[k]!;
      const b = c1[k]!;
      const c = c2[k]!;
      const d = c3[k]!;
      s0 += a;
      s1 += b;
      s2 += c;
      s3 += d;
      pnl[k] = pnl[k]! + x0 * a + x1 * b + x2 * c + x3 * d;
    }
    sums[g] = s0;
    sums[g + 1] = s1;
    sums[g + 2] = s2;
    sums[g + 3] = s3;
  }
  for (; g < exposed.length; g++) {
    const c = columns[exposed[g]!]!;
    const xi = x[exposed[g]!]!;
    let s = 0;
    for (let k = 0; k < t; k++) {
      const a = c[k]!;
      s += a;
      pnl[k] = pnl[k]! + xi * a;
    }
    sums[g] = s;
  }
  return sums;
}

/** Σₖ c[k] of column i, after checking that it is finite (else naming the non-finite value). */
export function columnSum(c: Float64Array, i: number): number {
  const sum = sumOf(c);
  if (!Number.isFinite(sum)) assertFinite(c, `column ${i}`);
  return sum;
}

/**
 * Σₖ c[k] in four interleaved partial sums (k mod 4) added as (s₀ + s₁) + (s₂ + s₃): four
 * independent additions per step instead of one chain, so the pass over a column runs at the
 * speed of reading it (decision 0062; it differs from the sum in time order by rounding only,
 * ~1e-16 relative).
 */
function sumOf(c: Float64Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = 0;
  for (; k + 3 < c.length; k += 4) {
    s0 += c[k]!;
    s1 += c[k + 1]!;
    s2 += c[k + 2]!;
    s3 += c[k + 3]!;
  }
  for (; k < c.length; k++) s0 += c[k]!;
  return s0 + s1 + (s2 + s3);
}
