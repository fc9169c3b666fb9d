import { InvalidInputError } from '../errors.ts';
import { formatIsoDate, parseIsoDate, startOfIsoWeek } from '../dates/date.ts';
import type { BusinessCalendar } from '../dates/calendar.ts';

/**
 * How a week's return is measured:
 * - `first-to-last`: from the first to the last priced business day of the ISO week (Rehber §9.3.2.1
 *   fn. 23, "haftanın ilk iş günü ile son iş günü arasındaki getiri"); a week with a single price
 *   has no return and is skipped.
 * - `last-to-last`: from the previous week's last price to this week's last price (captures the
 *   weekend gap; the usual SRRI practice).
 */
export type WeeklyReturnMethod = 'first-to-last' | 'last-to-last';

export interface WeeklyReturn {
  /** Monday of the ISO week (ISO date); identifies the week for benchmark alignment. */
  readonly weekStart: string;
  /** Date of the week's last price. */
  readonly date: string;
  /** Simple return as a fraction. */
  readonly return: number;
}

/**
 * Weekly simple returns from a daily price series (dividend-adjusted prices, so that dividends are
 * reflected as §9.3.2.1 requires). With a `calendar` (the Turkish business-day calendar as data,
 * e.g. `createTurkishCalendar(overrides)`), a price dated on a weekend or holiday is not a
 * business day's close and is skipped, so a Bayram week runs from its first to its last business
 * day (Kurban Bayramı 2025, 6-9 June: the week of 9 June runs Tuesday 10 to Friday 13 June).
 * Without a calendar, the business days are the dates that carry a price.
 * @throws InvalidInputError when dates are not strictly increasing ISO dates, lengths differ or a
 * price is not positive.
 */
export function weeklyReturns(
  dates: readonly string[],
  prices: readonly number[],
  method: WeeklyReturnMethod = 'first-to-last',
  calendar?: BusinessCalendar,
): WeeklyReturn[] {
  if (dates.length !== prices.length) {
    throw new InvalidInputError(
      `dates and prices differ in length: ${dates.length} vs ${prices.length}`,
    );
  }
  const weeks: { start: number; first: number; last: number; lastDate: number; count: number }[] =
    [];
  let previousDay = Number.NEGATIVE_INFINITY;
  dates.forEach((text, i) => {
    const day = parseIsoDate(text);
    const price = prices[i]!;
    if (day <= previousDay)
      throw new InvalidInputError(`dates must increase strictly: ${text} at index ${i}`);
    if (!(price > 0) || !Number.isFinite(price))
      throw new InvalidInputError(`price at ${text} must be positive, got ${price}`);
    previousDay = day;
    if (calendar !== undefined && !calendar.isBusinessDay(day)) return;
    const start = startOfIsoWeek(day);
    const current = weeks.at(-1);
    if (current?.start === start) {
      current.last = price;
      current.lastDate = day;
      current.count += 1;
    } else {
      weeks.push({ start, first: price, last: price, lastDate: day, count: 1 });
    }
  });
  const result: WeeklyReturn[] = [];
  weeks.forEach((w, i) => {
    const base =
      method === 'first-to-last' ? (w.count > 1 ? w.first : undefined) : weeks[i - 1]?.last;
    if (base === undefined) return;
    result.push({
      weekStart: formatIsoDate(w.start),
      date: formatIsoDate(w.lastDate),
      return: w.last / base - 1,
    });
  });
  return result;
}
