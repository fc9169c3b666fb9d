import { z } from 'zod';
import { ImportQuerySchema } from '../imports-api.ts';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { AuditStatusSchema, CriterionRuleSchema, CriterionSchema } from './criterion.ts';

/** Requests and responses of the criterion-definition and internal-audit-tracking endpoints. */

export const CriteriaListResponseSchema = z.object({ criteria: z.array(CriterionSchema) });
export type CriteriaListResponse = z.infer<typeof CriteriaListResponseSchema>;

export const CriterionVersionsResponseSchema = z.object({ versions: z.array(CriterionSchema) });
export type CriterionVersionsResponse = z.infer<typeof CriterionVersionsResponseSchema>;

/**
 * POST internal-audit/criteria/import?acceptWarnings=&numberFormat= : like every import, a file
 * whose numbers show no format answers 409 `ambiguousNumbers` until the upload accepts those
 * readings, in the format it names (else the imports setting).
 */
export const CriteriaImportQuerySchema = ImportQuerySchema.pick({
  acceptWarnings: true,
  numberFormat: true,
});

export const CriteriaImportResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type CriteriaImportResponse = z.infer<typeof CriteriaImportResponseSchema>;

/** Preview of a rule being edited on a portfolio and date (the rule need not be saved). */
export const CriterionPreviewRequestSchema = z.object({
  rule: CriterionRuleSchema,
  portfolioCode: CodeSchema,
  asOfDate: IsoDateSchema,
});
export type CriterionPreviewRequest = z.infer<typeof CriterionPreviewRequestSchema>;

export const ContributionSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  key: z.string().nullable(),
  valueTry: z.number(),
  weight: z.number(),
  maturityDays: z.number().nullable(),
  offending: z.boolean(),
});
export type ContributionRow = z.infer<typeof ContributionSchema>;

export const KeyWeightSchema = z.object({
  key: z.string(),
  weight: z.number(),
  offending: z.boolean(),
});

export const CriterionPreviewResponseSchema = z.object({
  portfolioCode: z.string(),
  holdingsDate: z.string(),
  navTry: z.number(),
  applies: z.boolean(),
  value: z.number().nullable(),
  status: AuditStatusSchema,
  margin: z.number().nullable(),
  keys: z.array(KeyWeightSchema),
  contributions: z.array(ContributionSchema),
});
export type CriterionPreviewResponse = z.infer<typeof CriterionPreviewResponseSchema>;

// --- breach tracking --------------------------------------------------------------------------------

export const BreachStatus = {
  Open: 'open',
  Remedying: 'remedying',
  Resolved: 'resolved',
  Accepted: 'accepted',
} as const;
export type BreachStatus = (typeof BreachStatus)[keyof typeof BreachStatus];
export const BREACH_STATUSES = Object.values(BreachStatus) as [BreachStatus, ...BreachStatus[]];
export const BREACH_STATUS_LABELS: Readonly<Record<BreachStatus, string>> = {
  open: 'Açık',
  remedying: 'Gideriliyor',
  resolved: 'Giderildi',
  accepted: 'Gerekçeyle kabul edildi',
};
export const BreachStatusSchema = z.enum(BREACH_STATUSES, {
  error: 'geçerli bir ihlal durumu değil',
});

export const BreachEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  userName: z.string(),
  at: z.string(),
});
export type BreachEvent = z.infer<typeof BreachEventSchema>;

export const BreachSchema = z.object({
  id: z.number().int(),
  portfolioCode: z.string(),
  criterionCode: z.string(),
  criterionId: z.number().int(),
  criterionName: z.string(),
  severity: z.enum(['warning', 'breach']),
  status: BreachStatusSchema,
  firstDate: z.string(),
  lastDate: z.string(),
  resolvedDate: z.string().nullable(),
  dueDate: z.string(),
  /** Calendar days from the first day to the resolution day or today. */
  ageDays: z.number().int(),
  overdue: z.boolean(),
  lastValue: z.number().nullable(),
  limitText: z.string(),
  owner: z.string().nullable(),
  acceptReason: z.string().nullable(),
  isDemo: z.boolean(),
});
export type Breach = z.infer<typeof BreachSchema>;

export const BreachDetailSchema = BreachSchema.extend({ events: z.array(BreachEventSchema) });
export type BreachDetail = z.infer<typeof BreachDetailSchema>;

const codeList = z
  .string()
  .max(2000)
  .optional()
  .transform((v) => (v === undefined || v === '' ? [] : v.split(',')));

export const BreachListQuerySchema = z.object({
  portfolioCodes: codeList,
  criterionCodes: codeList,
  statuses: codeList.pipe(z.array(BreachStatusSchema)),
  /** Only breaches at least this many days old. */
  minAgeDays: z.coerce.number().int().min(0).optional(),
});
export type BreachListQuery = z.input<typeof BreachListQuerySchema>;

export const BreachListResponseSchema = z.object({ breaches: z.array(BreachSchema) });
export type BreachListResponse = z.infer<typeof BreachListResponseSchema>;

export const BreachUpdateRequestSchema = z
  .object({
    status: BreachStatusSchema.optional(),
    owner: z.string().max(100, { error: 'en fazla 100 karakter' }).nullable().optional(),
    dueDate: IsoDateSchema.optional(),
    acceptReason: z.string().max(2000).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'accepted' && (b.acceptReason ?? '').trim() === '')
      ctx.addIssue({
        code: 'custom',
        path: ['acceptReason'],
        message: 'kabul için gerekçe yazılmalı',
      });
  });
export type BreachUpdateRequest = z.infer<typeof BreachUpdateRequestSchema>;

export const BreachCommentRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: 'yorum boş olamaz' })
    .max(4000, { error: 'en fazla 4000 karakter' }),
});
export type BreachCommentRequest = z.infer<typeof BreachCommentRequestSchema>;

// --- settings ------------------------------------------------------------------------------------

export const INTERNAL_AUDIT_SETTINGS_KEY = 'internal-audit';

export const InternalAuditSettingsSchema = z.object({
  /** The scheduled daily audit of every fund (with tracking), Monday to Friday, Europe/Istanbul. */
  dailyAuditEnabled: z.boolean(),
  dailyAuditTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: 'saat SS:DD biçiminde olmalı (ör. 19:30)',
  }),
  /** Calendar days to cure a breach by severity (a criterion's own cure days win). */
  dueDaysWarning: z.number().int().min(0).max(365),
  dueDaysBreach: z.number().int().min(0).max(365),
});
export type InternalAuditSettings = z.infer<typeof InternalAuditSettingsSchema>;

/** Defaults: daily audit at 19:30 after the day's holdings; 5 days for breaches, 10 for warnings. */
export const INTERNAL_AUDIT_SETTINGS_DEFAULTS: InternalAuditSettings = {
  dailyAuditEnabled: true,
  dailyAuditTime: '19:30',
  dueDaysWarning: 10,
  dueDaysBreach: 5,
};

export function parseStoredInternalAuditSettings(value: unknown): InternalAuditSettings {
  const parsed = InternalAuditSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : INTERNAL_AUDIT_SETTINGS_DEFAULTS;
}

export const InternalAuditSettingsResponseSchema = z.object({
  settings: InternalAuditSettingsSchema,
});

/** Strict: a body of unknown keys is a mistake, not a request for today's batch. */
export const AuditRunAllRequestSchema = z.object({ asOfDate: IsoDateSchema.optional() }).strict();
export const AuditRunAllResponseSchema = z.object({ runId: z.string().nullable() });
