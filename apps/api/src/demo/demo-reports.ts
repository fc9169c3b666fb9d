import { SHIPPED_TEMPLATE_KEYS } from '@fonrisk/contracts';
import { desc, eq, holdings, reportSchedules, users, type Executor } from '@fonrisk/db';
import { ensureShippedTemplates } from '../modules/reports/report-templates.service.ts';
import { findTemplateByKey } from '../modules/reports/reports.repository.ts';
import { insertReport, type ReportActor } from '../modules/reports/reports.service.ts';
import { DEMO_EXAMPLE_FUND, DEMO_RUN_ACTOR } from './demo-module1-runs.ts';
import type { DemoStep } from './demo-steps.ts';

/**
 * The demo accounts whose my-reports open with a finished demo report: the analyst (who makes
 * reports) and the observer (who may open my-reports but not make one: the report was made for
 * them). Admin sees both (Admins see everyone's).
 */
export const DEMO_REPORT_OWNERS = ['hesaplayici', 'gozlemleyici'] as const;

async function demoActor(tx: Executor, username: string): Promise<ReportActor> {
  const [user] = await tx
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.username, username));
  return user
    ? { userId: user.id, fullName: user.fullName }
    : { userId: DEMO_RUN_ACTOR.userId, fullName: DEMO_RUN_ACTOR.name };
}

/**
 * Issue 15's first-start example: the monthly board report of the demo equity fund on its latest
 * holdings date for each of DEMO_REPORT_OWNERS (queued; the worker's report jobs reuse the demo
 * runs of that date and start the others) and the analyst's monthly schedule of it, all labelled
 * demo.
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
    for (const username of DEMO_REPORT_OWNERS) {
      await insertReport(
        tx,
        await demoActor(tx, username),
        {
          templateId: board.id,
          portfolioCodes: [DEMO_EXAMPLE_FUND],
          asOfDate: latest.date,
          title: `Demo: ${board.name} — ${DEMO_EXAMPLE_FUND}`,
        },
        { demo: true },
      );
    }
    const analyst = await demoActor(tx, DEMO_REPORT_OWNERS[0]);
    await tx.insert(reportSchedules).values({
      name: `Demo: aylık kurul raporu (${DEMO_EXAMPLE_FUND})`,
      ownerId: analyst.userId,
      ownerName: analyst.fullName,
      templateId: board.id,
      portfolioCodes: [DEMO_EXAMPLE_FUND],
      frequency: 'monthly-bd-n',
      businessDay: 1,
      time: '08:00',
      demo: true,
    });
  },
};
