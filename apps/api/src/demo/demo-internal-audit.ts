import { type CriterionRule, type InternalAuditInputs, RunLane } from '@fonrisk/contracts';
import { and, asc, auditCriteria, eq, holdings, portfolios, sql } from '@fonrisk/db';
import { queueRun } from '../modules/analyses/run-queue.ts';
import { ensureShippedCriteria } from '../modules/internal-audit/criteria.service.ts';
import { SYSTEM_ACTOR } from '../modules/rmd-tracking/rmd-batch.ts';
import type { DemoStep } from './demo-steps.ts';

/** Business days (holdings dates) of the first-start audit with breach tracking. */
export const DEMO_AUDIT_DAYS = 60;

/**
 * DEMO CONFIGURATION, not a regulatory figure: an internal single-stock limit of 8 % for the
 * demo equity funds. The generated stock baskets are capped near 9 % and drift, so the limit is
 * crossed on some days and met on others: internal-audit-tracking shows breaches that opened and
 * closed by themselves and one still open. Its name says it is demo data.
 */
export const DEMO_INTERNAL_CRITERION: CriterionRule = {
  code: 'DEMO-IC-TEK-HISSE-8',
  name: 'DEMO iç limit: tek hisse senedi en fazla %8',
  description:
    'Demo verisi: yatırım komitesinin iç limitini örnekler (SPK sınırı %10). Gerçek kullanımda silin veya değiştirin.',
  group: 'İç limitler (demo)',
  source: 'Demo yatırım komitesi kararı',
  confirmed: true,
  filters: [{ kind: 'values', field: 'mainType', operator: 'in', values: ['stock'] }],
  measure: {
    aggregation: 'maxWeightPerKey',
    groupBy: 'issuer',
    depositTreatment: 'exceptMoneyMarket',
  },
  comparison: { kind: 'max', limit: 0.08 },
  severity: 'breach',
  scope: { portfolioCodes: [], fundCategories: ['equity'] },
  effectiveFrom: '2020-01-01',
  cureDays: 3,
  enabled: true,
};

/**
 * internal-audit-result and internal-audit-tracking filled from the first start: the demo
 * internal criterion, then one tracked 'internal-audit' run of every demo fund over its last
 * DEMO_AUDIT_DAYS holdings dates, queued as 'Sistem' for the worker (start-up does not wait).
 */
export const demoInternalAuditStep: DemoStep = {
  name: 'internal-audit-v1',
  async run(tx, { queue }) {
    await ensureShippedCriteria(tx);
    await tx
      .insert(auditCriteria)
      .values({
        code: DEMO_INTERNAL_CRITERION.code,
        version: 1,
        rule: DEMO_INTERNAL_CRITERION,
        createdByName: 'Demo',
      })
      .onConflictDoNothing();
    const funds = await tx
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)))
      .orderBy(asc(portfolios.code));
    if (funds.length === 0) return;
    const dates = await tx
      .selectDistinct({ date: holdings.portfolioDate })
      .from(holdings)
      .where(eq(holdings.portfolioCode, funds[0]!.code))
      .orderBy(sql`${holdings.portfolioDate} desc`)
      .limit(DEMO_AUDIT_DAYS);
    if (dates.length === 0) return;
    const inputs: InternalAuditInputs = {
      portfolioCodes: funds.map((f) => f.code),
      fromDate: dates[dates.length - 1]!.date,
      toDate: dates[0]!.date,
      updateTracking: true,
    };
    await queueRun(tx, queue, {
      analysisType: 'internal-audit',
      inputs,
      requester: { userId: null, name: SYSTEM_ACTOR.name },
      lane: RunLane.Batch,
    });
  },
};
