import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { instruments } from './instruments.ts';
import { marketSeries } from './market-series.ts';

/** Which series prices an instrument: 'direct' (its own series) or 'proxy' (a stand-in). */
export const tickerMappings = pgTable('ticker_mappings', {
  instrumentCode: text('instrument_code')
    .primaryKey()
    .references(() => instruments.code, { onDelete: 'cascade' }),
  seriesTicker: text('series_ticker')
    .notNull()
    .references(() => marketSeries.ticker, { onDelete: 'cascade' }),
  mappingKind: text('mapping_kind').notNull(),
  note: text('note'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TickerMappingRow = typeof tickerMappings.$inferSelect;
