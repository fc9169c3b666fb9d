import { InvalidInputError } from '../errors.ts';
import { yearFraction } from '../dates/day-count.ts';
import { solveYield, yieldSensitivities } from './discounting.ts';
import {
  analyticsAtYield,
  flowTimes,
  prepareFixedBond,
  type BondAnalytics,
  type FixedBondSpec,
  type PreparedBond,
} from './fixed-bond.ts';

/**
 * How coupons after the current one are treated:
 * - `next-reset`: the note is priced to its next reset, where it is assumed to be worth par
 *   (redemption of 100 plus the known current coupon on the next coupon date). Exact when the
 *   quoted margin equals the discount margin; the usual money-market simplification.
 * - `flat-index`: every later coupon is projected at `indexRate + quotedMargin` (a flat forward
 *   index assumption, e.g. a TLREF projection) and the full schedule is discounted.
 */
export type FloatingProjection =
  | { readonly method: 'next-reset' }
  | { readonly method: 'flat-index'; readonly indexRate: number; readonly quotedMargin: number };

/** A floating-rate note (e.g. a TLREF-linked DİBS); `coupon` is ignored in favour of `currentCoupon`. */
export interface FloatingRateNoteSpec extends Omit<FixedBondSpec, 'coupon'> {
  /** Annual rate fixed for the current coupon period (last index fixing + quoted margin), a fraction. */
  readonly currentCoupon: number;
  readonly projection: FloatingProjection;
}

/**
 * Analytics of a floating-rate note. The rate figures (`macaulayDuration`, `modifiedDuration`,
 * `convexity`, `dv01`) measure a move of the reference index and the discount rate together: the
 * coupons after the next reset re-fix with the index, so the note is a flow of its value at the
 * next reset, paid at `resetTime`. Macaulay = resetTime, modified = resetTime / (1 + y/m),
 * convexity = resetTime (resetTime + 1/m) / (1 + y/m)², DV01 = modified × dirty × 1 bp. The
 * spread figures hold the projected coupons and move the discount margin alone: the duration of
 * the full projected schedule. Source: Fabozzi, "Bond Markets, Analysis and Strategies", ch. 4
 * (duration of a floater: the time to the next reset; spread duration).
 */
export interface FloatingRateNoteAnalytics extends BondAnalytics {
  /** Modified duration to a move of the discount margin (projected coupons held), years. */
  readonly spreadDuration: number;
  /** (d²P/dm²)/P for the discount margin m, years², not halved. */
  readonly spreadConvexity: number;
  /** Dirty-price change per 100 face for a 1 bp fall of the discount margin. */
  readonly spreadDv01: number;
  /** The next reset (the current period's payment date), ISO. */
  readonly nextResetDate: string;
  /** Its time in years under the yield convention (the time the price discounts it at). */
  readonly resetTime: number;
  /** Compounding periods a year of the yield (frequency for `isma`, 1 for `tr-treasury`). */
  readonly compounding: number;
}

/**
 * The dirty price (per 100) after the index and the discount rate both move by `dy` (fraction):
 * the note's value at the next reset is kept and discounted at the moved yield,
 * dirty × ((1 + y/m) / (1 + (y + dy)/m))^(m × resetTime). The full revaluation that
 * `modifiedDuration` and `convexity` of `FloatingRateNoteAnalytics` approximate.
 * @throws InvalidInputError when 1 + (y + dy)/m ≤ 0.
 */
export function floatingRateNoteAfterRateMove(
  note: Pick<FloatingRateNoteAnalytics, 'dirtyPrice' | 'yield' | 'resetTime' | 'compounding'>,
  dy: number,
): number {
  const m = note.compounding;
  const moved = 1 + (note.yield + dy) / m;
  if (!(moved > 0) || !Number.isFinite(moved))
    throw new InvalidInputError(`yield must stay above ${-m}, got ${note.yield + dy}`);
  return note.dirtyPrice * ((1 + note.yield / m) / moved) ** (m * note.resetTime);
}

function floatingAnalytics(note: PreparedBond, y: number): FloatingRateNoteAnalytics {
  const spread = analyticsAtYield(note, y);
  const m = note.compounding;
  const resetTime = note.timed[0]!.time;
  const rate = yieldSensitivities(
    [{ time: resetTime, amount: spread.dirtyPrice * (1 + y / m) ** (m * resetTime) }],
    y,
    m,
  );
  return {
    ...spread,
    macaulayDuration: rate.macaulayDuration,
    modifiedDuration: rate.modifiedDuration,
    convexity: rate.convexity,
    dv01: rate.dv01,
    spreadDuration: spread.modifiedDuration,
    spreadConvexity: spread.convexity,
    spreadDv01: spread.dv01,
    nextResetDate: spread.cashflows[0]!.date,
    resetTime,
    compounding: m,
  };
}

function prepareFloatingRateNote(spec: FloatingRateNoteSpec): PreparedBond {
  const base = prepareFixedBond({ ...spec, coupon: spec.currentCoupon });
  const { frequency, dayCount, projection } = spec;
  const convention = spec.convention ?? 'isma';
  const periods = projection.method === 'next-reset' ? base.periods.slice(0, 1) : base.periods;
  const projectedRate =
    projection.method === 'flat-index' ? projection.indexRate + projection.quotedMargin : 0;
  const flows = periods.map((p, i) => {
    const rate = i === 0 ? spec.currentCoupon : projectedRate;
    const fraction = yearFraction(dayCount, p.accrualStart, p.end, {
      start: p.referenceStart,
      end: p.end,
      frequency,
    });
    return { day: p.payment, amount: 100 * rate * fraction + (i === periods.length - 1 ? 100 : 0) };
  });
  if (flows.some((f) => !(f.amount >= 0))) {
    throw new InvalidInputError('projected floating coupons must not be negative');
  }
  return {
    ...base,
    periods,
    flows,
    timed: flowTimes(base.settlement, periods, flows, frequency, dayCount, convention),
  };
}

/**
 * Analytics of a floating-rate note discounted at yield `y` (the discount index plus the discount
 * margin, under the bond's yield convention). Coupons accrue as rate × DCF(period start, end);
 * accrued interest uses the current coupon. Durations, convexity and DV01 are the rate figures
 * (to the next reset), the spread figures beside them (see `FloatingRateNoteAnalytics`).
 * Source: Fabozzi, "Bond Markets, Analysis and Strategies", ch. 3 (floating-rate securities,
 * discount margin).
 * @throws InvalidInputError for invalid dates or rates, or negative projected coupons.
 */
export function floatingRateNoteFromYield(
  spec: FloatingRateNoteSpec,
  y: number,
): FloatingRateNoteAnalytics {
  return floatingAnalytics(prepareFloatingRateNote(spec), y);
}

/**
 * Solves the discount yield of a floating-rate note from its clean price per 100 face; the
 * discount margin is the returned yield minus the discount index.
 * @throws InvalidInputError as `floatingRateNoteFromYield`, or when no yield gives the price.
 */
export function floatingRateNoteFromCleanPrice(
  spec: FloatingRateNoteSpec,
  cleanPrice: number,
): FloatingRateNoteAnalytics {
  const note = prepareFloatingRateNote(spec);
  return floatingAnalytics(
    note,
    solveYield(note.timed, cleanPrice + note.accruedInterest, note.compounding, spec.currentCoupon),
  );
}
