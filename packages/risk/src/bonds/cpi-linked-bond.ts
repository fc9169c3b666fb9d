import { InvalidInputError } from '../errors.ts';
import { addMonths, daysInMonth, formatIsoDate, parseIsoDate, toYmd } from '../dates/date.ts';
import {
  fixedBondFromCleanPrice,
  fixedBondFromYield,
  type BondAnalytics,
  type BondCashflow,
  type FixedBondSpec,
} from './fixed-bond.ts';

/** A CPI-linked bond (TÜFE'ye endeksli tahvil): `coupon` is the real coupon on indexed principal. */
export interface CpiLinkedBondSpec extends FixedBondSpec {
  /** Reference index at settlement ÷ reference index at issue (endeks katsayısı), > 0. */
  readonly indexRatio: number;
}

/** Real analytics (prices per 100 real face, yield = real yield) plus their nominal equivalents. */
export interface CpiLinkedBondAnalytics extends BondAnalytics {
  readonly indexRatio: number;
  /** Real price × index ratio: the TRY amount settled per 100 face. */
  readonly nominalCleanPrice: number;
  readonly nominalDirtyPrice: number;
  readonly nominalAccruedInterest: number;
  /** Real flows × index ratio: nominal flows if the index stayed at today's level. */
  readonly indexedCashflows: BondCashflow[];
}

function withIndexRatio(real: BondAnalytics, indexRatio: number): CpiLinkedBondAnalytics {
  return {
    ...real,
    indexRatio,
    nominalCleanPrice: real.cleanPrice * indexRatio,
    nominalDirtyPrice: real.dirtyPrice * indexRatio,
    nominalAccruedInterest: real.accruedInterest * indexRatio,
    indexedCashflows: real.cashflows.map((c) => ({ ...c, amount: c.amount * indexRatio })),
  };
}

function assertRatio(indexRatio: number): void {
  if (!(indexRatio > 0) || !Number.isFinite(indexRatio)) {
    throw new InvalidInputError(`indexRatio must be positive, got ${indexRatio}`);
  }
}

/**
 * Analytics of a CPI-linked bond from its real yield: real flows (real coupon and 100 real
 * principal) are discounted at the real yield exactly like a fixed bond; nominal price = real price
 * × index ratio (the Turkish Treasury settles TÜFE'ye endeksli DİBS as real price × endeks katsayısı).
 * Durations and DV01 are real-yield sensitivities.
 * @throws InvalidInputError for invalid inputs or a non-positive index ratio.
 */
export function cpiLinkedBondFromRealYield(
  spec: CpiLinkedBondSpec,
  realYield: number,
): CpiLinkedBondAnalytics {
  assertRatio(spec.indexRatio);
  return withIndexRatio(fixedBondFromYield(spec, realYield), spec.indexRatio);
}

/**
 * Real yield and analytics of a CPI-linked bond from its real clean price per 100 face.
 * @throws InvalidInputError as `cpiLinkedBondFromRealYield`, or when no yield gives the price.
 */
export function cpiLinkedBondFromRealCleanPrice(
  spec: CpiLinkedBondSpec,
  realCleanPrice: number,
): CpiLinkedBondAnalytics {
  assertRatio(spec.indexRatio);
  return withIndexRatio(fixedBondFromCleanPrice(spec, realCleanPrice), spec.indexRatio);
}

/**
 * Daily reference index by linear interpolation between monthly CPI values with a lag:
 * RI(d) = CPI(m − lag) + (day − 1)/days(m) × (CPI(m − lag + 1) − CPI(m − lag)), m = month of d.
 * This is the Canadian-model formula used for TIPS and, with its own lag, for TÜFE'ye endeksli DİBS;
 * the lag is a parameter because it is a convention of each issue (default 3 months, as TIPS).
 * `monthlyIndex` keys are `YYYY-MM`.
 * @throws InvalidInputError when a needed month is missing.
 */
export function referenceIndex(
  date: string,
  monthlyIndex: Readonly<Record<string, number>>,
  lagMonths = 3,
): number {
  const day = parseIsoDate(date);
  const { year, month, day: dom } = toYmd(day);
  const monthKey = (offset: number): string => formatIsoDate(addMonths(day, offset)).slice(0, 7);
  const value = (key: string): number => {
    const v = monthlyIndex[key];
    if (v === undefined) throw new InvalidInputError(`CPI value for ${key} is missing`);
    return v;
  };
  const lower = value(monthKey(-lagMonths));
  const upper = value(monthKey(1 - lagMonths));
  return lower + ((dom - 1) / daysInMonth(year, month)) * (upper - lower);
}
