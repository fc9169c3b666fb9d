// What-if: portfolio VaR before and after a proposed trade.
import { InvalidInputError, LengthMismatchError } from '../errors.ts';
import type { Series } from '../stats/moments.ts';
import {
  type PortfolioVarOptions,
  type PortfolioVarResult,
  portfolioVar,
} from './portfolio-var.ts';

export interface WhatIfResult {
  readonly before: PortfolioVarResult;
  readonly after: PortfolioVarResult;
  /** after.var − before.var (positive: the trade adds risk). */
  readonly varChange: number;
  readonly esChange: number;
}

/**
 * VaR after a proposed trade: exposure changes (same units as exposures, e.g. +1 000 000 TL of
 * position 3, or −x to sell it all) applied to the current exposures and the portfolio
 * re-evaluated with the same model and, for Monte Carlo, the same seed.
 * @throws LengthMismatchError / InvalidInputError for a malformed trade.
 */
export function whatIfTrade(
  panel: readonly Series[],
  exposures: ArrayLike<number>,
  trade: ArrayLike<number>,
  options: PortfolioVarOptions,
): WhatIfResult {
  if (trade.length !== exposures.length)
    throw new LengthMismatchError('trade', exposures.length, trade.length);
  const after = Float64Array.from(exposures, (x, i) => {
    const d = trade[i]!;
    if (!Number.isFinite(d))
      throw new InvalidInputError(`trade[${i}] must be a finite number, got ${d}`);
    return x + d;
  });
  const before = portfolioVar(panel, exposures, options);
  const next = portfolioVar(panel, after, options);
  return { before, after: next, varChange: next.var - before.var, esChange: next.es - before.es };
}
