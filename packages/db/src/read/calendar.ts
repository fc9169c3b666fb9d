import { asc } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { calendarOverrides } from '../schema/index.ts';

/** A user's change to the built-in Turkish calendar, as stored. */
export interface StoredCalendarOverride {
  readonly date: string;
  readonly kind: 'holiday' | 'halfDay' | 'businessDay';
  readonly name: string;
}

/**
 * The calendar overrides every reader applies to the built-in Turkish calendar of @fonrisk/risk
 * (`createTurkishCalendar(overrides)`): the calendar screen's edits, read fresh on each call so
 * that an edit changes the next analysis run (docs/decisions/0020-calendar-everywhere.md). The
 * calendar itself is built by the caller so that this package stays free of @fonrisk/risk.
 */
export async function readCalendarOverrides(ex: Executor): Promise<StoredCalendarOverride[]> {
  const rows = await ex.select().from(calendarOverrides).orderBy(asc(calendarOverrides.date));
  return rows.map((r) => ({
    date: r.date,
    kind: r.kind === 'halfDay' || r.kind === 'businessDay' ? r.kind : 'holiday',
    name: r.name,
  }));
}
