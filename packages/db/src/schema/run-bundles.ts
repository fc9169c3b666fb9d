import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea } from './bytea.ts';
import { analysisRuns } from './runs.ts';

/**
 * The input bundle data of a finished run (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md):
 * the holdings, mappings, market series and FX values the worker read, gzip-compressed JSON,
 * written in the transaction that marks the run done. A run keeps its row until the run is
 * deleted; analysis_runs itself never changes after its final state. Its large parts (a
 * statement's rows, a market window) may be stored once in analysis_bundle_parts and referenced
 * here (decision 0086).
 */
export const analysisRunBundles = pgTable('analysis_run_bundles', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => analysisRuns.id, { onDelete: 'cascade' }),
  /** gzip of the JSON text of the stored bundle (contracts StoredBundle, parts referenced). */
  content: bytea('content').notNull(),
  /** Size of the JSON before compression, in bytes (the referenced parts not counted). */
  jsonBytes: integer('json_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A large part of input bundles stored once by its content (decision 0086): the rows of one
 * statement or one market window, which the runs of a fund's night read alike (the five VaR
 * methods, the decomposition, the stress test). Never changed; kept while a run refers to it.
 */
export const analysisBundleParts = pgTable('analysis_bundle_parts', {
  /** SHA-256 (hex) of the part's JSON text. */
  hash: text('hash').primaryKey(),
  /** gzip of the part's JSON text. */
  content: bytea('content').notNull(),
  /** Size of the JSON text, in bytes. */
  jsonBytes: integer('json_bytes').notNull(),
  /**
   * The parts its rows refer to (decision 0091: a packed series read's rows, each ticker's row
   * over a window a part of its own, shared by every fund's read that holds it), in hash order.
   * No foreign key reaches into the list: the application never deletes a part, and
   * deleteUnreferencedBundleParts keeps every part that a kept part lists.
   */
  children: text('children')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which parts a run's bundle refers to: a part cannot go while a run's bundle needs it. */
export const analysisRunBundleParts = pgTable(
  'analysis_run_bundle_parts',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    hash: text('hash')
      .notNull()
      .references(() => analysisBundleParts.hash),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.hash] }),
    index('analysis_run_bundle_parts_hash_idx').on(t.hash),
  ],
);

export type AnalysisRunBundleRow = typeof analysisRunBundles.$inferSelect;
