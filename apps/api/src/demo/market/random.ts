import { createRng, type Rng } from '@fonrisk/risk';

/** A seeded source of the draws the demo market needs, on top of the risk library's xoshiro128**. */
export interface DemoRandom extends Rng {
  /** Student-t with `df` > 2 degrees of freedom, scaled to unit variance (fat tails, excess kurtosis 6/(df − 4)). */
  studentT(df: number): number;
  /** Uniform on [lo, hi). */
  between(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

export function createDemoRandom(seed: number): DemoRandom {
  const rng = createRng(seed);
  return {
    ...rng,
    studentT(df) {
      return (rng.normal() / Math.sqrt(rng.chiSquare(df) / df)) * Math.sqrt((df - 2) / df);
    },
    between(lo, hi) {
      return lo + (hi - lo) * rng.uniform();
    },
    chance(p) {
      return rng.uniform() < p;
    },
  };
}

/** A stable 32-bit seed for a named sub-stream, so that adding one stream does not shift the others. */
export function subSeed(seed: number, name: string): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
