import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RunLane } from '@fonrisk/contracts';
import { users } from './users.ts';

/**
 * Analysis runs (docs/decisions/0009-analysis-runs.md): one row per run, the run record is the
 * source of truth for its state; pg-boss jobs only carry the id. `status` is queued | running |
 * done | failed | cancelled; a run in a final state never changes again (a trigger in the
 * migration refuses it) and every change of state or progress is NOTIFYed on 'fonrisk_runs'.
 */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisType: text('analysis_type').notNull(),
    status: text('status').notNull().default('queued'),
    /** 0..1 */
    progress: doublePrecision('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    portfolioCodes: text('portfolio_codes').array().notNull().default([]),
    asOfDate: date('as_of_date', { mode: 'string' }),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    /** The user who started the run; kept as a name when the account is deleted. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The Turkish reason of a failed run. */
    error: text('error'),
    /** Version of @fonrisk/risk that computed the result (set by the worker). */
    engineVersion: text('engine_version'),
    dataSnapshot: jsonb('data_snapshot').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** 1 for the first execution; crash recovery and retries add one. */
    attempt: integer('attempt').notNull().default(1),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Runs of analysis-based reports, streamed on checkpending/analysis-based. */
    analysisBased: boolean('analysis_based').notNull().default(false),
    /**
     * The queue lane (decision 0054): 'interactive' for a run a user started, 'batch' for the
     * demo, the daily batches and scheduled reports. Crash recovery re-sends a run on its lane.
     */
    lane: text('lane').$type<RunLane>().notNull().default('interactive'),
  },
  (t) => [
    index('analysis_runs_type_created_idx').on(t.analysisType, t.createdAt),
    index('analysis_runs_created_by_idx').on(t.createdBy, t.createdAt),
    index('analysis_runs_portfolio_codes_idx').using('gin', t.portfolioCodes),
    index('analysis_runs_as_of_date_idx').on(t.asOfDate),
    // Crash recovery scans running runs by heartbeat; the list filters by status.
    index('analysis_runs_status_heartbeat_idx').on(t.status, t.heartbeatAt),
    check(
      'analysis_runs_status_check',
      sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    check('analysis_runs_progress_check', sql`${t.progress} >= 0 AND ${t.progress} <= 1`),
    check('analysis_runs_lane_check', sql`${t.lane} IN ('interactive', 'batch')`),
  ],
);

/**
 * The VaR points of the finished 'var' runs, one row per element of a result's `series` (the
 * portfolio, date and figures the RMD tracking and the VaR change read), kept by analysis_runs'
 * triggers (migration 0026, decision 0125) and never written by the application: the tracking
 * read every VaR run's result document for them, which a year of nightly runs makes gigabytes.
 * `idx` is the point's place in its series (1-based); `date` is the point's own text. Not backed
 * up: a restore's inserts of the runs fill it again.
 */
export const varPoints = pgTable(
  'var_points',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    portfolioCode: text('portfolio_code').notNull(),
    date: text('date').notNull(),
    /** The run's finish (the latest finished run's point of a portfolio and date is reported). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    point: jsonb('point').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.idx] }),
    index('var_points_portfolio_date_idx').on(t.portfolioCode, t.date, t.finishedAt),
  ],
);

export type AnalysisRunRow = typeof analysisRuns.$inferSelect;
export type NewAnalysisRunRow = typeof analysisRuns.$inferInsert;
