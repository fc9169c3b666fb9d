import { dayBit, yearDays, YEAR_BITS, type Executor, type YearDays } from '@fonrisk/db';
import { parseIsoDate } from '@fonrisk/risk';
import { loadCalendar } from './calendar.repository.ts';

/** The business days of whole years, in market_value_days' layout (decision 0123). */
export interface BusinessYears {
  /** Each year's business days as bits, for seriesCoverage's counted values. */
  readonly masks: readonly YearDays[];
  /** How many business days [first, last] holds (ISO dates within the years). */
  between(first: string, last: string): number;
}

/**
 * The business days of the years `from` through `to` by the calendar (users' edits included);
 * no year when either is null.
 */
export async function businessYears(
  ex: Executor,
  from: number | null,
  to: number | null,
): Promise<BusinessYears> {
  if (from === null || to === null) return { masks: [], between: () => 0 };
  const calendar = await loadCalendar(ex);
  const masks: YearDays[] = [];
  for (let year = from; year <= to; year++)
    masks.push(yearDays(year, (iso) => calendar.isBusinessDay(parseIsoDate(iso))));
  // Business days before each slot of the years' bits laid end to end.
  const bits = masks.map((m) => m.bits).join('');
  const before = new Int32Array(bits.length + 1);
  for (let k = 0; k < bits.length; k++) before[k + 1] = before[k]! + (bits[k] === '1' ? 1 : 0);
  const slot = (iso: string) => {
    const { year, bit } = dayBit(iso);
    return (year - from) * YEAR_BITS + bit;
  };
  return { masks, between: (first, last) => before[slot(last) + 1]! - before[slot(first)]! };
}
