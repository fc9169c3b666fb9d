import { z } from 'zod';

/** One record of the audit trail (`GET audit-log`): who, when, from where, what, before/after. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  /** e.g. `user.create`, `import.holdings`, `analysis-run.cancel`. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  clientAddress: z.string().nullable(),
  traceId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const isoDate = z.iso.date('Tarih YYYY-AA-GG biçiminde olmalı.');

/** Filters of the audit trail; dates are inclusive calendar days (Europe/Istanbul). */
export const AuditListQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Part of the actor's username. */
  actor: z.string().trim().max(100).optional(),
  /** Entity kind, e.g. `user`, `analysis-run`. */
  entity: z.string().trim().max(100).optional(),
  /** Part of the action, e.g. `delete`. */
  action: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

export const AuditListResponseSchema = z.object({
  total: z.number().int(),
  items: z.array(AuditEntrySchema),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** The export takes the same filters without paging. */
export const AuditExportQuerySchema = AuditListQuerySchema.omit({ limit: true, offset: true });
/** Most records one export holds. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
