import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';

/**
 * Generic analysis runs (docs/decisions/0009-analysis-runs.md): every analysis is a persisted
 * run executed by a worker. These shapes are the same for every analysis type; the inputs and
 * result documents are described per type in registry.ts.
 */
export const RunStatus = {
  Queued: 'queued',
  Running: 'running',
  Done: 'done',
  Failed: 'failed',
  Cancelled: 'cancelled',
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];
export const RUN_STATUSES = Object.values(RunStatus) as [RunStatus, ...RunStatus[]];

export const RUN_STATUS_LABELS: Readonly<Record<RunStatus, string>> = {
  queued: 'Sırada',
  running: 'Çalışıyor',
  done: 'Tamamlandı',
  failed: 'Hata',
  cancelled: 'İptal edildi',
};

/** States a run never leaves. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ['done', 'failed', 'cancelled'];

export function isFinalRunStatus(status: RunStatus): boolean {
  return FINAL_RUN_STATUSES.includes(status);
}

export const RunStatusSchema = z.enum(RUN_STATUSES, { error: 'geçerli bir analiz durumu değil' });

const timestamp = z.string().describe('ISO 8601 zaman damgası');

/** A run without its result document: list items and server-sent `run` events. */
export const RunSummarySchema = z.object({
  id: z.uuid(),
  analysisType: z.string(),
  status: RunStatusSchema,
  /** 0..1 */
  progress: z.number().min(0).max(1),
  progressMessage: z.string().nullable(),
  inputs: z.record(z.string(), z.unknown()),
  portfolioCodes: z.array(z.string()),
  asOfDate: IsoDateSchema.nullable(),
  fromDate: IsoDateSchema.nullable(),
  toDate: IsoDateSchema.nullable(),
  /** `id` is null when the account was deleted after the run. */
  createdBy: z.object({ id: z.number().int().nullable(), fullName: z.string() }),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  durationMs: z.number().int().nullable(),
  /** Turkish reason of a failed run. */
  error: z.string().nullable(),
  /** Version of the risk engine that computed the run (set when a worker starts it). */
  engineVersion: z.string().nullable(),
  /** The data dates the run used, e.g. { holdingsDates, marketDataThrough }. */
  dataSnapshot: z.record(z.string(), z.unknown()).nullable(),
  /** 1 for the first execution; retries and crash recovery add one. */
  attempt: z.number().int().min(1),
  cancelRequested: z.boolean(),
  analysisBased: z.boolean(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** One run with its result document (only when done; results never change). */
export const RunSchema = RunSummarySchema.extend({
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type Run = z.infer<typeof RunSchema>;

/**
 * The answer to a new run: the run, and the data-quality warnings of its portfolios on its date
 * (issue 26, decision 0065: stale prices, jumps, missing FX rates... let the run start).
 */
export const RunCreatedSchema = RunSchema.extend({
  dataWarnings: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type RunCreated = z.infer<typeof RunCreatedSchema>;

export const RUN_LIST_DEFAULT_LIMIT = 50;
export const RUN_LIST_MAX_LIMIT = 500;

/**
 * Filters of the run list. `from`..`to` keeps runs whose analysis dates (asOfDate, or
 * fromDate..toDate) meet the range.
 */
export const RunListQuerySchema = z
  .object({
    analysisType: z.string().min(1).optional(),
    portfolioCode: z.string().min(1).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    createdBy: z.coerce
      .number({ error: 'geçerli bir kullanıcı numarası değil' })
      .int()
      .positive()
      .optional(),
    status: RunStatusSchema.optional(),
    limit: z.coerce
      .number({ error: 'geçerli bir sayı değil' })
      .int()
      .min(1)
      .max(RUN_LIST_MAX_LIMIT, `en fazla ${RUN_LIST_MAX_LIMIT} olabilir`)
      .default(RUN_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number({ error: 'geçerli bir sayı değil' }).int().min(0).default(0),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    error: 'bitiş tarihi başlangıçtan önce olamaz',
  });
export type RunListQuery = z.input<typeof RunListQuerySchema>;

export const RunListResponseSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(RunSummarySchema),
});
export type RunListResponse = z.infer<typeof RunListResponseSchema>;

/**
 * Export one table of a done run's `result.tables` as .xlsx; without `table`, the whole report:
 * every table of the result, one sheet each, in the result's order.
 */
export const ExportRunTableRequestSchema = z.object({
  table: z.string({ error: 'tablo adı gerekli' }).min(1, 'tablo adı gerekli').optional(),
});
export type ExportRunTableRequest = z.infer<typeof ExportRunTableRequestSchema>;

/** Server-sent events of the pending-check streams (paths under the API base). */
export const RUN_EVENTS_PATH = 'analyses/checkpending';
export const ANALYSIS_BASED_RUN_EVENTS_PATH = 'analyses/checkpending/analysis-based';
/** The event name; its data is a RunSummary as JSON. */
export const RUN_EVENT = 'run';
/** EventSource cannot send headers: the streams also take the token as this query parameter. */
export const ACCESS_TOKEN_QUERY = 'access_token';

/**
 * The lane of a run (docs/decisions/0054-users-before-batches.md): a run a user starts is
 * `interactive`; the demo, the daily RMD and audit batches and the runs of scheduled or demo
 * reports are `batch`. Each lane has its own pg-boss queue and its own consumers in every worker,
 * so a user's run never waits behind batch work.
 */
export const RunLane = { Interactive: 'interactive', Batch: 'batch' } as const;
export type RunLane = (typeof RunLane)[keyof typeof RunLane];
export const RUN_LANES = Object.values(RunLane) as [RunLane, ...RunLane[]];

/** The pg-boss queue of each lane (jobs carry only `{ runId }`). */
export const RUN_LANE_QUEUES: Readonly<Record<RunLane, string>> = {
  interactive: 'analysis',
  batch: 'analysis-batch',
};
/** The queue of the runs users start (the interactive lane). */
export const ANALYSIS_QUEUE = RUN_LANE_QUEUES.interactive;
/** Every analysis queue, interactive first. */
export const ANALYSIS_QUEUES: readonly string[] = RUN_LANES.map((lane) => RUN_LANE_QUEUES[lane]);
/** PostgreSQL NOTIFY channel announcing run changes (payload: the run id). */
export const RUN_NOTIFY_CHANNEL = 'fonrisk_runs';
