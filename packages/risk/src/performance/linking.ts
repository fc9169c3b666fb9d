import { InvalidInputError } from '../errors.ts';

/** The name of the multi-period linking method, shown with linked effects. */
export const CARINO_LINKING = 'Carino (1999)';

/** ln(1 + x)/x, with its limit 1/(1 + x) → 1 handled at x = 0 (the Carino scaling term). */
function logRatio(r: number, b: number): number {
  if (!(r > -1) || !(b > -1))
    throw new InvalidInputError(`returns must exceed -100 %, got ${r}, ${b}`);
  if (Math.abs(r - b) < 1e-14) return 1 / (1 + r);
  return (Math.log1p(r) - Math.log1p(b)) / (r - b);
}

/**
 * Carino smoothing coefficients for linking single-period arithmetic attribution effects:
 * k_t = [ln(1 + R_t) − ln(1 + B_t)] / (R_t − B_t), k = [ln(1 + R) − ln(1 + B)] / (R − B), with R, B
 * the compounded portfolio and benchmark returns; the linked effect is Σ_t e_t · k_t / k, and linked
 * effects that sum to R_t − B_t in each period sum to R − B over the whole period.
 * Source: Carino, "Combining Attribution Effects Over Time", Journal of Performance Measurement,
 * Summer 1999; Bacon, "Practical Portfolio Performance Measurement and Attribution", ch. 8.
 * @throws InvalidInputError for mismatched lengths or a return at or below -100 %.
 */
export function carinoFactors(
  portfolioReturns: readonly number[],
  benchmarkReturns: readonly number[],
): {
  readonly factors: number[];
  readonly portfolioReturn: number;
  readonly benchmarkReturn: number;
} {
  if (portfolioReturns.length !== benchmarkReturns.length)
    throw new InvalidInputError(
      `portfolio and benchmark periods differ: ${portfolioReturns.length} vs ${benchmarkReturns.length}`,
    );
  const R = portfolioReturns.reduce((g, r) => g * (1 + r), 1) - 1;
  const B = benchmarkReturns.reduce((g, r) => g * (1 + r), 1) - 1;
  const k = logRatio(R, B);
  return {
    factors: portfolioReturns.map((r, t) => logRatio(r, benchmarkReturns[t]!) / k),
    portfolioReturn: R,
    benchmarkReturn: B,
  };
}

/** Links per-period effects with factors from `carinoFactors`: Σ_t effects[t] · factors[t]. */
export function linkEffects(effects: readonly number[], factors: readonly number[]): number {
  if (effects.length !== factors.length)
    throw new InvalidInputError(
      `effects and factors differ: ${effects.length} vs ${factors.length}`,
    );
  return effects.reduce((s, e, t) => s + e * factors[t]!, 0);
}
