import { customType, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { analysisRuns } from './runs.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * The input bundle data of a finished run (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md):
 * the holdings, mappings, market series and FX values the worker read, gzip-compressed JSON,
 * written in the transaction that marks the run done. A run keeps its row until the run is
 * deleted; analysis_runs itself never changes after its final state.
 */
export const analysisRunBundles = pgTable('analysis_run_bundles', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => analysisRuns.id, { onDelete: 'cascade' }),
  /** gzip of the JSON text of the bundle's `data` (contracts ScenarioBundleData for Module 1). */
  content: bytea('content').notNull(),
  /** Size of the JSON before compression, in bytes. */
  jsonBytes: integer('json_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AnalysisRunBundleRow = typeof analysisRunBundles.$inferSelect;
