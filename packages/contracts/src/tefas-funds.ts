import { z } from 'zod';
import { FetchResultSchema } from './market-series-api.ts';
import { CodeSchema, IsoDateSchema } from './market-values.ts';

/** One fund of the TEFAS fund list with its official risk value (issues 11 and 12). */
export const TefasFundSchema = z.object({
  fundCode: z.string(),
  title: z.string(),
  fundType: z.string(),
  category: z.string().nullable(),
  founderCode: z.string().nullable(),
  /** The risk value the fund list published at its last refresh. */
  listedRiskValue: z.number().int().nullable(),
  /** The latest stored official risk value (official_risk_values) and its date. */
  officialRiskValue: z.number().int().nullable(),
  officialRiskDate: IsoDateSchema.nullable(),
  officialRiskSource: z.string().nullable(),
});
export type TefasFund = z.infer<typeof TefasFundSchema>;

/**
 * GET market-data/tefas/funds?refresh=: the fund list. `source` 'tefas' when it was just read
 * from TEFAS, 'stored' for the stored copy (`notice` says why, e.g. TEFAS could not be reached).
 */
export const TefasFundListSchema = z.object({
  source: z.enum(['tefas', 'stored']),
  fetchedAt: z.string().nullable(),
  notice: z.string().nullable(),
  items: z.array(TefasFundSchema),
});
export type TefasFundList = z.infer<typeof TefasFundListSchema>;

export const TefasFundListQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false'], { error: 'true veya false olmalı' })
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * POST market-data/tefas/risk-values: the official risk value of each fund from its TEFAS profile,
 * stored under today's date; a stored value of the same date that differs is listed in
 * `changed` and kept unless `acceptChanges` (issue 4's rule: history is never overwritten
 * silently).
 */
export const TefasRiskValuesRequestSchema = z.object({
  fundCodes: z.array(CodeSchema).min(1, { error: 'en az bir fon kodu gerekli' }).max(50),
  acceptChanges: z.boolean().default(false),
});
export type TefasRiskValuesRequest = z.input<typeof TefasRiskValuesRequestSchema>;

export const TefasRiskValuesResultSchema = FetchResultSchema.extend({
  date: IsoDateSchema,
  /** Funds TEFAS has no profile or no risk value for. */
  missing: z.array(z.string()),
  /** Funds whose class differs from their previous stored value (a new dated entry). */
  classChanges: z.array(
    z.object({
      fundCode: z.string(),
      previousDate: IsoDateSchema,
      previous: z.number(),
      now: z.number(),
    }),
  ),
});
export type TefasRiskValuesResult = z.infer<typeof TefasRiskValuesResultSchema>;
