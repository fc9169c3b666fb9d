import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';
import { fixedBondFromYield, type FixedBondSpec } from '../bonds/fixed-bond.ts';
import { valueOption, type BlackScholesInput, type OptionModel } from '../options/black-scholes.ts';

/** Market factor a position's price depends on (besides its currency). */
export type PriceFactor = 'equity' | 'gold' | 'none';

/**
 * A holding to revalue. Values are in the position's currency; `fxRates` convert to TRY.
 * Bonds and options are fully repriced; linear positions move with their factor.
 */
export type StressPosition =
  | {
      readonly kind: 'linear';
      readonly id: string;
      readonly assetClass: string;
      readonly currency: string;
      readonly value: number;
      readonly factor: PriceFactor;
      /** Sensitivity to the factor; default 1. */ readonly beta?: number | undefined;
    }
  | {
      readonly kind: 'bond';
      readonly id: string;
      readonly assetClass: string;
      readonly currency: string;
      /** Face amount held. */ readonly face: number;
      readonly bond: FixedBondSpec;
      readonly yield: number;
      /** Whether credit spread shocks apply (non-sovereign issuers). */ readonly creditSensitive: boolean;
    }
  | {
      readonly kind: 'option';
      readonly id: string;
      readonly assetClass: string;
      readonly currency: string;
      /** Signed units of underlying (contracts × size). */ readonly quantity: number;
      readonly model: OptionModel;
      readonly option: BlackScholesInput;
      /** What moves the underlying: a factor, or a currency's rate vs TRY (FX options). */ readonly underlyingFactor:
        PriceFactor | { readonly currency: string };
    };

/** Factor shocks. Returns as fractions (−0.2 = −20 %); rates in basis points; volatility in points. */
export interface StressShock {
  readonly equity?: number | undefined;
  readonly gold?: number | undefined;
  /** Change of each currency's TRY rate, e.g. { USD: 0.3 } = USD/TRY +30 %. */
  readonly fx?: Readonly<Record<string, number>> | undefined;
  readonly curve?: CurveShock | undefined;
  /** Added to the yields of credit-sensitive bonds. */
  readonly creditSpreadBp?: number | undefined;
  /** Added to every option's implied volatility, in volatility points (5 = +0.05). */
  readonly volatilityPoints?: number | undefined;
}

/**
 * Yield curve move: parallel shift plus a twist interpolated linearly in maturity between
 * `shortEndBp` (at and below `shortTenorYears`, default 1) and `longEndBp` (at and above
 * `longTenorYears`, default 10).
 */
export interface CurveShock {
  readonly parallelBp?: number | undefined;
  readonly shortEndBp?: number | undefined;
  readonly longEndBp?: number | undefined;
  readonly shortTenorYears?: number | undefined;
  readonly longTenorYears?: number | undefined;
}

export interface PositionStress {
  readonly id: string;
  readonly assetClass: string;
  readonly baseValueTry: number;
  readonly stressedValueTry: number;
  readonly pnlTry: number;
  /** pnlTry / NAV. */
  readonly pnlShareOfNav: number;
}

export interface StressResult {
  readonly positions: PositionStress[];
  readonly byAssetClass: {
    readonly assetClass: string;
    readonly pnlTry: number;
    readonly pnlShareOfNav: number;
  }[];
  readonly totalPnlTry: number;
  readonly totalPnlShareOfNav: number;
}

/** Curve shift in bp at a maturity in years (parallel + interpolated twist). */
export function curveShiftBp(curve: CurveShock | undefined, years: number): number {
  if (curve === undefined) return 0;
  const short = curve.shortEndBp ?? 0;
  const long = curve.longEndBp ?? 0;
  const t1 = curve.shortTenorYears ?? 1;
  const t2 = curve.longTenorYears ?? 10;
  if (!(t2 > t1))
    throw new InvalidInputError(`longTenorYears must exceed shortTenorYears, got ${t1} and ${t2}`);
  const share = Math.min(1, Math.max(0, (years - t1) / (t2 - t1)));
  return (curve.parallelBp ?? 0) + short + (long - short) * share;
}

function rate(fxRates: Readonly<Record<string, number>>, currency: string): number {
  if (currency === 'TRY') return 1;
  const r = fxRates[currency];
  if (r === undefined || !(r > 0))
    throw new InvalidInputError(`no positive TRY rate for currency ${currency}`);
  return r;
}

function factorMove(shock: StressShock, factor: PriceFactor): number {
  return factor === 'equity' ? (shock.equity ?? 0) : factor === 'gold' ? (shock.gold ?? 0) : 0;
}

function localValue(p: StressPosition, shock: StressShock): number {
  switch (p.kind) {
    case 'linear':
      return p.value * (1 + (p.beta ?? 1) * factorMove(shock, p.factor));
    case 'bond': {
      const years = (parseIsoDate(p.bond.maturity) - parseIsoDate(p.bond.settlement)) / 365;
      const bp =
        curveShiftBp(shock.curve, years) + (p.creditSensitive ? (shock.creditSpreadBp ?? 0) : 0);
      return (p.face * fixedBondFromYield(p.bond, p.yield + bp / 10_000).dirtyPrice) / 100;
    }
    case 'option': {
      const move =
        typeof p.underlyingFactor === 'string'
          ? factorMove(shock, p.underlyingFactor)
          : (shock.fx?.[p.underlyingFactor.currency] ?? 0);
      const volatility = Math.max(1e-6, p.option.volatility + (shock.volatilityPoints ?? 0) / 100);
      return (
        p.quantity *
        valueOption(p.model, {
          ...p.option,
          underlying: p.option.underlying * (1 + move),
          volatility,
        }).price
      );
    }
  }
}

/**
 * Full-revaluation stress test: every position is valued in TRY before and after the shock —
 * linear positions scale with (1 + β·factor move), bonds are repriced at their yield plus the curve
 * shift at their maturity plus (if credit-sensitive) the spread shock, options are repriced with the
 * shocked underlying and implied volatility — and converted at TRY rates moved by the FX shocks.
 * P&L per position, per asset class and in total, in TRY and as a share of NAV.
 * @throws InvalidInputError for a non-positive NAV, a missing FX rate or invalid instruments.
 */
export function stressTest(
  positions: readonly StressPosition[],
  shock: StressShock,
  market: { readonly nav: number; readonly fxRates: Readonly<Record<string, number>> },
): StressResult {
  if (!(market.nav > 0)) throw new InvalidInputError(`nav must be positive, got ${market.nav}`);
  const none: StressShock = {};
  const results = positions.map((p): PositionStress => {
    const fx = rate(market.fxRates, p.currency);
    const baseValueTry = localValue(p, none) * fx;
    const stressedValueTry = localValue(p, shock) * fx * (1 + (shock.fx?.[p.currency] ?? 0));
    const pnlTry = stressedValueTry - baseValueTry;
    return {
      id: p.id,
      assetClass: p.assetClass,
      baseValueTry,
      stressedValueTry,
      pnlTry,
      pnlShareOfNav: pnlTry / market.nav,
    };
  });
  const classes = new Map<string, number>();
  for (const r of results) classes.set(r.assetClass, (classes.get(r.assetClass) ?? 0) + r.pnlTry);
  const totalPnlTry = results.reduce((s, r) => s + r.pnlTry, 0);
  return {
    positions: results,
    byAssetClass: [...classes.entries()].map(([assetClass, pnlTry]) => ({
      assetClass,
      pnlTry,
      pnlShareOfNav: pnlTry / market.nav,
    })),
    totalPnlTry,
    totalPnlShareOfNav: totalPnlTry / market.nav,
  };
}

/** Daily factor history for historical scenarios: levels (index, gold price, TRY rates) and yields. */
export interface FactorHistory {
  readonly dates: readonly string[];
  readonly equity?: readonly number[] | undefined;
  readonly gold?: readonly number[] | undefined;
  readonly fx?: Readonly<Record<string, readonly number[]>> | undefined;
  /** Short- and long-end yields as fractions, and a credit spread as a fraction. */
  readonly shortYield?: readonly number[] | undefined;
  readonly longYield?: readonly number[] | undefined;
  readonly creditSpread?: readonly number[] | undefined;
}

/**
 * A historical scenario: the cumulative factor moves between two dates of the history, to be applied
 * to today's positions with `stressTest` — level factors as end/start − 1, yields and spread as the
 * change in basis points (short end / long end of the curve).
 * @throws InvalidInputError when a date is not in the history or the window is reversed.
 */
export function historicalShock(history: FactorHistory, start: string, end: string): StressShock {
  const i = history.dates.indexOf(start);
  const j = history.dates.indexOf(end);
  if (i < 0 || j < 0 || j <= i)
    throw new InvalidInputError(
      `window ${start}..${end} must be two increasing dates of the history`,
    );
  const level = (s: readonly number[] | undefined): number | undefined =>
    s === undefined ? undefined : s[j]! / s[i]! - 1;
  const bp = (s: readonly number[] | undefined): number | undefined =>
    s === undefined ? undefined : (s[j]! - s[i]!) * 10_000;
  const fx =
    history.fx === undefined
      ? undefined
      : Object.fromEntries(Object.entries(history.fx).map(([c, s]) => [c, level(s)!]));
  return {
    equity: level(history.equity),
    gold: level(history.gold),
    fx,
    curve: { shortEndBp: bp(history.shortYield), longEndBp: bp(history.longYield) },
    creditSpreadBp: bp(history.creditSpread),
  };
}
