import {
  and,
  auditLog,
  count,
  desc,
  eq,
  gte,
  ilike,
  lt,
  sql,
  users,
  type AuditLogRow,
  type Executor,
} from '@fonrisk/db';
import type { AuditAction, AuditEntity } from '@fonrisk/contracts';
import { currentRequestContext } from '../../http/request-context.ts';

export interface AuditActor {
  readonly userId: number;
  readonly username?: string | undefined;
}

export interface AuditEntry {
  readonly actor: AuditActor | null;
  /** e.g. `user.create`, `blog-post.delete`: one of the trail's actions, named in Turkish. */
  readonly action: AuditAction;
  readonly entity: AuditEntity;
  readonly entityId: string | number | null;
  readonly before?: unknown;
  readonly after?: unknown;
}

/**
 * Writes one audit record; call it inside the transaction that makes the change. The client
 * address and trace id come from the request being served (http/request-context.ts).
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditRow(entry));
}

/** Records a statement: 10 parameters a record, far below PostgreSQL's 65,535 a statement. */
export const AUDITS_CHUNK = 1_000;

/**
 * Writes the records of a change made to many rows at once (a bulk mapping rule), in their
 * order, a chunk a statement: the same records as `recordAudit` for each.
 */
export async function recordAudits(
  executor: Executor,
  entries: readonly AuditEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDITS_CHUNK)
    await executor.insert(auditLog).values(entries.slice(i, i + AUDITS_CHUNK).map(auditRow));
}

function auditRow(entry: AuditEntry) {
  const context = currentRequestContext();
  return {
    actorUserId: entry.actor?.userId ?? null,
    // The name at the time of the change stays in the trail after the account is renamed or deleted.
    actorUsername:
      entry.actor?.username ??
      (entry.actor
        ? sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${entry.actor.userId})`
        : null),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    clientAddress: context?.clientAddress ?? null,
    traceId: context?.traceId ?? null,
  };
}

export interface AuditFilter {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly actor?: string | undefined;
  readonly entity?: string | undefined;
  readonly action?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: AuditFilter) {
  // Calendar days in Istanbul time, the day the users see.
  const day = (d: string) => sql`(${d}::date::timestamp AT TIME ZONE 'Europe/Istanbul')`;
  return and(
    filter.from ? gte(auditLog.occurredAt, day(filter.from)) : undefined,
    filter.to ? lt(auditLog.occurredAt, sql`${day(filter.to)} + interval '1 day'`) : undefined,
    filter.actor ? ilike(auditLog.actorUsername, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.action ? ilike(auditLog.action, `%${escapeLike(filter.action)}%`) : undefined,
  );
}

/** Newest first. The trail is only ever read here: no update or delete exists anywhere. */
export async function listAudit(
  ex: Executor,
  filter: AuditFilter,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ total: number; rows: AuditLogRow[] }> {
  const condition = where(filter);
  const [totals] = await ex.select({ total: count() }).from(auditLog).where(condition);
  const rows = await ex
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: totals?.total ?? 0, rows };
}
