import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { portfolios } from './portfolios.ts';

/**
 * The cash-flow model of a (customer) portfolio: deposits, withdrawals, securities transferred in
 * or out at market value, fees and income, each on a date with a positive TRY amount; the kind
 * (contracts CashFlowKind) gives the direction. Read by the customer performance report.
 */
export const portfolioCashFlows = pgTable(
  'portfolio_cash_flows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    portfolioCode: text('portfolio_code')
      .notNull()
      .references(() => portfolios.code, { onDelete: 'cascade' }),
    flowDate: date('flow_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    amountTry: numeric('amount_try', { mode: 'number' }).notNull(),
    instrumentCode: text('instrument_code'),
    nominal: numeric('nominal', { mode: 'number' }),
    note: text('note'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_cash_flows_portfolio_date_idx').on(t.portfolioCode, t.flowDate)],
);

export type PortfolioCashFlowRow = typeof portfolioCashFlows.$inferSelect;
