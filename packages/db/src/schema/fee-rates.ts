import { boolean, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { portfolios } from './portfolios.ts';

/**
 * The annual management fee rate a fund bears (percent of NAV), stored per portfolio and read by
 * the performance report's gross-of-fee add-back (SPK Rehber §8.3 c) unless the run's form
 * overrides it (issue 13).
 */
export const portfolioFeeRates = pgTable('portfolio_fee_rates', {
  portfolioCode: text('portfolio_code')
    .primaryKey()
    .references(() => portfolios.code, { onDelete: 'cascade' }),
  annualFeeRatePct: numeric('annual_fee_rate_pct', { mode: 'number' }).notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  isDemo: boolean('is_demo').notNull().default(false),
});

export type PortfolioFeeRateRow = typeof portfolioFeeRates.$inferSelect;
