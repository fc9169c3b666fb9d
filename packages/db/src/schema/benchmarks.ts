import { numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { marketSeries } from './market-series.ts';
import { benchmarks } from './portfolios.ts';

// The benchmarks table itself is defined in portfolios.ts: a portfolio names its reference
// benchmark and a holdings benchmark names its portfolio, and two files referring to each other
// would be an import cycle.
export { benchmarks };

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
