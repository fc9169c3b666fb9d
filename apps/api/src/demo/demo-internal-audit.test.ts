import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalAuditInputsSchema } from '@fonrisk/contracts';
import { analysisRuns, auditBreaches, eq } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import { fakeContext, fundStatisticsHandler, internalAuditHandler } from '@fonrisk/worker';
import { FundStatisticsInputsSchema } from '@fonrisk/contracts';
import { DEMO_AUDIT_DAYS, demoInternalAuditStep } from './demo-internal-audit.ts';
import { demoFundStatisticsStep } from './demo-fund-statistics.ts';
import { runDemoSteps, type DemoContext } from './demo-steps.ts';
import { DEMO_START_STEPS, DEMO_STEPS } from './index.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

describe('first-start internal audit demo step', () => {
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
    await runDemoSteps(
      database.db,
      [...DEMO_STEPS, demoInternalAuditStep, demoFundStatisticsStep],
      context,
    );
  }, 120_000);
  afterAll(() => database.drop());

  it('is loaded by npm start', () => {
    expect(DEMO_START_STEPS).toContain(demoInternalAuditStep);
  });

  it('queues one tracked audit of every demo fund whose result shows breaches that opened and closed by themselves', async () => {
    const runs = await database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.analysisType, 'internal-audit'));
    expect(runs).toHaveLength(1);
    expect(queued).toContain(runs[0]!.id);
    const inputs = InternalAuditInputsSchema.parse(runs[0]!.inputs);
    expect(inputs.updateTracking).toBe(true);
    expect(inputs.portfolioCodes).toContain('DHS');
    // What the worker does with the queued run on first start.
    const { result } = await internalAuditHandler.run(fakeContext(database.db, inputs));
    expect(result.dates).toHaveLength(DEMO_AUDIT_DAYS);
    expect(result.criteria.length).toBeGreaterThan(10);
    const breaches = await database.db.select().from(auditBreaches);
    expect(breaches.length).toBeGreaterThan(0);
    expect(breaches.every((b) => b.isDemo)).toBe(true);
    const demoRule = breaches.filter((b) => b.criterionCode === 'DEMO-IC-TEK-HISSE-8');
    expect(demoRule.length, 'the demo internal limit is crossed').toBeGreaterThan(0);
    expect(result.tracking!.opened).toBe(breaches.length);
  }, 120_000);

  it('queues a fund-statistics run of demo and TEFAS-style funds against BIST 100 that the worker can finish', async () => {
    const [run] = await database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.analysisType, 'fund-statistics'));
    const inputs = FundStatisticsInputsSchema.parse(run!.inputs);
    expect(inputs.fundCodes).toEqual(expect.arrayContaining(['DHS', 'DXH']));
    const { result } = await fundStatisticsHandler.run(fakeContext(database.db, inputs));
    expect(result.funds).toHaveLength(inputs.fundCodes.length);
    expect(result.funds.every((f) => f.figures.beta !== null)).toBe(true);
  }, 120_000);
});
