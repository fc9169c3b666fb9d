import { InvalidInputError } from '../errors.ts';
import { normalCdf, normalPdf } from '../math/normal.ts';

export type OptionType = 'call' | 'put';

/**
 * European option inputs. Rates and volatility are annual, continuously compounded fractions;
 * `timeToExpiry` in years (ACT/365 of the caller's choosing).
 */
export interface BlackScholesInput {
  readonly type: OptionType;
  /** Spot price (Black-Scholes-Merton) or forward/futures price (Black-76). */
  readonly underlying: number;
  readonly strike: number;
  readonly timeToExpiry: number;
  readonly riskFreeRate: number;
  readonly volatility: number;
  /** Continuous dividend (or foreign-rate, for FX: Garman-Kohlhagen) yield; BSM only. Default 0. */
  readonly dividendYield?: number | undefined;
}

/**
 * Price and greeks, all per one unit of underlying:
 * delta ∂V/∂S, gamma ∂²V/∂S², vega ∂V/∂σ per 1.00 of volatility (divide by 100 for one vol point),
 * theta ∂V/∂t per year of calendar time passing (negative for a long option, typically),
 * rho ∂V/∂r per 1.00 of rate.
 */
export interface OptionValuation {
  readonly price: number;
  readonly delta: number;
  readonly gamma: number;
  readonly vega: number;
  readonly theta: number;
  readonly rho: number;
}

function validate(input: BlackScholesInput): void {
  const { underlying, strike, timeToExpiry, volatility, riskFreeRate } = input;
  if (
    !(underlying > 0) ||
    !(strike > 0) ||
    !Number.isFinite(underlying) ||
    !Number.isFinite(strike)
  ) {
    throw new InvalidInputError(
      `underlying and strike must be positive, got ${underlying} and ${strike}`,
    );
  }
  if (
    !(timeToExpiry > 0) ||
    !(volatility > 0) ||
    !Number.isFinite(timeToExpiry) ||
    !Number.isFinite(volatility)
  ) {
    throw new InvalidInputError(
      `timeToExpiry and volatility must be positive, got ${timeToExpiry} and ${volatility}`,
    );
  }
  if (!Number.isFinite(riskFreeRate) || !Number.isFinite(input.dividendYield ?? 0)) {
    throw new InvalidInputError('riskFreeRate and dividendYield must be finite');
  }
}

/**
 * Black-Scholes-Merton price and greeks with a continuous dividend yield q:
 * d1 = (ln(S/K) + (r − q + σ²/2)T)/(σ√T), d2 = d1 − σ√T,
 * call = S e^(−qT) N(d1) − K e^(−rT) N(d2), put = K e^(−rT) N(−d2) − S e^(−qT) N(−d1).
 * Source: Hull, "Options, Futures, and Other Derivatives", ch. 15, 17 and 19 (greeks);
 * Haug, "The Complete Guide to Option Pricing Formulas", 1.1.
 * @throws InvalidInputError for non-positive underlying, strike, time or volatility.
 */
export function blackScholesMerton(input: BlackScholesInput): OptionValuation {
  validate(input);
  const { type, underlying: s, strike: k, timeToExpiry: t, riskFreeRate: r, volatility: v } = input;
  const q = input.dividendYield ?? 0;
  const sqrtT = Math.sqrt(t);
  const d1 = (Math.log(s / k) + (r - q + (v * v) / 2) * t) / (v * sqrtT);
  const d2 = d1 - v * sqrtT;
  const dq = Math.exp(-q * t);
  const dr = Math.exp(-r * t);
  const pdf = normalPdf(d1);
  const gamma = (dq * pdf) / (s * v * sqrtT);
  const vega = s * dq * pdf * sqrtT;
  const decay = (-s * dq * pdf * v) / (2 * sqrtT);
  if (type === 'call') {
    const nd1 = normalCdf(d1);
    const nd2 = normalCdf(d2);
    return {
      price: s * dq * nd1 - k * dr * nd2,
      delta: dq * nd1,
      gamma,
      vega,
      theta: decay - r * k * dr * nd2 + q * s * dq * nd1,
      rho: k * t * dr * nd2,
    };
  }
  const nmd1 = normalCdf(-d1);
  const nmd2 = normalCdf(-d2);
  return {
    price: k * dr * nmd2 - s * dq * nmd1,
    delta: -dq * nmd1,
    gamma,
    vega,
    theta: decay + r * k * dr * nmd2 - q * s * dq * nmd1,
    rho: -k * t * dr * nmd2,
  };
}

/**
 * Black (1976) price and greeks of an option on a forward or futures price F (e.g. VİOP index
 * options priced off the future): call = e^(−rT)(F N(d1) − K N(d2)), d1 = (ln(F/K) + σ²T/2)/(σ√T).
 * Greeks are with respect to F; rho = −T·price (F held fixed). `dividendYield` is ignored.
 * Source: Black, "The pricing of commodity contracts", J. Financial Economics 3 (1976); Haug 1.1.2.
 * @throws InvalidInputError as `blackScholesMerton`.
 */
export function black76(input: BlackScholesInput): OptionValuation {
  const asBsm = blackScholesMerton({ ...input, dividendYield: input.riskFreeRate });
  return { ...asBsm, rho: -input.timeToExpiry * asBsm.price };
}

/** Which model prices an option. */
export type OptionModel = 'black-scholes-merton' | 'black-76';

/** Values an option with the named model. */
export function valueOption(model: OptionModel, input: BlackScholesInput): OptionValuation {
  return model === 'black-76' ? black76(input) : blackScholesMerton(input);
}

/**
 * The price function of one option in its underlying, `s ↦ valueOption(model, { ...terms,
 * underlying: s }).price` to the bit, with what does not depend on s (discount factors, σ√T, the
 * drift term of d1) computed once: a scenario revaluation prices the same option at hundreds of
 * underlying levels (decision 0141). No greeks.
 * @throws InvalidInputError as `blackScholesMerton` for the terms when made, and for the
 * underlying when called.
 */
export function optionPricer(
  model: OptionModel,
  terms: Omit<BlackScholesInput, 'underlying'>,
): (underlying: number) => number {
  const input = model === 'black-76' ? { ...terms, dividendYield: terms.riskFreeRate } : terms;
  validate({ ...input, underlying: 1 });
  const { type, strike: k, timeToExpiry: t, riskFreeRate: r, volatility: v } = input;
  const q = input.dividendYield ?? 0;
  const sqrtT = Math.sqrt(t);
  const drift = (r - q + (v * v) / 2) * t;
  const vSqrtT = v * sqrtT;
  const dq = Math.exp(-q * t);
  const kdr = k * Math.exp(-r * t);
  const call = type === 'call';
  return (s) => {
    if (!(s > 0) || !Number.isFinite(s))
      throw new InvalidInputError(`underlying and strike must be positive, got ${s} and ${k}`);
    const d1 = (Math.log(s / k) + drift) / vSqrtT;
    const d2 = d1 - vSqrtT;
    return call
      ? s * dq * normalCdf(d1) - kdr * normalCdf(d2)
      : kdr * normalCdf(-d2) - s * dq * normalCdf(-d1);
  };
}

/**
 * Implied volatility reproducing `price`: Newton on vega, falling back to bisection on
 * [1e-6, 10] whenever a step leaves the bracket or vega vanishes; tolerance 1e-12 in price.
 * @throws InvalidInputError when the price is outside the no-arbitrage bounds of the model
 * (below intrinsic value or above the upper bound), or inputs are invalid.
 */
export function impliedVolatility(
  model: OptionModel,
  input: Omit<BlackScholesInput, 'volatility'>,
  price: number,
): number {
  const at = (v: number): OptionValuation => valueOption(model, { ...input, volatility: v });
  let lo = 1e-6;
  let hi = 10;
  const low = at(lo).price;
  const high = at(hi).price;
  if (!(price >= low - 1e-12 && price <= high)) {
    throw new InvalidInputError(
      `option price ${price} is outside the attainable range [${low}, ${high}]`,
    );
  }
  let v = 0.3;
  for (let i = 0; i < 200; i += 1) {
    const { price: p, vega } = at(v);
    const diff = p - price;
    if (Math.abs(diff) < 1e-12 || hi - lo < 1e-15) return v;
    if (diff > 0) hi = v;
    else lo = v;
    let next = v - diff / vega;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    v = next;
  }
  return v;
}
