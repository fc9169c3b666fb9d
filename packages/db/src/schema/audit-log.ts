import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change of data: who, when, what, and the entity before and after. No foreign key to
 * users on purpose: the trail must outlive the accounts it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    traceId: text('trace_id'),
    /** Client address of the request that made the change (behind TRUST_PROXY, the forwarded one). */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.occurredAt),
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
