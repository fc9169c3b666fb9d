import { InvalidInputError } from '../errors.ts';
import { formatIsoDate, parseIsoDate, type DayNumber } from '../dates/date.ts';
import { yearFraction, type DayCount } from '../dates/day-count.ts';
import type { BusinessCalendar, BusinessDayConvention } from '../dates/calendar.ts';
import { couponPeriods, type CouponPeriod } from './schedule.ts';
import { solveYield, yieldSensitivities, type TimedCashflow } from './discounting.ts';

/**
 * Yield conventions:
 * - `isma`: compounding at the coupon frequency, fractional first period
 *   (dirty = Σ CF_k / (1 + y/f)^(w + k), w = remaining fraction of the current regular period
 *   under the day count). ICMA Rule 251 / Fabozzi ch. 2.
 * - `tr-treasury`: annual compounding on ACT/365 days, as in the T.C. Hazine ve Maliye Bakanlığı
 *   price–yield formula for DİBS (dirty = Σ CF_i / (1 + y)^(days_i/365)); see
 *   docs/decisions/0004-pricing-and-regulatory-conventions.md.
 */
export type YieldConvention = 'isma' | 'tr-treasury';

/** A fixed-coupon (or, with coupon 0, zero-coupon) bullet bond. */
export interface FixedBondSpec {
  /** ISO dates. */
  readonly settlement: string;
  readonly maturity: string;
  readonly issue?: string | undefined;
  /** Annual coupon rate as a fraction (0.25 = 25 %); 0 for a zero-coupon bond. */
  readonly coupon: number;
  /** Coupons per year (1, 2, 3, 4, 6, 12); sets the schedule and the `isma` compounding. */
  readonly frequency: number;
  readonly dayCount: DayCount;
  /** Redemption amount of one bond; cash flows are scaled to it, prices stay per 100 face. Default 100. */
  readonly face?: number | undefined;
  /** Default `isma`. */
  readonly convention?: YieldConvention | undefined;
  /** Calendar of the payment dates (coupons on holidays are paid on the adjusted date). */
  readonly calendar?: BusinessCalendar | undefined;
  /** Payment-date adjustment; default `following` (see couponPeriods). */
  readonly businessDayConvention?: BusinessDayConvention | undefined;
}

export interface BondCashflow {
  readonly date: string;
  /** Amount for the bond's face (coupon, plus redemption on the last date). */
  readonly amount: number;
  /**
   * Time of the flow in years under the yield convention, the one the price discounts it at:
   * `isma` (w + k)/f on the unadjusted schedule, `tr-treasury` actual days to the payment date/365.
   * amount × (1 + y/m)^(−m × time) summed over the flows is the dirty price (per face).
   */
  readonly time: number;
}

/** Full-revaluation analytics; prices, accrued and DV01 per 100 face, durations in years. */
export interface BondAnalytics {
  readonly cleanPrice: number;
  readonly dirtyPrice: number;
  readonly accruedInterest: number;
  /** Yield as a fraction under the bond's convention. */
  readonly yield: number;
  readonly macaulayDuration: number;
  readonly modifiedDuration: number;
  /** (d²P/dy²)/P in years², not halved. */
  readonly convexity: number;
  /** Dirty-price change per 100 face for a 1 bp fall in yield (positive). */
  readonly dv01: number;
  readonly cashflows: BondCashflow[];
}

/** A bond's remaining flows per 100 face, with their timing under the yield convention. */
export interface PreparedBond {
  readonly settlement: DayNumber;
  readonly periods: readonly CouponPeriod[];
  /** Flows per 100 face with payment day. */
  readonly flows: readonly { readonly day: DayNumber; readonly amount: number }[];
  readonly timed: readonly TimedCashflow[];
  /** Compounding periods per year of the yield (frequency for `isma`, 1 for `tr-treasury`). */
  readonly compounding: number;
  readonly accruedInterest: number;
  readonly face: number;
}

function validateSpec(spec: FixedBondSpec): void {
  if (!Number.isFinite(spec.coupon) || spec.coupon < 0) {
    throw new InvalidInputError(`coupon must be a non-negative fraction, got ${spec.coupon}`);
  }
  const face = spec.face ?? 100;
  if (!(face > 0) || !Number.isFinite(face))
    throw new InvalidInputError(`face must be positive, got ${face}`);
}

/**
 * Time of each flow in years for the convention: `isma` (w + k)/f with
 * w = DCF(settlement, next)/DCF(reference start, next); `tr-treasury` actual days/365.
 */
export function flowTimes(
  settlement: DayNumber,
  periods: readonly CouponPeriod[],
  flows: readonly { readonly day: DayNumber; readonly amount: number }[],
  frequency: number,
  dayCount: DayCount,
  convention: YieldConvention,
): TimedCashflow[] {
  if (convention === 'tr-treasury') {
    return flows.map((f) => ({ time: (f.day - settlement) / 365, amount: f.amount }));
  }
  const first = periods[0]!;
  const reference = { start: first.referenceStart, end: first.end, frequency };
  const w =
    yearFraction(dayCount, settlement, first.end, reference) /
    yearFraction(dayCount, first.referenceStart, first.end, reference);
  return flows.map((f, k) => ({ time: (w + k) / frequency, amount: f.amount }));
}

/**
 * Schedule, per-100 flows, accrued interest and flow timing of a fixed-coupon bond.
 * Regular coupons pay coupon/frequency × 100; a short first coupon pays
 * coupon × DCF(issue, first coupon date) × 100 (for ACT/ACT ISMA measured against the notional
 * regular period). Accrued = coupon × DCF(accrual start, settlement) × 100.
 * @throws InvalidInputError for invalid dates, frequency, coupon or face.
 */
export function prepareFixedBond(spec: FixedBondSpec): PreparedBond {
  validateSpec(spec);
  const settlement = parseIsoDate(spec.settlement);
  const periods = couponPeriods({
    settlement,
    maturity: parseIsoDate(spec.maturity),
    frequency: spec.frequency,
    issue: spec.issue === undefined ? undefined : parseIsoDate(spec.issue),
    calendar: spec.calendar,
    businessDayConvention: spec.businessDayConvention,
  });
  const { coupon, frequency, dayCount } = spec;
  const convention = spec.convention ?? 'isma';
  const flows = periods.map((p, i) => {
    const reference = { start: p.referenceStart, end: p.end, frequency };
    const regular = p.accrualStart === p.referenceStart;
    const couponAmount = regular
      ? (100 * coupon) / frequency
      : 100 * coupon * yearFraction(dayCount, p.accrualStart, p.end, reference);
    return { day: p.payment, amount: couponAmount + (i === periods.length - 1 ? 100 : 0) };
  });
  const first = periods[0]!;
  const accruedInterest =
    100 *
    coupon *
    yearFraction(dayCount, first.accrualStart, settlement, {
      start: first.referenceStart,
      end: first.end,
      frequency,
    });
  return {
    settlement,
    periods,
    flows,
    timed: flowTimes(settlement, periods, flows, frequency, dayCount, convention),
    compounding: convention === 'isma' ? frequency : 1,
    accruedInterest,
    face: spec.face ?? 100,
  };
}

/** Analytics of a prepared bond at a yield (shared by fixed, CPI-linked and floating notes). */
export function analyticsAtYield(bond: PreparedBond, y: number): BondAnalytics {
  const s = yieldSensitivities(bond.timed, y, bond.compounding);
  return {
    cleanPrice: s.presentValue - bond.accruedInterest,
    dirtyPrice: s.presentValue,
    accruedInterest: bond.accruedInterest,
    yield: y,
    macaulayDuration: s.macaulayDuration,
    modifiedDuration: s.modifiedDuration,
    convexity: s.convexity,
    dv01: s.dv01,
    cashflows: bond.flows.map((f, i) => ({
      date: formatIsoDate(f.day),
      amount: (f.amount * bond.face) / 100,
      time: bond.timed[i]!.time,
    })),
  };
}

/**
 * Full analytics of a fixed-coupon or zero-coupon bond from its yield (fraction).
 * @throws InvalidInputError for invalid inputs or a yield with 1 + y/m ≤ 0.
 */
export function fixedBondFromYield(spec: FixedBondSpec, y: number): BondAnalytics {
  return analyticsAtYield(prepareFixedBond(spec), y);
}

/**
 * Full analytics of a fixed-coupon or zero-coupon bond from its clean price per 100 face; the
 * yield is solved by Newton's method with bisection fallback (see `solveYield`).
 * @throws InvalidInputError for invalid inputs or a price no yield reproduces.
 */
export function fixedBondFromCleanPrice(spec: FixedBondSpec, cleanPrice: number): BondAnalytics {
  const bond = prepareFixedBond(spec);
  return analyticsAtYield(bond, yieldAtCleanPrice(bond, spec.coupon, cleanPrice));
}

/**
 * The yield (fraction) of a prepared bond of annual `coupon` (fraction) at a clean price per 100
 * face: the yield of `fixedBondFromCleanPrice`, without its analytics (a scenario's repricing
 * needs the yield only; the analytics format every flow's date).
 * @throws InvalidInputError for a price no yield reproduces (see `solveYield`).
 */
export function yieldAtCleanPrice(bond: PreparedBond, coupon: number, cleanPrice: number): number {
  return solveYield(
    bond.timed,
    cleanPrice + bond.accruedInterest,
    bond.compounding,
    coupon > 0 ? coupon : 0.05,
  );
}
