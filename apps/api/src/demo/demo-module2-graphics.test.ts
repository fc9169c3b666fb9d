// The first start leaves a finished active-share run and a risk-graphic run: queued by the demo
// step, computed by the real worker process on the demo data. The queueing is tested on the demo
// data set; the runs as the worker process finished them, on the computed demo
// (DEMO_COMPUTED_SEED, made by the same step and the same worker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveShareResultSchema, RiskGraphicResultSchema } from '@fonrisk/contracts';
import { analysisRuns, benchmarks, eq } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import { createRunQueue, type RunQueue } from '../modules/analyses/run-queue.ts';
import {
  DEMO_ACTIVE_SHARE_FUNDS,
  DEMO_HOLDINGS_BENCHMARK,
  demoModule2GraphicsStep,
} from './demo-module2-graphics.ts';
import { runDemoSteps } from './demo-steps.ts';
import { DEMO_RUN_STEPS, DEMO_START_STEPS, DEMO_STEPS } from './index.ts';
import { demoRmdHistoryStep } from './demo-rmd-history.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

describe('first-start Module 2 graphics runs', () => {
  let database: TestDatabase;
  let computed: TestDatabase;
  let queue: RunQueue;
  beforeAll(async () => {
    database = await createDemoTestDatabase();
    // The same step's runs computed by the real worker process (DEMO_COMPUTED_SEED).
    computed = await createDemoTestDatabase({ runs: true });
    queue = createRunQueue(database.db, (error) => {
      throw error;
    });
  }, 720_000);
  afterAll(async () => {
    await queue.close();
    await database.drop();
    await computed.drop();
  });

  it('is loaded by npm start after the RMD history', () => {
    expect(DEMO_START_STEPS.indexOf(demoModule2GraphicsStep)).toBeGreaterThan(
      DEMO_START_STEPS.indexOf(demoRmdHistoryStep),
    );
    expect(DEMO_STEPS).not.toContain(demoModule2GraphicsStep);
  });

  it('adds the demo holdings benchmark and queues both runs once', async () => {
    const context = { queue };
    expect(await runDemoSteps(database.db, [demoModule2GraphicsStep], context)).toEqual([
      'module2-graphics-v1',
    ]);
    expect(await runDemoSteps(database.db, [demoModule2GraphicsStep], context)).toEqual([]);
    const [bm] = await database.db
      .select()
      .from(benchmarks)
      .where(eq(benchmarks.code, DEMO_HOLDINGS_BENCHMARK.code));
    expect(bm).toMatchObject({ kind: 'holdings', holdingsPortfolioCode: 'DEF', isDemo: true });
    const queued = await database.db.select().from(analysisRuns);
    expect(queued.map((r) => `${r.analysisType}:${r.status}`).sort()).toEqual([
      'active-share:queued',
      'risk-graphic:queued',
    ]);
  });

  it('has both finished by the worker process', async () => {
    expect(DEMO_RUN_STEPS).toContain(demoModule2GraphicsStep);
    const runs = (await computed.db.select().from(analysisRuns)).filter(
      (r) => r.analysisType === 'active-share' || r.analysisType === 'risk-graphic',
    );
    expect(runs.map((r) => `${r.analysisType}:${r.status}`).sort()).toEqual([
      'active-share:done',
      'risk-graphic:done',
    ]);
    const byType = (type: string) => runs.find((r) => r.analysisType === type)!;
    expect(byType('active-share').createdByName).toContain('Sistem');

    const as = ActiveShareResultSchema.parse(byType('active-share').result);
    expect(as.funds.map((f) => f.portfolioCode)).toEqual([...DEMO_ACTIVE_SHARE_FUNDS]);
    for (const f of as.funds) {
      expect(f.activeShare).toBeGreaterThan(0);
      expect(f.activeShare).toBeLessThanOrEqual(1);
      expect(f.trackingError).toBeGreaterThan(0);
      expect(f.history.length).toBeGreaterThan(1);
    }
    // The mixed fund holds bonds the equity index fund does not: more active than the equity fund.
    expect(as.funds[1]!.activeShare).toBeGreaterThan(as.funds[0]!.activeShare);

    const rg = RiskGraphicResultSchema.parse(byType('risk-graphic').result);
    expect(Object.keys(rg.charts).sort()).toEqual([
      'correlation',
      'exposure',
      'riskReturn',
      'varUsage',
    ]);
    expect(rg.points).toHaveLength(10);
    expect(rg.points.every((p) => p.annualizedVolatility !== null && p.navTry !== null)).toBe(true);
  });
});
