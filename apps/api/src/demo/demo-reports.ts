import { SHIPPED_TEMPLATE_KEYS } from '@fonrisk/contracts';
import { desc, eq, holdings, reportSchedules } from '@fonrisk/db';
import { ensureShippedTemplates } from '../modules/reports/report-templates.service.ts';
import { findTemplateByKey } from '../modules/reports/reports.repository.ts';
import { insertReport } from '../modules/reports/reports.service.ts';
import { DEMO_EXAMPLE_FUND, DEMO_RUN_ACTOR } from './demo-module1-runs.ts';
import type { DemoStep } from './demo-steps.ts';

/**
 * Issue 15's first-start example: the monthly board report of the demo equity fund on its latest
 * holdings date (queued; the report jobs reuse the demo runs of that date and start the others)
 * and a monthly schedule of it, both labelled demo.
 */
export const demoReportsStep: DemoStep = {
  name: 'reports-v1',
  async run(tx) {
    await ensureShippedTemplates(tx);
    const board = await findTemplateByKey(tx, SHIPPED_TEMPLATE_KEYS.boardMonthly);
    const [latest] = await tx
      .select({ date: holdings.portfolioDate })
      .from(holdings)
      .where(eq(holdings.portfolioCode, DEMO_EXAMPLE_FUND))
      .orderBy(desc(holdings.portfolioDate))
      .limit(1);
    if (!board || !latest) return;
    await insertReport(
      tx,
      { userId: DEMO_RUN_ACTOR.userId, fullName: DEMO_RUN_ACTOR.name },
      {
        templateId: board.id,
        portfolioCodes: [DEMO_EXAMPLE_FUND],
        asOfDate: latest.date,
        title: `Demo: ${board.name} — ${DEMO_EXAMPLE_FUND}`,
      },
      { demo: true },
    );
    await tx.insert(reportSchedules).values({
      name: `Demo: aylık kurul raporu (${DEMO_EXAMPLE_FUND})`,
      ownerId: DEMO_RUN_ACTOR.userId,
      ownerName: DEMO_RUN_ACTOR.name,
      templateId: board.id,
      portfolioCodes: [DEMO_EXAMPLE_FUND],
      frequency: 'monthly-bd-n',
      businessDay: 1,
      time: '08:00',
      demo: true,
    });
  },
};
