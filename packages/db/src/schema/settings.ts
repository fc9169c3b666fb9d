import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Application settings as key -> jsonb value: connector base URLs (`connectors.tcmb.baseUrl`,
 * `connectors.tefas.baseUrl`), the unmapped-holdings tolerance of later analyses, and so on.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
