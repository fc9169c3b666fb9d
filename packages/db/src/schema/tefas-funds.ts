import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The stored copy of the TEFAS fund list (issue 12 tefas-compare): every fund TEFAS listed at
 * the last refresh, with its category and the risk value the list published. The screen offers
 * it when TEFAS cannot be reached and says so.
 */
export const tefasFunds = pgTable('tefas_funds', {
  fundCode: text('fund_code').primaryKey(),
  title: text('title').notNull(),
  fundType: text('fund_type').notNull(),
  category: text('category'),
  founderCode: text('founder_code'),
  listedRiskValue: integer('listed_risk_value'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  isDemo: boolean('is_demo').notNull().default(false),
});

export type TefasFundRow = typeof tefasFunds.$inferSelect;
