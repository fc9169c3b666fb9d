import { InvalidInputError } from '../errors.ts';

/**
 * Present value and yield sensitivities of known cash flows at one yield, with compounding
 * `compounding` times a year: discount factor (1 + y/m)^(−m·t), t in years.
 * - `isma` pricing uses m = coupon frequency and t = (periods to the flow)/frequency.
 * - `tr-treasury` pricing uses m = 1 and t = actual days/365.
 */
export interface TimedCashflow {
  /** Time to payment in years (> 0). */
  readonly time: number;
  /** Amount per 100 face (or any unit; results are in the same unit). */
  readonly amount: number;
}

export interface YieldSensitivities {
  /** Present value Σ CF·DF. */
  readonly presentValue: number;
  /** Macaulay duration in years: Σ t·PV / P. */
  readonly macaulayDuration: number;
  /** Modified duration in years: −(dP/dy)/P = Macaulay/(1 + y/m). */
  readonly modifiedDuration: number;
  /** Convexity in years², NOT halved: (d²P/dy²)/P. */
  readonly convexity: number;
  /** Price value of a basis point: −(dP/dy)·0.0001, positive for a long position in positive flows. */
  readonly dv01: number;
}

function assertYieldDomain(y: number, compounding: number): void {
  if (!Number.isFinite(y) || 1 + y / compounding <= 0) {
    throw new InvalidInputError(`yield must be finite and above ${-compounding}, got ${y}`);
  }
}

/** Present value of the flows at yield y (fraction, e.g. 0.25). @throws InvalidInputError if 1 + y/m ≤ 0. */
export function presentValueAtYield(
  flows: readonly TimedCashflow[],
  y: number,
  compounding: number,
): number {
  assertYieldDomain(y, compounding);
  const base = 1 + y / compounding;
  let pv = 0;
  for (const f of flows) pv += f.amount * base ** (-compounding * f.time);
  return pv;
}

/**
 * presentValueAtYield, refused when not positive as yieldSensitivities refuses it: the same
 * double as yieldSensitivities(flows, y, compounding).presentValue (the same sum in the same
 * order), without the sensitivities (a scenario's repricing needs the price only).
 * @throws InvalidInputError if 1 + y/m ≤ 0 or the present value is not positive.
 */
export function positivePresentValue(
  flows: readonly TimedCashflow[],
  y: number,
  compounding: number,
): number {
  const pv = presentValueAtYield(flows, y, compounding);
  if (!(pv > 0)) throw new InvalidInputError(`present value must be positive, got ${pv}`);
  return pv;
}

/**
 * Price, Macaulay and modified duration, convexity (not halved) and DV01 of the flows at yield y.
 * Analytic derivatives of P(y) = Σ CF (1 + y/m)^(−m t):
 * P' = −Σ CF t (1 + y/m)^(−m t − 1), P'' = Σ CF t (t + 1/m) (1 + y/m)^(−m t − 2).
 * Source: Fabozzi, "Bond Markets, Analysis and Strategies", ch. 4 (duration and convexity).
 * @throws InvalidInputError if 1 + y/m ≤ 0 or the present value is not positive.
 */
export function yieldSensitivities(
  flows: readonly TimedCashflow[],
  y: number,
  compounding: number,
): YieldSensitivities {
  assertYieldDomain(y, compounding);
  const base = 1 + y / compounding;
  let pv = 0;
  let timeWeighted = 0;
  let second = 0;
  for (const f of flows) {
    const df = base ** (-compounding * f.time);
    pv += f.amount * df;
    timeWeighted += f.time * f.amount * df;
    second += f.amount * f.time * (f.time + 1 / compounding) * df;
  }
  if (!(pv > 0)) throw new InvalidInputError(`present value must be positive, got ${pv}`);
  const macaulay = timeWeighted / pv;
  const modified = macaulay / base;
  return {
    presentValue: pv,
    macaulayDuration: macaulay,
    modifiedDuration: modified,
    convexity: second / (base * base) / pv,
    dv01: (modified * pv) / 10_000,
  };
}

/**
 * Yield that prices the flows at `targetPrice`: Newton's method on P(y), falling back to bisection
 * whenever a Newton step leaves the current bracket, so it converges for any positive flows and
 * price (P is strictly decreasing in y). Stops at 1e-13 relative price error or a bracket narrower than 1e-15.
 * @throws InvalidInputError when the price is not positive, the flows are not all non-negative
 * with a positive sum, or no yield above −m (and below 1e6) reproduces the price.
 */
export function solveYield(
  flows: readonly TimedCashflow[],
  targetPrice: number,
  compounding: number,
  initialGuess = 0.05,
): number {
  if (!(targetPrice > 0) || !Number.isFinite(targetPrice)) {
    throw new InvalidInputError(`price must be a positive number, got ${targetPrice}`);
  }
  if (
    flows.length === 0 ||
    flows.some((f) => !(f.amount >= 0)) ||
    !flows.some((f) => f.amount > 0)
  ) {
    throw new InvalidInputError('yield solving needs non-negative cash flows with a positive sum');
  }
  const f = (y: number): number => presentValueAtYield(flows, y, compounding) - targetPrice;
  let lo = -compounding * (1 - 1e-9);
  let hi = 1;
  while (f(hi) > 0) {
    hi *= 4;
    if (hi > 1e6) throw new InvalidInputError(`no yield below 1e6 gives price ${targetPrice}`);
  }
  if (f(lo) < 0) throw new InvalidInputError(`no yield above ${lo} gives price ${targetPrice}`);
  let y = Math.min(Math.max(initialGuess, lo), hi);
  let previousDiff = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 500; i += 1) {
    const { presentValue, modifiedDuration } = yieldSensitivities(flows, y, compounding);
    const diff = presentValue - targetPrice;
    if (Math.abs(diff) <= 1e-13 * targetPrice || hi - lo < 1e-15) return y;
    if (diff > 0) lo = y;
    else hi = y;
    // Newton unless it leaves the bracket or failed to halve the error last time (safeguard).
    let next = y + diff / (modifiedDuration * presentValue);
    if (!(next > lo && next < hi) || Math.abs(diff) > 0.5 * Math.abs(previousDiff))
      next = (lo + hi) / 2;
    previousDiff = diff;
    y = next;
  }
  return y;
}
