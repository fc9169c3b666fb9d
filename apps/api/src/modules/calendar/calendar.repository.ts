import { asc, calendarOverrides, type Executor } from '@fonrisk/db';
import type { CalendarDayKindInput } from '@fonrisk/contracts';
import { createTurkishCalendar, type TurkishCalendar } from '@fonrisk/risk';

export interface StoredOverride {
  readonly date: string;
  readonly kind: CalendarDayKindInput;
  readonly name: string;
}

export async function listOverrides(ex: Executor): Promise<StoredOverride[]> {
  const rows = await ex.select().from(calendarOverrides).orderBy(asc(calendarOverrides.date));
  return rows.map((r) => ({ date: r.date, kind: r.kind as CalendarDayKindInput, name: r.name }));
}

/**
 * The business-day calendar every server-side check uses: the built-in Turkish calendar of
 * @fonrisk/risk with the users' overrides applied (docs/decisions/0016-turkish-calendar.md).
 */
export async function loadCalendar(ex: Executor): Promise<TurkishCalendar> {
  return createTurkishCalendar(await listOverrides(ex));
}
