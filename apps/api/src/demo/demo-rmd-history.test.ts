import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VarInputsSchema } from '@fonrisk/contracts';
import { analysisRuns, and, eq, holdings, portfolios, readVarSettings } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import {
  DEMO_PORTFOLIO_LIMITS,
  DEMO_RMD_HISTORY_DAYS,
  demoRmdHistoryStep,
} from './demo-rmd-history.ts';
import { runDemoSteps, type DemoContext } from './demo-steps.ts';
import { DEMO_START_STEPS, DEMO_STEPS } from './index.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

describe('first-start RMD history demo step', () => {
  let database: TestDatabase;
  const queued: string[] = [];
  const context: DemoContext = {
    queue: {
      // Demo runs are batch work: a user's run never waits behind them (decision 0054).
      enqueue: (_ex, runs) => {
        for (const run of runs) expect(run.lane).toBe('batch');
        return Promise.resolve(void queued.push(...runs.map((run) => run.id)));
      },
      close: () => Promise.resolve(),
    },
  };
  beforeAll(async () => {
    database = await createDemoTestDatabase();
  });
  afterAll(() => database.drop());

  const steps = [...DEMO_STEPS, demoRmdHistoryStep];

  it('is loaded by npm start after the market, not by the plain data set', () => {
    expect(DEMO_START_STEPS.indexOf(demoRmdHistoryStep)).toBe(DEMO_STEPS.length);
    expect(DEMO_STEPS).not.toContain(demoRmdHistoryStep);
  });

  it('queues one range VaR run per demo fund over its last 60 holdings dates, once', async () => {
    expect(await runDemoSteps(database.db, steps, context)).toEqual(['rmd-history-v1']);
    expect(await runDemoSteps(database.db, steps, context), 'second start queues nothing').toEqual(
      [],
    );
    const db = database.db;
    const funds = await db
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)));
    const runs = await db.select().from(analysisRuns);
    expect(runs).toHaveLength(funds.length);
    expect(queued.sort()).toEqual(runs.map((r) => r.id).sort());
    for (const run of runs) {
      expect(run).toMatchObject({
        analysisType: 'var',
        status: 'queued',
        createdBy: null,
        createdByName: 'Sistem',
        asOfDate: null,
      });
      expect(VarInputsSchema.safeParse(run.inputs).success).toBe(true);
    }
    const dhs = runs.find((r) => r.portfolioCodes[0] === 'DHS')!;
    const dates = (
      await db
        .selectDistinct({ date: holdings.portfolioDate })
        .from(holdings)
        .where(eq(holdings.portfolioCode, 'DHS'))
    )
      .map((d) => d.date)
      .sort();
    const inRange = dates.filter((d) => d >= dhs.fromDate! && d <= dhs.toDate!);
    expect(dhs.toDate).toBe(dates.at(-1));
    expect(inRange).toHaveLength(DEMO_RMD_HISTORY_DAYS);
  });

  it('stores the demo fund limits in the VaR settings', async () => {
    const { settings } = await readVarSettings(database.db);
    expect(settings.portfolioLimits).toEqual(expect.arrayContaining([...DEMO_PORTFOLIO_LIMITS]));
  });
});
