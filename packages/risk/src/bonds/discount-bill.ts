import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';
import type { BondAnalytics } from './fixed-bond.ts';

/**
 * The yield basis of a discount bill (decision 0057): `compound` discounts the redemption at
 * (1 + y)^(days/365) (the Hazine formula, the pricer's default); `simple` at 1 + y × days/365
 * (money-market practice for bills and bank bonds).
 */
export type DiscountYieldBasis = 'compound' | 'simple';

function years(settlement: string, maturity: string): number {
  const days = parseIsoDate(maturity) - parseIsoDate(settlement);
  if (!(days > 0)) throw new InvalidInputError('settlement must be before maturity');
  return days / 365;
}

/**
 * A discount bill on simple yield: price = 100 / (1 + y·t), t = actual days / 365. Derivatives of
 * P(y): P' = −t·P/(1 + y·t), P'' = 2t²·P/(1 + y·t)², so modified duration t/(1 + y·t), convexity
 * 2t²/(1 + y·t)², Macaulay t, DV01 = modified × price × 1 bp. No accrued interest.
 * E.g. 249 days at 35 %: 100 / (1 + 0,35 × 249/365) = 80,7254.
 * @throws InvalidInputError when maturity is not after settlement or 1 + y·t ≤ 0.
 */
export function simpleDiscountBillFromYield(
  settlement: string,
  maturity: string,
  y: number,
): BondAnalytics {
  const t = years(settlement, maturity);
  const base = 1 + y * t;
  if (!(base > 0) || !Number.isFinite(base))
    throw new InvalidInputError(`yield must keep 1 + y·t positive, got ${y}`);
  const price = 100 / base;
  const modified = t / base;
  return {
    cleanPrice: price,
    dirtyPrice: price,
    accruedInterest: 0,
    yield: y,
    macaulayDuration: t,
    modifiedDuration: modified,
    convexity: (2 * t * t) / (base * base),
    dv01: (modified * price) / 10_000,
    cashflows: [{ date: maturity, amount: 100, time: t }],
  };
}

/**
 * The simple yield of a discount bill from its price per 100: y = (100/P − 1) / t.
 * @throws InvalidInputError when the price is not positive or maturity is not after settlement.
 */
export function simpleDiscountBillFromPrice(
  settlement: string,
  maturity: string,
  price: number,
): BondAnalytics {
  if (!(price > 0)) throw new InvalidInputError(`price must be positive, got ${price}`);
  return simpleDiscountBillFromYield(
    settlement,
    maturity,
    (100 / price - 1) / years(settlement, maturity),
  );
}
