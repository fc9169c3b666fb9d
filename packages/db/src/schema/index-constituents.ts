import { boolean, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instruments } from './instruments.ts';
import { marketSeries } from './market-series.ts';

/**
 * The constituents of an index series (an equity index used as a benchmark component) with the
 * number of shares it counts (free-float shares, millions): a constituent's weight on a date is
 * its price × shares over the sum (capitalisation weighting), its sector that of the instrument
 * master. The performance report's sector attribution of the equity part reads it (issue 13).
 */
export const indexConstituents = pgTable(
  'index_constituents',
  {
    indexTicker: text('index_ticker')
      .notNull()
      .references(() => marketSeries.ticker, { onDelete: 'cascade' }),
    instrumentCode: text('instrument_code')
      .notNull()
      .references(() => instruments.code, { onDelete: 'cascade' }),
    shares: numeric('shares', { mode: 'number' }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.indexTicker, t.instrumentCode] })],
);

export type IndexConstituentRow = typeof indexConstituents.$inferSelect;
