import { InvalidInputError } from '../errors.ts';
import { type OptionModel, type OptionType, valueOption } from '../options/black-scholes.ts';
import { futuresExposure } from './futures.ts';

/**
 * A futures or options position to measure. Contracts are signed (short negative); the
 * underlying price is the underlying's level in TRY per unit (the index level, not the futures
 * price; the spot, not the option premium).
 */
export type DerivativeExposureInput =
  | {
      readonly kind: 'future';
      readonly contracts: number;
      readonly contractSize: number;
      readonly underlyingPrice: number;
    }
  | {
      readonly kind: 'option';
      readonly contracts: number;
      readonly contractSize: number;
      readonly underlyingPrice: number;
      readonly model: OptionModel;
      readonly optionType: OptionType;
      readonly strike: number;
      /** Years to expiry; zero or less = at or after expiry. */
      readonly timeToExpiry: number;
      readonly riskFreeRate: number;
      readonly volatility: number;
    };

export interface DerivativeExposure {
  /** Delta-1 notional: contracts × contract size × underlying price, TRY, signed by contracts. */
  readonly notionalTry: number;
  /** ∂V/∂S per unit of underlying: 1 for futures, the pricer's delta for options. */
  readonly delta: number;
  /** Delta-adjusted underlying exposure: notional × delta, TRY. */
  readonly exposureTry: number;
}

/**
 * The one exposure of a derivative (issue 23, decisions 0035 and 0051), used by concentration,
 * the Module 3 criteria, leverage's commitment approach, VaR and stress:
 * - futures: contracts × contract size × underlying level (SPK Rehber §7.5.2);
 * - options: the delta-adjusted underlying exposure, contracts × size × underlying × delta
 *   (Rehber §7.5.2), delta from `valueOption` (Black-Scholes-Merton, or Black-76 on a futures
 *   underlying). At or after expiry the delta is the payoff's: ±1 in the money, 0 otherwise.
 * The delta-1 notional is returned beside it.
 * @throws InvalidInputError for a non-finite count, a non-positive size or price, or option
 * inputs the pricer refuses.
 */
export function derivativeExposure(input: DerivativeExposureInput): DerivativeExposure {
  const notionalTry = futuresExposure({
    contracts: input.contracts,
    contractSize: input.contractSize,
    price: input.underlyingPrice,
  });
  if (input.kind === 'future') return { notionalTry, delta: 1, exposureTry: notionalTry };
  const delta = optionDelta(input);
  return { notionalTry, delta, exposureTry: notionalTry * delta };
}

function optionDelta(input: Extract<DerivativeExposureInput, { kind: 'option' }>): number {
  const { optionType, strike, underlyingPrice: s } = input;
  if (!(strike > 0) || !Number.isFinite(strike))
    throw new InvalidInputError(`strike must be positive, got ${strike}`);
  if (input.timeToExpiry <= 0) {
    if (optionType === 'call') return s > strike ? 1 : 0;
    return s < strike ? -1 : 0;
  }
  return valueOption(input.model, {
    type: optionType,
    underlying: s,
    strike,
    timeToExpiry: input.timeToExpiry,
    riskFreeRate: input.riskFreeRate,
    volatility: input.volatility,
  }).delta;
}
