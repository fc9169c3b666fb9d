import { addBusinessDays, adjustBusinessDay, type BusinessCalendar } from '../dates/calendar.ts';
import { formatIsoDate, parseIsoDate } from '../dates/date.ts';
import { InvalidInputError } from '../errors.ts';

/**
 * Settlement (takas / valör) dates of a liquidation on a business-day calendar (decision 0042).
 *
 * Conventions:
 * - The sale starts on the trade date T: the analysis date when it is a business day, else the
 *   next business day (a redemption asked on a holiday is taken on the next business day).
 * - Sale day k (k = 1, 2, …) trades on T + (k − 1) business days; a position whose days to
 *   liquidate is DTL trades its last lot on day ⌈DTL⌉ (at least day 1): the liquidation end date.
 * - A lot traded on day d turns into cash (settles) `lag` business days later, the asset class's
 *   valör (T+lag): the cash date of the position is end date + lag business days.
 * - The fund pays a redemption `paymentLag` business days after T (iade valörü): the payment date.
 *   A position can trade for h = paymentLag − lag + 1 days and still settle by that date, so the
 *   cash it brings by the payment date is value · min(1, h / DTL) (0 when h ≤ 0; all of it when
 *   DTL = 0), its maximum daily pace as in `sellableShare(…, 'waterfall')`.
 * - A half day (arife, 28 October) is a business day: Borsa İstanbul trades the morning session and
 *   Takasbank settles (decision 0016); holidays and weekends are skipped.
 */

/** One position's liquidation and settlement dates (ISO); null when it cannot be sold (DTL = ∞). */
export interface SettlementDates {
  readonly liquidationEndDate: string | null;
  readonly cashDate: string | null;
}

function assertLag(lag: number, what: string): void {
  if (!Number.isInteger(lag) || lag < 0)
    throw new InvalidInputError(`${what} must be a non-negative whole number of days, got ${lag}`);
}

/** The trade date T of a liquidation decided on `asOfDate`: that day or the next business day. */
export function liquidationTradeDate(asOfDate: string, calendar: BusinessCalendar): string {
  return formatIsoDate(adjustBusinessDay(parseIsoDate(asOfDate), calendar, 'following'));
}

/** The date `lag` business days after the trade date of `asOfDate` (T+lag). */
export function settlementDate(asOfDate: string, lag: number, calendar: BusinessCalendar): string {
  assertLag(lag, 'settlement lag');
  const trade = parseIsoDate(liquidationTradeDate(asOfDate, calendar));
  return formatIsoDate(addBusinessDays(trade, lag, calendar));
}

/**
 * Last trade date and cash (settlement) date of a position sold from `asOfDate` over
 * `daysToLiquidate` days with valör T+`lag`.
 * @throws InvalidInputError for negative days or a lag that is not a non-negative integer.
 */
export function positionSettlementDates(
  asOfDate: string,
  daysToLiquidate: number,
  lag: number,
  calendar: BusinessCalendar,
): SettlementDates {
  assertLag(lag, 'settlement lag');
  if (!(daysToLiquidate >= 0))
    throw new InvalidInputError(`days to liquidate must be non-negative, got ${daysToLiquidate}`);
  if (!Number.isFinite(daysToLiquidate)) return { liquidationEndDate: null, cashDate: null };
  const trade = parseIsoDate(liquidationTradeDate(asOfDate, calendar));
  const saleDays = Math.max(1, Math.ceil(daysToLiquidate - 1e-12));
  const end = addBusinessDays(trade, saleDays - 1, calendar);
  return {
    liquidationEndDate: formatIsoDate(end),
    cashDate: formatIsoDate(addBusinessDays(end, lag, calendar)),
  };
}

/**
 * The cash a position brings by the redemption payment date T+`paymentLag` when its own valör
 * is T+`lag`: value · min(1, (paymentLag − lag + 1) / DTL), 0 when no trade day settles in time.
 */
export function settledByPayment(
  valueTry: number,
  daysToLiquidate: number,
  lag: number,
  paymentLag: number,
): number {
  assertLag(lag, 'settlement lag');
  assertLag(paymentLag, 'payment lag');
  const tradeDays = paymentLag - lag + 1;
  if (tradeDays <= 0) return 0;
  if (daysToLiquidate === 0) return valueTry;
  return valueTry * Math.min(1, tradeDays / daysToLiquidate);
}
