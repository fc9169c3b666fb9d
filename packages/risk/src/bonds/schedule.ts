import { InvalidInputError } from '../errors.ts';
import { addMonths, isEndOfMonth, type DayNumber } from '../dates/date.ts';
import {
  adjustBusinessDay,
  type BusinessCalendar,
  type BusinessDayConvention,
} from '../dates/calendar.ts';

/** One coupon period of a bond still to be paid after settlement. */
export interface CouponPeriod {
  /** Accrual start: the previous coupon date, or the issue date for a short first coupon. */
  readonly accrualStart: DayNumber;
  /** The regular (notional) period start, used as the ACT/ACT ISMA reference period. */
  readonly referenceStart: DayNumber;
  /** Coupon date (unadjusted): accrual runs to it. */
  readonly end: DayNumber;
  /** Payment date: `end` moved onto a business day of the calendar by the convention. */
  readonly payment: DayNumber;
}

export interface ScheduleInput {
  readonly settlement: DayNumber;
  readonly maturity: DayNumber;
  /** Coupons per year: 1, 2, 3, 4, 6 or 12. */
  readonly frequency: number;
  /** First accrual date; when it falls inside a regular period, that period is a short first coupon. */
  readonly issue?: DayNumber | undefined;
  /** Business-day calendar of the payment dates (e.g. the Turkish calendar); none: unadjusted. */
  readonly calendar?: BusinessCalendar | undefined;
  /** Default `following` (a DİBS coupon falling on a holiday is paid the next business day). */
  readonly businessDayConvention?: BusinessDayConvention | undefined;
}

/** Coupon frequencies whose period is a whole number of months. */
export const COUPON_FREQUENCIES = [1, 2, 3, 4, 6, 12] as const;

/**
 * Coupon periods ending after settlement, generated backward from maturity in steps of
 * 12/frequency months (end-of-month rule: a month-end maturity keeps coupons on month ends).
 * A period whose regular start precedes the issue date accrues from the issue date (irregular short
 * first coupon). Coupons accrue to the unadjusted dates (`end`); with a calendar, each payment
 * date (`payment`) is moved onto a business day by the convention (ISDA 2006 §4.12): `following`
 * (the default, Hazine's practice for DİBS: a coupon falling on a holiday is paid on the next
 * business day without extra interest), `modified-following` (next business day unless it falls in
 * the next month, then the preceding one) or `preceding`.
 * @throws InvalidInputError for an unsupported frequency, settlement on/after maturity, or
 * settlement before issue.
 */
export function couponPeriods(input: ScheduleInput): CouponPeriod[] {
  const { settlement, maturity, frequency, issue, calendar } = input;
  const convention = input.businessDayConvention ?? 'following';
  if (!(COUPON_FREQUENCIES as readonly number[]).includes(frequency)) {
    throw new InvalidInputError(
      `frequency must be one of ${COUPON_FREQUENCIES.join(', ')}, got ${frequency}`,
    );
  }
  if (settlement >= maturity) throw new InvalidInputError('settlement must be before maturity');
  if (issue !== undefined && (issue > settlement || issue >= maturity)) {
    throw new InvalidInputError('issue date must be on or before settlement and before maturity');
  }
  const step = 12 / frequency;
  const endOfMonth = isEndOfMonth(maturity);
  const ends: DayNumber[] = [maturity];
  let k = 1;
  let start = addMonths(maturity, -step, endOfMonth);
  while (start > settlement) {
    ends.push(start);
    k += 1;
    start = addMonths(maturity, -step * k, endOfMonth);
  }
  ends.reverse();
  const periods: CouponPeriod[] = [];
  let referenceStart = start;
  for (const end of ends) {
    const accrualStart = issue !== undefined && issue > referenceStart ? issue : referenceStart;
    const payment = calendar === undefined ? end : adjustBusinessDay(end, calendar, convention);
    periods.push({ accrualStart, referenceStart, end, payment });
    referenceStart = end;
  }
  return periods;
}
