// Applies the breach-tracking plan of an audit (contracts planBreachTracking) in one transaction.
import {
  INTERNAL_AUDIT_SETTINGS_KEY,
  type AuditedCriterion,
  type DailyOutcome,
  formatAuditValue,
  parseStoredInternalAuditSettings,
  planBreachTracking,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  auditBreachEvents,
  auditBreaches,
  eq,
  inArray,
  portfolios,
  settings,
  sql,
} from '@fonrisk/db';
import type { AuditCriterion } from './audit-criterion.ts';

/** The name on automatic trail entries. */
export const SYSTEM_NAME = 'Sistem';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Opens, extends and resolves tracked breaches from the audit's daily outcomes. A new breach
 * is due `cureDays` of its criterion after its first day, or the settings' days for its
 * severity. Serialised by an advisory lock so that two audits do not open the same breach.
 */
export async function applyBreachTracking(
  db: Database,
  outcomes: readonly DailyOutcome[],
  criteria: ReadonlyMap<string, AuditCriterion>,
  audited: ReadonlyMap<string, AuditedCriterion>,
): Promise<{ opened: number; updated: number; resolved: number }> {
  if (outcomes.length === 0) return { opened: 0, updated: 0, resolved: 0 };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fonrisk.audit-breaches'))`);
    const [stored] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, INTERNAL_AUDIT_SETTINGS_KEY));
    const cfg = parseStoredInternalAuditSettings(stored?.value);
    const portfolioCodes = [...new Set(outcomes.map((o) => o.portfolioCode))];
    // The whole register of these portfolios and criteria, resolved breaches included: a day
    // already recorded under the same criterion version is never recorded twice.
    const register = await tx
      .select()
      .from(auditBreaches)
      .where(
        and(
          inArray(auditBreaches.portfolioCode, portfolioCodes),
          inArray(auditBreaches.criterionCode, [...new Set(outcomes.map((o) => o.criterionCode))]),
        ),
      );
    const demo = new Set(
      (
        await tx
          .select({ code: portfolios.code })
          .from(portfolios)
          .where(and(inArray(portfolios.code, portfolioCodes), eq(portfolios.isDemo, true)))
      ).map((p) => p.code),
    );
    const plan = planBreachTracking(register, outcomes);
    let opened = 0;
    let updated = 0;
    let resolved = 0;
    for (const a of plan) {
      if (a.kind === 'open') {
        const c = criteria.get(a.outcome.criterionCode)!;
        const info = audited.get(a.outcome.criterionCode)!;
        const days =
          c.rule.cureDays ??
          (c.rule.severity === 'breach' ? cfg.dueDaysBreach : cfg.dueDaysWarning);
        const [row] = await tx
          .insert(auditBreaches)
          .values({
            portfolioCode: a.outcome.portfolioCode,
            criterionCode: c.rule.code,
            criterionId: c.id,
            criterionName: c.rule.name,
            severity: c.rule.severity,
            status: a.resolvedDate === null ? 'open' : 'resolved',
            firstDate: a.outcome.date,
            lastDate: a.lastDate,
            resolvedDate: a.resolvedDate,
            dueDate: addDays(a.outcome.date, days),
            lastValue: a.lastValue,
            limitText: info.limitText,
            isDemo: demo.has(a.outcome.portfolioCode),
          })
          .returning({ id: auditBreaches.id });
        const events = [
          {
            breachId: row!.id,
            kind: 'opened',
            text: `${a.outcome.date} tarihli denetimde aykırılık: ${formatAuditValue(a.outcome.value, info.unit)} (limit ${info.limitText}).`,
            userName: SYSTEM_NAME,
          },
        ];
        if (a.resolvedDate !== null)
          events.push({
            breachId: row!.id,
            kind: 'closed',
            text: `${a.resolvedDate} tarihli denetimde kriter sağlandı; ihlal kapandı.`,
            userName: SYSTEM_NAME,
          });
        await tx.insert(auditBreachEvents).values(events);
        opened++;
        if (a.resolvedDate !== null) resolved++;
      } else {
        await tx
          .update(auditBreaches)
          .set({
            lastDate: a.lastDate,
            ...(a.lastValue === null ? {} : { lastValue: a.lastValue }),
            ...(a.resolvedDate === null
              ? {}
              : { status: 'resolved', resolvedDate: a.resolvedDate }),
            // The database's clock, not the worker's: the statement is the same when replayed.
            updatedAt: sql`now()`,
          })
          .where(eq(auditBreaches.id, a.id));
        if (a.resolvedDate !== null) {
          await tx.insert(auditBreachEvents).values({
            breachId: a.id,
            kind: 'closed',
            text: `${a.resolvedDate} tarihli denetimde kriter sağlandı; ihlal kapandı.`,
            userName: SYSTEM_NAME,
          });
          resolved++;
        } else updated++;
      }
    }
    return { opened, updated, resolved };
  });
}
