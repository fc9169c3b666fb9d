import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { analysisRuns } from './runs.ts';

/**
 * The JSON text of a finished run's result, kept deflated (decision 0129) so that the run's GET
 * is spliced from it into a gzip answer: PostgreSQL neither turns the jsonb into text (~110 ms for
 * a 100-fund VaR result of 15.9 MB) nor sends the megabytes, and the API neither decodes nor
 * compresses them. Written with the finished run (the worker's finishing statement) or, for a run
 * stored otherwise (a restore, the demo's inserts, runs from before migration 0027), by the API
 * when the run is first read; a run is final once done (migration 0002's guard), so the text
 * never goes stale. Not backed up: it is made again from the result.
 */
export const analysisRunResultTexts = pgTable('analysis_run_result_texts', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => analysisRuns.id, { onDelete: 'cascade' }),
  /** Raw DEFLATE of the text's UTF-8 bytes, ending with a sync flush (no final block). */
  deflated: bytea('deflated').notNull(),
  /** CRC-32 of the text's UTF-8 bytes (the gzip trailer's). */
  crc32: bigint('crc32', { mode: 'number' }).notNull(),
  /** Length of the text's UTF-8 bytes. */
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});

export type AnalysisRunResultTextRow = typeof analysisRunResultTexts.$inferSelect;
