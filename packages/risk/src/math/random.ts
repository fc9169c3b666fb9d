// Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna, 2018) seeded through splitmix32,
// uniform doubles with 53 random bits, standard normals by the Marsaglia polar method, and gamma
// variates by Marsaglia & Tsang (2000). Same seed, same sequence, on every platform.
import { InvalidInputError } from '../errors.ts';

/** A seeded generator. Not cryptographically secure; for Monte Carlo simulation only. */
export interface Rng {
  /** Uniform on [0, 1) with 53 random bits. */
  uniform(): number;
  /** Standard normal N(0, 1). */
  normal(): number;
  /**
   * Fills out[from, to) with standard normals: the same numbers, and the same generator state
   * after, as calling `normal()` to − from times, with the generator's state held in local
   * variables for the loop (Monte Carlo draws millions of them).
   */
  fillNormal(out: Float64Array, from?: number, to?: number): void;
  /** Gamma(shape, 1) variate, shape > 0. */
  gamma(shape: number): number;
  /** Chi-square variate with `df` degrees of freedom (= 2·Gamma(df/2)). */
  chiSquare(df: number): number;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Creates a seeded xoshiro128** generator. Any finite integer seed is accepted (taken modulo
 * 2³²).
 * @throws InvalidInputError when the seed is not a finite integer.
 */
export function createRng(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new InvalidInputError(`seed must be an integer, got ${seed}`);
  const init = splitmix32(seed % 0x1_0000_0000);
  let s0 = init();
  let s1 = init();
  let s2 = init();
  let s3 = init();
  const next32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const uniform = (): number => {
    const hi = next32() >>> 5; // 27 bits
    const lo = next32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  };
  let spare = 0;
  let hasSpare = false;
  const normal = (): number => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * uniform() - 1;
      v = 2 * uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    spare = v * f;
    hasSpare = true;
    return u * f;
  };
  const fillNormal = (out: Float64Array, from = 0, to = out.length): void => {
    let k = from;
    if (hasSpare && k < to) {
      hasSpare = false;
      out[k++] = spare;
    }
    // next32, uniform and the polar method as above, inline on local copies of the state (no
    // closure: the state stays in registers).
    let a = s0;
    let b = s1;
    let c = s2;
    let d = s3;
    while (k < to) {
      let u = 0;
      let v = 0;
      let q: number;
      do {
        // Four words: u's 27 high and 26 low bits, then v's.
        let hi = 0;
        for (let w = 0; w < 4; w++) {
          const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
          const t = b << 9;
          c ^= a;
          d ^= b;
          b ^= c;
          a ^= d;
          c ^= t;
          d = rotl(d, 11);
          if (w % 2 === 0) hi = result >>> 5;
          else {
            const x = 2 * ((hi * 67108864 + (result >>> 6)) / 9007199254740992) - 1;
            if (w === 1) u = x;
            else v = x;
          }
        }
        q = u * u + v * v;
      } while (q >= 1 || q === 0);
      const f = Math.sqrt((-2 * Math.log(q)) / q);
      out[k++] = u * f;
      if (k < to) out[k++] = v * f;
      else {
        spare = v * f;
        hasSpare = true;
      }
    }
    s0 = a;
    s1 = b;
    s2 = c;
    s3 = d;
  };
  const gamma = (shape: number): number => {
    if (!(shape > 0)) throw new InvalidInputError(`gamma shape must be > 0, got ${shape}`);
    if (shape < 1) return gamma(shape + 1) * Math.pow(uniform() || Number.MIN_VALUE, 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = uniform();
      if (u < 1 - 0.0331 * x * x * x * x) return d * v;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  };
  return { uniform, normal, fillNormal, gamma, chiSquare: (df) => 2 * gamma(df / 2) };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
