import { InvalidInputError } from '../errors.ts';
import { yearFraction } from '../dates/day-count.ts';
import { solveYield } from './discounting.ts';
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
 * Full-revaluation analytics of a floating-rate note discounted at yield `y` (the discount index
 * plus the discount margin, under the bond's yield convention). Coupons accrue as
 * rate × DCF(period start, end); accrued interest uses the current coupon. Under `next-reset`
 * the durations measure sensitivity to the current period only (≈ time to reset).
 * Source: Fabozzi, "Bond Markets, Analysis and Strategies", ch. 3 (floating-rate securities,
 * discount margin).
 * @throws InvalidInputError for invalid dates or rates, or negative projected coupons.
 */
export function floatingRateNoteFromYield(spec: FloatingRateNoteSpec, y: number): BondAnalytics {
  return analyticsAtYield(prepareFloatingRateNote(spec), y);
}

/**
 * Solves the discount yield of a floating-rate note from its clean price per 100 face; the
 * discount margin is the returned yield minus the discount index.
 * @throws InvalidInputError as `floatingRateNoteFromYield`, or when no yield gives the price.
 */
export function floatingRateNoteFromCleanPrice(
  spec: FloatingRateNoteSpec,
  cleanPrice: number,
): BondAnalytics {
  const note = prepareFloatingRateNote(spec);
  return analyticsAtYield(
    note,
    solveYield(note.timed, cleanPrice + note.accruedInterest, note.compounding, spec.currentCoupon),
  );
}
