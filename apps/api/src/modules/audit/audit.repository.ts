import { auditLog, type Executor } from '@fonrisk/db';

export interface AuditActor {
  readonly userId: number;
  readonly username?: string | undefined;
}

export interface AuditEntry {
  readonly actor: AuditActor | null;
  /** e.g. `user.create`, `blog-post.delete`. */
  readonly action: string;
  readonly entity: string;
  readonly entityId: string | number | null;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Writes one audit record; call it inside the transaction that makes the change. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: entry.actor?.userId ?? null,
    actorUsername: entry.actor?.username ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
