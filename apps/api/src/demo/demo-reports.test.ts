import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, reports } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { DEMO_STEPS } from './index.ts';
import { runDemoSteps } from './demo-steps.ts';
import { demoReportsStep } from './demo-reports.ts';
import { DEMO_EXAMPLE_FUND } from './demo-module1-runs.ts';

describe('demo reports step', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await runDemoSteps(database.db, DEMO_STEPS);
  }, 180_000);
  afterAll(() => database.drop());

  it('queues the board report of the demo fund and adds a monthly schedule, both labelled demo', async () => {
    expect(await runDemoSteps(database.db, [demoReportsStep])).toEqual(['reports-v1']);
    const [report] = await database.db.select().from(reports);
    expect(report).toMatchObject({
      status: 'queued',
      demo: true,
      templateName: 'Yönetim Kurulu Aylık Risk Raporu',
      portfolioCodes: [DEMO_EXAMPLE_FUND],
      ownerName: 'Sistem (Demo verisi)',
    });
    expect(report!.asOfDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const schedules = await database.db.select().from(reportSchedules);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ frequency: 'monthly-bd-n', businessDay: 1, demo: true });
  });
});
