import {
  INTERNAL_AUDIT_SETTINGS_DEFAULTS,
  INTERNAL_AUDIT_SETTINGS_KEY,
  type InternalAuditInputs,
  type InternalAuditSettings,
  parseStoredInternalAuditSettings,
  RunLane,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  type Database,
  type Executor,
  asc,
  eq,
  holdings,
  portfolios,
  settings,
  sql,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { queueRun, type RunQueue } from '../analyses/run-queue.ts';
import type { BatchActor } from '../rmd-tracking/rmd-batch.ts';
import { istanbulToday } from '../../connectors/dates.ts';

export async function readInternalAuditSettings(
  ex: Executor,
): Promise<{ settings: InternalAuditSettings; updatedAt: string | null }> {
  const [row] = await ex
    .select()
    .from(settings)
    .where(eq(settings.key, INTERNAL_AUDIT_SETTINGS_KEY));
  if (!row) return { settings: INTERNAL_AUDIT_SETTINGS_DEFAULTS, updatedAt: null };
  return {
    settings: parseStoredInternalAuditSettings(row.value),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Funds with holdings (the daily audit's portfolios). */
async function fundsWithHoldings(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ code: portfolios.code })
    .from(portfolios)
    .where(
      sql`${portfolios.kind} = 'fund' AND EXISTS (SELECT 1 FROM ${holdings} WHERE ${holdings.portfolioCode} = ${portfolios.code})`,
    )
    .orderBy(asc(portfolios.code));
  return rows.map((r) => r.code);
}

/**
 * Queues one 'internal-audit' run of every fund with breach tracking, on each fund's latest
 * holdings date on or before `asOfDate` (today when omitted). Run and job in one transaction.
 * Returns the run id, or null when no fund has holdings.
 */
export async function queueDailyAudit(
  db: Database,
  queue: RunQueue,
  actor: BatchActor,
  asOfDate: string = istanbulToday(Date.now()),
): Promise<string | null> {
  const codes = await fundsWithHoldings(db);
  if (codes.length === 0) return null;
  const inputs: InternalAuditInputs = { portfolioCodes: codes, asOfDate, updateTracking: true };
  return db.transaction(async (tx) => {
    const run = await queueRun(tx, queue, {
      analysisType: 'internal-audit',
      inputs,
      requester: actor,
      lane: RunLane.Batch,
    });
    await recordAudit(tx, {
      actor: actor.userId === null ? null : { userId: actor.userId },
      action: 'internal-audit.run-all',
      entity: 'analysis-run',
      entityId: run.id,
      after: inputs,
    });
    return run.id;
  });
}

/** Saves the settings (audit-logged); the scheduler picks the new time up within a minute. */
export function saveInternalAuditSettings(
  db: Database,
  actor: TokenClaims,
  next: InternalAuditSettings,
): Promise<InternalAuditSettings> {
  return db.transaction(async (tx) => {
    const before = await readInternalAuditSettings(tx);
    const now = new Date();
    await tx
      .insert(settings)
      .values({ key: INTERNAL_AUDIT_SETTINGS_KEY, value: next, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
    await recordAudit(tx, {
      actor,
      action: 'internal-audit-settings.update',
      entity: 'settings',
      entityId: INTERNAL_AUDIT_SETTINGS_KEY,
      before: before.settings,
      after: next,
    });
    return next;
  });
}
