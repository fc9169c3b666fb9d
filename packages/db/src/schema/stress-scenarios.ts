import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The stress scenario library (stress-test screen): hypothetical shocks (`shocks`, contracts
 * StressShocks), historical replays (`from_date`..`to_date` of the stored history) and
 * combinations of other scenarios (`component_ids`). Shipped scenarios carry a `shipped_code`
 * and are inserted once; users may edit their figures but not delete them.
 */
export const stressScenarios = pgTable('stress_scenarios', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  shocks: jsonb('shocks').$type<Record<string, unknown>>(),
  fromDate: date('from_date', { mode: 'string' }),
  toDate: date('to_date', { mode: 'string' }),
  componentIds: jsonb('component_ids').$type<number[]>().notNull().default([]),
  shippedCode: text('shipped_code').unique(),
  isShipped: boolean('is_shipped').notNull().default(false),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StressScenarioRow = typeof stressScenarios.$inferSelect;
