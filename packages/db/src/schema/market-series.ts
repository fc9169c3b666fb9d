import {
  bigint,
  bit,
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { instruments } from './instruments.ts';

/** A daily market series: price, yield, FX rate, index or curve point (contracts MarketSeriesKind). */
export const marketSeries = pgTable('market_series', {
  ticker: text('ticker').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  /** Days to maturity of a curve point; null for every other kind. */
  tenorDays: integer('tenor_days'),
  /** What one value is in, e.g. "TL/pay", "%", "puan" (free text, shown next to values). */
  unit: text('unit'),
  /** Where the values come from: manual, file, TCMB, TEFAS, a vendor (contracts SeriesSource). */
  source: text('source').notNull().default('manual'),
  /** The instrument this series prices (its price series); corporate actions adjust it. */
  instrumentCode: text('instrument_code').references(() => instruments.code, {
    onDelete: 'set null',
  }),
  /** Retired series keep their history but take no new values and leave the default lists. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  isDemo: boolean('is_demo').notNull().default(false),
});

/**
 * Daily values of the series. double precision (not numeric): values feed statistics, and the
 * table is the largest of the schema (docs/decisions/0007-market-data-model.md).
 */
export const marketValues = pgTable(
  'market_values',
  {
    ticker: text('ticker')
      .notNull()
      .references(() => marketSeries.ticker, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.date] })],
);

/**
 * Which days of a year hold a value of a series in market_values: one row per series and calendar
 * year with a value, bit k (from the left) set when day-of-year k + 1 holds one (bit 365 only in
 * a leap year). Kept by market_values' triggers (migration 0025, decision 0123), never written by
 * the application; it answers a house's coverage questions (first and last date, how many values,
 * how many on business days) from ~10 rows a series instead of its ~2,500 values. Not backed up:
 * a restore's inserts fill it again.
 */
export const marketValueDays = pgTable(
  'market_value_days',
  {
    ticker: text('ticker').notNull(),
    year: integer('year').notNull(),
    days: bit('days', { dimensions: 366 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.year] })],
);

/** TRY per one unit of `currency` (TCMB quotes per 100 JPY are already divided). */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    forexBuying: numeric('forex_buying', { mode: 'number' }),
    forexSelling: numeric('forex_selling', { mode: 'number' }),
    banknoteBuying: numeric('banknote_buying', { mode: 'number' }),
    banknoteSelling: numeric('banknote_selling', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.currency, t.date] })],
);

export type MarketSeriesRow = typeof marketSeries.$inferSelect;
export type NewMarketSeriesRow = typeof marketSeries.$inferInsert;
export type MarketValueRow = typeof marketValues.$inferSelect;
export type FxRateDbRow = typeof fxRates.$inferSelect;

/**
 * One row per transaction that wrote market values, their derived values or FX rates (its
 * `pg_current_xact_id()`), added by the tables' statement triggers (migrations 0019 and 0022; one
 * row per transaction since migration 0024, decision 0119). Which rows a snapshot sees names which
 * writes it sees: the worker keys its cache of market reads by their count and highest
 * transaction (decision 0078). Never updated or deleted; not backed up.
 */
export const marketWrites = pgTable('market_writes', {
  xid: bigint('xid', { mode: 'bigint' }).primaryKey(),
});

/**
 * One row per transaction that wrote the reference data the analyses read with the market values:
 * instruments, ticker_mappings and market_series (migration 0023, decision 0115; one row per
 * transaction since migration 0024, decision 0119), as market_writes notes the market values'
 * writes. The worker keys its cached reads of those tables by their count and highest
 * transaction, apart from the market values', so that an instrument import leaves the cached
 * market values in use. Never updated or deleted; not backed up.
 */
export const referenceWrites = pgTable('reference_writes', {
  xid: bigint('xid', { mode: 'bigint' }).primaryKey(),
});
