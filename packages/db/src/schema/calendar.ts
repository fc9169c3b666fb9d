import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Users' changes to the built-in Turkish calendar of @fonrisk/risk: a date made a holiday or a
 * half day, or a built-in holiday opened again (`businessDay`). docs/decisions/0016.
 */
export const calendarOverrides = pgTable('calendar_overrides', {
  date: date('date', { mode: 'string' }).primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CalendarOverrideRow = typeof calendarOverrides.$inferSelect;
