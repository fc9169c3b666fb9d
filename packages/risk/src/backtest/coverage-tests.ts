// VaR backtesting: exceptions, Kupiec's proportion-of-failures test and Christoffersen's
// independence and conditional-coverage tests (likelihood ratios with 0·ln 0 = 0).
import {
  InsufficientHistoryError,
  InvalidInputError,
  LengthMismatchError,
  assertConfidenceLevel,
} from '../errors.ts';
import { chiSquareSf } from '../math/special.ts';

/** A likelihood-ratio statistic and its asymptotic χ² p-value. */
export interface LikelihoodRatioTest {
  readonly statistic: number;
  readonly pValue: number;
}

/**
 * Exception (hit) series: 1 where the loss exceeded VaR, i.e. pnl < −var (VaR a positive loss,
 * P&L signed, same units), else 0.
 * @throws LengthMismatchError when the series differ in length; InvalidInputError for NaN.
 */
export function exceptions(pnl: ArrayLike<number>, valueAtRisk: ArrayLike<number>): Uint8Array {
  if (pnl.length !== valueAtRisk.length)
    throw new LengthMismatchError('var', pnl.length, valueAtRisk.length);
  return Uint8Array.from({ length: pnl.length }, (_, t) => {
    const p = pnl[t]!;
    const v = valueAtRisk[t]!;
    if (Number.isNaN(p) || Number.isNaN(v))
      throw new InvalidInputError(`pnl/var[${t}] is not a number`);
    return p < -v ? 1 : 0;
  });
}

/** x·ln(y) with 0·ln(0) = 0. */
function xlog(x: number, y: number): number {
  return x === 0 ? 0 : x * Math.log(y);
}

function assertHits(hits: ArrayLike<number>, required: number): void {
  if (hits.length < required) throw new InsufficientHistoryError(required, hits.length);
  for (let i = 0; i < hits.length; i++) {
    if (hits[i] !== 0 && hits[i] !== 1)
      throw new InvalidInputError(`hits[${i}] must be 0 or 1, got ${hits[i]}`);
  }
}

/**
 * Kupiec (1995) proportion-of-failures test: LR = −2·ln[(1 − p)^{N−x}·p^x] +
 * 2·ln[(1 − x/N)^{N−x}·(x/N)^x] ~ χ²(1), p = 1 − confidenceLevel.
 * @throws InsufficientHistoryError for an empty series; InvalidInputError for non-0/1 hits.
 */
export function kupiecTest(hits: ArrayLike<number>, confidenceLevel: number): LikelihoodRatioTest {
  assertConfidenceLevel(confidenceLevel);
  assertHits(hits, 1);
  const n = hits.length;
  let x = 0;
  for (let i = 0; i < n; i++) x += hits[i]!;
  const p = 1 - confidenceLevel;
  const observed = x / n;
  const statistic = Math.max(
    0,
    -2 * (xlog(n - x, 1 - p) + xlog(x, p)) + 2 * (xlog(n - x, 1 - observed) + xlog(x, observed)),
  );
  return { statistic, pValue: chiSquareSf(statistic, 1) };
}

/** Transition counts nᵢⱼ of a hit sequence (i = yesterday, j = today). */
export interface TransitionCounts {
  readonly n00: number;
  readonly n01: number;
  readonly n10: number;
  readonly n11: number;
}

export function transitionCounts(hits: ArrayLike<number>): TransitionCounts {
  const c = [0, 0, 0, 0];
  for (let t = 1; t < hits.length; t++) c[hits[t - 1]! * 2 + hits[t]!]!++;
  return { n00: c[0]!, n01: c[1]!, n10: c[2]!, n11: c[3]! };
}

/**
 * Christoffersen (1998) independence test: LR_ind = −2·ln[(1 − π)^{n00+n10}·π^{n01+n11}] +
 * 2·ln[(1 − π01)^{n00}·π01^{n01}·(1 − π11)^{n10}·π11^{n11}] ~ χ²(1), and conditional coverage
 * LR_cc = LR_pof + LR_ind ~ χ²(2). With no transitions out of state 1 (n10 + n11 = 0), π11 is
 * taken as 0 (its terms vanish).
 * @throws InsufficientHistoryError with fewer than 2 observations.
 */
export function christoffersenTest(
  hits: ArrayLike<number>,
  confidenceLevel: number,
): { independence: LikelihoodRatioTest; conditionalCoverage: LikelihoodRatioTest } {
  assertHits(hits, 2);
  const { n00, n01, n10, n11 } = transitionCounts(hits);
  const pi01 = n00 + n01 === 0 ? 0 : n01 / (n00 + n01);
  const pi11 = n10 + n11 === 0 ? 0 : n11 / (n10 + n11);
  const pi = (n01 + n11) / (n00 + n01 + n10 + n11);
  const restricted = xlog(n00 + n10, 1 - pi) + xlog(n01 + n11, pi);
  const unrestricted =
    xlog(n00, 1 - pi01) + xlog(n01, pi01) + xlog(n10, 1 - pi11) + xlog(n11, pi11);
  const ind = Math.max(0, -2 * restricted + 2 * unrestricted);
  const cc = kupiecTest(hits, confidenceLevel).statistic + ind;
  return {
    independence: { statistic: ind, pValue: chiSquareSf(ind, 1) },
    conditionalCoverage: { statistic: cc, pValue: chiSquareSf(cc, 2) },
  };
}
