import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { instruments } from './instruments.ts';

/** Funds and customer portfolios. Unified portfolios live in `unified_portfolios`. */
export const portfolios = pgTable('portfolios', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** 'fund' | 'customer' */
  kind: text('kind').notNull(),
  fundCategory: text('fund_category'),
  currency: text('currency').notNull().default('TRY'),
  referenceBenchmarkCode: text('reference_benchmark_code').references(
    (): AnyPgColumn => benchmarks.code,
    { onDelete: 'set null' },
  ),
  /** The portfolio management company (portföy yönetim şirketi) as the user writes it. */
  managementCompany: text('management_company'),
  isDemo: boolean('is_demo').notNull().default(false),
  /**
   * Set when the portfolio is retired: it leaves the pickers and takes no new holdings, while its
   * holdings, runs and reports stay (docs/decisions/0046-portfolio-records.md).
   */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * Holdings snapshots, one row per line of a portfolio on a date. The columns every analysis
 * reads are typed (instrument code, name, main type, currency, nominal, current value in TRY);
 * the remaining product-spec section 3 keys of the row are kept in `columns` (jsonb, key ->
 * value with dates as YYYY-MM-DD), so that a view or an export gives back every key the file
 * carried. NAV of a snapshot is the sum of `current_value` (liabilities are negative rows).
 */
export const holdings = pgTable(
  'holdings',
  {
    portfolioCode: text('portfolio_code')
      .notNull()
      .references(() => portfolios.code, { onDelete: 'cascade' }),
    portfolioDate: date('portfolio_date', { mode: 'string' }).notNull(),
    rowNo: integer('row_no').notNull(),
    instrumentCode: text('instrument_code')
      .notNull()
      .references(() => instruments.code),
    instrumentName: text('instrument_name'),
    mainType: text('main_type'),
    currency: text('currency'),
    nominalValue: numeric('nominal_value', { mode: 'number' }),
    currentValue: numeric('current_value', { mode: 'number' }).notNull(),
    columns: jsonb('columns').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.portfolioCode, t.portfolioDate, t.rowNo] }),
    index('holdings_instrument_code_idx').on(t.instrumentCode),
    index('holdings_portfolio_date_idx').on(t.portfolioDate),
  ],
);

/** A unified portfolio: member portfolios whose holdings are summed under `newPortfolioCode`. */
export const unifiedPortfolios = pgTable('unified_portfolios', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  newPortfolioCode: text('new_portfolio_code').notNull().unique(),
  name: text('name').notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const unifiedPortfolioMembers = pgTable(
  'unified_portfolio_members',
  {
    unifiedId: integer('unified_id')
      .notNull()
      .references(() => unifiedPortfolios.id, { onDelete: 'cascade' }),
    portfolioCode: text('portfolio_code')
      .notNull()
      .references(() => portfolios.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.unifiedId, t.portfolioCode] })],
);

export type PortfolioRow = typeof portfolios.$inferSelect;
export type NewPortfolioRow = typeof portfolios.$inferInsert;
export type HoldingDbRow = typeof holdings.$inferSelect;
export type NewHoldingDbRow = typeof holdings.$inferInsert;
export type UnifiedPortfolioRow = typeof unifiedPortfolios.$inferSelect;
