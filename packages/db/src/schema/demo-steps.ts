import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Demo-data steps already applied, so each step runs once per database. */
export const demoSteps = pgTable('demo_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
