import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';
import { LimitStatusSchema, VarApproachSchema } from './parameters.ts';

/** rmd-tracking (RMD Limit Takibi): the latest VaR figure of every fund against its limit. */

export const RmdTrackingRowSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  approach: VarApproachSchema,
  /** Date of the latest VaR figure, null when no finished VaR run covers the portfolio. */
  asOfDate: z.string().nullable(),
  runId: z.string().nullable(),
  varTry: z.number().nullable(),
  varPct: z.number().nullable(),
  limitPct: z.number().nullable(),
  usage: z.number().nullable(),
  status: z.enum(['ok', 'warning', 'breach', 'noLimit', 'noData']),
  /** Consecutive dates up to the latest with status breach. */
  daysInBreach: z.number(),
});
export type RmdTrackingRow = z.infer<typeof RmdTrackingRowSchema>;

export const RmdTrackingResponseSchema = z.object({
  warningThresholdPct: z.number(),
  items: z.array(RmdTrackingRowSchema),
});
export type RmdTrackingResponse = z.infer<typeof RmdTrackingResponseSchema>;

/**
 * POST rmd-tracking/run-all: the date of the batch (each fund's latest holdings date when
 * omitted). Strict: a body of unknown keys is a mistake, not a request for today's batch.
 */
export const RmdRunAllRequestSchema = z.object({ asOfDate: IsoDateSchema.optional() }).strict();
export type RmdRunAllRequest = z.infer<typeof RmdRunAllRequestSchema>;

/** The runs a batch queued, one per fund. */
export const RmdRunAllResponseSchema = z.object({ runIds: z.array(z.string()) });
export type RmdRunAllResponse = z.infer<typeof RmdRunAllResponseSchema>;

export const RmdHistoryPointSchema = z.object({
  date: z.string(),
  varPct: z.number(),
  limitPct: z.number().nullable(),
  usage: z.number().nullable(),
  status: LimitStatusSchema,
  runId: z.string(),
  /** Usage minus the previous point's usage, in percentage points (null: first point, no limit). */
  usageChangePoints: z.number().nullable(),
  /** The usage moved by more than the settings' varChangeExplainPoints: the screen explains it. */
  explain: z.boolean(),
});
export type RmdHistoryPoint = z.infer<typeof RmdHistoryPointSchema>;

export const RmdHistoryQuerySchema = z.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});

export const RmdHistoryResponseSchema = z.object({
  portfolioCode: z.string(),
  /** The settings' varChangeExplainPoints when the history was read. */
  explainAbovePoints: z.number(),
  items: z.array(RmdHistoryPointSchema),
});
export type RmdHistoryResponse = z.infer<typeof RmdHistoryResponseSchema>;
