import {
  boolean,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { marketSeries } from './market-series.ts';
import { portfolios } from './portfolios.ts';

/**
 * Benchmarks. 'composite': index series with weights (percent, summing to 100) rebalanced
 * 'daily' | 'monthly' | 'quarterly' | 'annual'; 'holdings': the holdings of a portfolio.
 */
export const benchmarks = pgTable('benchmarks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  rebalancing: text('rebalancing').notNull().default('monthly'),
  holdingsPortfolioCode: text('holdings_portfolio_code').references(
    (): AnyPgColumn => portfolios.code,
    { onDelete: 'set null' },
  ),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const benchmarkComponents = pgTable(
  'benchmark_components',
  {
    benchmarkCode: text('benchmark_code')
      .notNull()
      .references(() => benchmarks.code, { onDelete: 'cascade' }),
    seriesTicker: text('series_ticker')
      .notNull()
      .references(() => marketSeries.ticker),
    weightPct: numeric('weight_pct', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.benchmarkCode, t.seriesTicker] })],
);

export type BenchmarkRow = typeof benchmarks.$inferSelect;
export type BenchmarkComponentRow = typeof benchmarkComponents.$inferSelect;
