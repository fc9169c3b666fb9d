import {
  bigint,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { instruments } from './instruments.ts';
import { marketSeries } from './market-series.ts';

/**
 * Splits, bonus and rights issues and cash dividends of an instrument, by ex-date
 * (docs/decisions/0017-corporate-actions.md). `ratio`: new shares per old (split) or percent of
 * capital (bonus, rights); `amount`: dividend per share; `subscription_price`: rights only.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instrumentCode: text('instrument_code')
      .notNull()
      .references(() => instruments.code, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    ratio: doublePrecision('ratio'),
    amount: doublePrecision('amount'),
    subscriptionPrice: doublePrecision('subscription_price'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('corporate_actions_instrument_kind_date_key').on(t.instrumentCode, t.kind, t.exDate),
    index('corporate_actions_instrument_idx').on(t.instrumentCode, t.exDate),
  ],
);

/**
 * Adjusted and total-return values of the price series whose instrument has corporate actions,
 * rebuilt whenever the actions or the raw values change. A series without actions has no rows
 * here: its adjusted and total-return values are its raw values.
 */
export const marketValuesDerived = pgTable(
  'market_values_derived',
  {
    ticker: text('ticker')
      .notNull()
      .references(() => marketSeries.ticker, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    adjusted: doublePrecision('adjusted').notNull(),
    totalReturn: doublePrecision('total_return').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.date] })],
);

export type CorporateActionRow = typeof corporateActions.$inferSelect;
