import { readCalendarOverrides, type Executor, type StoredCalendarOverride } from '@fonrisk/db';
import { createTurkishCalendar, type TurkishCalendar } from '@fonrisk/risk';

export type StoredOverride = StoredCalendarOverride;

/** The users' overrides, through the one data access path the worker also reads. */
export async function listOverrides(ex: Executor): Promise<StoredOverride[]> {
  return readCalendarOverrides(ex);
}

/**
 * The business-day calendar every server-side check uses: the built-in Turkish calendar of
 * @fonrisk/risk with the users' overrides applied (docs/decisions/0016-turkish-calendar.md).
 */
export async function loadCalendar(ex: Executor): Promise<TurkishCalendar> {
  return createTurkishCalendar(await listOverrides(ex));
}
