// Total return of a held position between two holdings dates: the change of its value per unit
// plus the income it paid (coupons, redemptions, dividends) and, for money-market lines valued
// at nominal, the interest accrued from their rate and days (docs/decisions/0052-income-floaters-and-conventions.md).
import { InvalidInputError } from '../errors.ts';
import { formatIsoDate, parseIsoDate } from '../dates/date.ts';
import { yearFraction, type DayCount } from '../dates/day-count.ts';
import { couponPeriods, type CouponPeriod } from '../bonds/schedule.ts';

/** Something that happened to one unit of a position on a date inside a holdings period. */
export interface UnitEvent {
  /** ISO date: the ex-date of the income (a bond's coupon date, a share's dividend ex-date). */
  readonly date: string;
  /** Cash paid per unit held on the date (coupon, redemption, dividend), in TRY. */
  readonly incomePerUnit?: number | undefined;
  /** Units held after the event per unit before (split 1:2 → 2; 50 % bonus issue → 1.5). */
  readonly unitFactor?: number | undefined;
}

/**
 * Total return of one unit held from the start to the end of a period: the units one start
 * unit has become (splits, bonus issues) valued at the end value per unit, plus the income those
 * units received on the events' dates, over the start value per unit:
 *   r = (u_end × endValuePerUnit + Σ_j u_j × incomePerUnit_j) / startValuePerUnit − 1,
 * u_j = Π of the unit factors of the events before event j (an event's income is paid on the
 * units held before its own factor applies). Income is not reinvested within the period.
 * A position redeemed in the period has endValuePerUnit 0 and its redemption as income.
 * @throws InvalidInputError for a start value per unit that is not positive and finite, a
 * non-finite end value, events out of date order or a unit factor that is not positive.
 */
export function unitTotalReturn(
  startValuePerUnit: number,
  endValuePerUnit: number,
  events: readonly UnitEvent[] = [],
): number {
  if (!(startValuePerUnit > 0) || !Number.isFinite(startValuePerUnit))
    throw new InvalidInputError(
      `startValuePerUnit must be positive and finite, got ${startValuePerUnit}`,
    );
  if (!Number.isFinite(endValuePerUnit))
    throw new InvalidInputError(`endValuePerUnit must be finite, got ${endValuePerUnit}`);
  let units = 1;
  let income = 0;
  let last = '';
  for (const e of events) {
    if (e.date < last)
      throw new InvalidInputError(`events must be in date order: ${last} then ${e.date}`);
    last = e.date;
    income += units * (e.incomePerUnit ?? 0);
    const f = e.unitFactor ?? 1;
    if (!(f > 0) || !Number.isFinite(f))
      throw new InvalidInputError(`unitFactor must be positive, got ${f} on ${e.date}`);
    units *= f;
  }
  return (units * endValuePerUnit + income) / startValuePerUnit - 1;
}

/**
 * Interest of a money-market holding valued at nominal (deposit, participation account, repo,
 * reverse repo, Takasbank money market) over [from, to]: simple interest on ACT/365 at the
 * annual rate it carried at the start, r = ratePct/100 × days/365 (TL deposits and repos accrue
 * on actual days over 365; the rate is the one the holding reported on the start date).
 * @throws InvalidInputError for a non-finite rate or `to` before `from`.
 */
export function simpleInterestReturn(ratePct: number, from: string, to: string): number {
  if (!Number.isFinite(ratePct))
    throw new InvalidInputError(`ratePct must be finite, got ${ratePct}`);
  const days = parseIsoDate(to) - parseIsoDate(from);
  if (days < 0) throw new InvalidInputError(`to (${to}) must not precede from (${from})`);
  return ((ratePct / 100) * days) / 365;
}

/** The schedule of a coupon bond as `couponsBetween` needs it. */
export interface CouponScheduleSpec {
  /** ISO dates. */
  readonly issue?: string | undefined;
  readonly maturity: string;
  /** Coupons per year (1, 2, 3, 4, 6, 12); 0 for a discount bond (the redemption only). */
  readonly frequency: number;
  readonly dayCount: DayCount;
  /** Annual coupon rate (fraction) of a period: fixed, or the floater's fixing for that period. */
  readonly couponRate: (period: CouponPeriod) => number;
}

/** One coupon (and, on the last date, the redemption) per 1 of face. */
export interface FaceIncome {
  /** ISO date of the (unadjusted) coupon date: the dirty price drops from it on. */
  readonly date: string;
  /** ISO date the coupon accrues from (a floater's fixing date); the issue date for a discount bond. */
  readonly accrualStart: string;
  /** Coupon per 1 of face: rate/frequency for a regular period, rate × DCF for a short first one. */
  readonly coupon: number;
  /** 1 on the maturity date (the face is repaid), else 0. */
  readonly redemption: number;
}

/**
 * Coupons (and the redemption) per 1 of face of a bullet bond whose coupon dates fall in
 * (from, to], on the same schedule as the pricing (prepareFixedBond): regular coupons pay
 * rate/frequency, a short first coupon rate × DCF(issue, first date) against its notional period.
 * A discount bond (frequency 0) has only its redemption. Dates are the unadjusted coupon dates, on which the dirty price stops holding the coupon, so a
 * holdings period's end value and its income meet on the same date.
 * @throws InvalidInputError as couponPeriods (frequency) or for `to` before `from`.
 */
export function couponsBetween(spec: CouponScheduleSpec, from: string, to: string): FaceIncome[] {
  if (to < from) throw new InvalidInputError(`to (${to}) must not precede from (${from})`);
  const maturity = parseIsoDate(spec.maturity);
  const issue = spec.issue === undefined ? undefined : parseIsoDate(spec.issue);
  let settlement = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (settlement >= maturity) return [];
  if (spec.frequency === 0)
    return maturity <= end
      ? [
          {
            date: spec.maturity,
            accrualStart: spec.issue ?? spec.maturity,
            coupon: 0,
            redemption: 1,
          },
        ]
      : [];
  if (issue !== undefined && settlement < issue) settlement = issue;
  const out: FaceIncome[] = [];
  for (const p of couponPeriods({ settlement, maturity, frequency: spec.frequency, issue })) {
    if (p.end > end) break;
    const rate = spec.couponRate(p);
    const regular = p.accrualStart === p.referenceStart;
    const coupon = regular
      ? rate / spec.frequency
      : rate *
        yearFraction(spec.dayCount, p.accrualStart, p.end, {
          start: p.referenceStart,
          end: p.end,
          frequency: spec.frequency,
        });
    out.push({
      date: formatIsoDate(p.end),
      accrualStart: formatIsoDate(p.accrualStart),
      coupon,
      redemption: p.end === maturity ? 1 : 0,
    });
  }
  return out;
}
