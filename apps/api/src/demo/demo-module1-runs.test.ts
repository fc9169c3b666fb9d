// The first start leaves a finished run on every Module 1 result screen: the demo's example runs
// go through the real worker process (the one `npm start` launches) and must finish with results.
// The step's queueing is tested on the demo data set; its runs as the worker process finished
// them, on the computed demo (DEMO_COMPUTED_SEED, made by the same step and the same worker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BacktestResultSchema,
  IncrementalVarResultSchema,
  LeverageResultSchema,
} from '@fonrisk/contracts';
import { analysisRunBundles, analysisRuns, holdings, and, eq, inArray } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import { createRunQueue, type RunQueue } from '../modules/analyses/run-queue.ts';
import {
  DEMO_EXAMPLE_FUND,
  DEMO_RUN_ACTOR,
  DEMO_WHAT_IF_SALE,
  demoModule1RunsStep,
} from './demo-module1-runs.ts';
import { runDemoSteps } from './demo-steps.ts';
import { DEMO_RUN_STEPS, DEMO_START_STEPS, DEMO_STEPS } from './index.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

const MODULE1_EXAMPLE_TYPES = ['backtest', 'incremental-var', 'leverage'];

describe('first-start Module 1 example runs', () => {
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

  it('is loaded by npm start, after the market', () => {
    expect(DEMO_START_STEPS).toContain(demoModule1RunsStep);
    expect(DEMO_STEPS).not.toContain(demoModule1RunsStep);
  });

  it('queues a backtest, a leverage and an incremental-VaR run once', async () => {
    const context = { queue };
    expect(await runDemoSteps(database.db, [demoModule1RunsStep], context)).toEqual([
      'module1-example-runs-v1',
    ]);
    expect(await runDemoSteps(database.db, [demoModule1RunsStep], context)).toEqual([]);
    const queued = await database.db.select().from(analysisRuns);
    expect(queued.map((r) => r.analysisType).sort()).toEqual([
      'backtest',
      'incremental-var',
      'leverage',
    ]);
    for (const run of queued)
      expect(run, 'labelled demo').toMatchObject({
        status: 'queued',
        createdBy: null,
        createdByName: DEMO_RUN_ACTOR.name,
      });
    expect(DEMO_RUN_ACTOR.name).toContain('Demo verisi');
  });

  it('has them finished by the worker process, with results and input bundles', async () => {
    expect(DEMO_RUN_STEPS).toContain(demoModule1RunsStep);
    const runs = (await computed.db.select().from(analysisRuns)).filter((r) =>
      MODULE1_EXAMPLE_TYPES.includes(r.analysisType),
    );
    expect(runs.map((r) => `${r.analysisType}:${r.status}`).sort()).toEqual([
      'backtest:done',
      'incremental-var:done',
      'leverage:done',
    ]);

    const byType = (type: string) => runs.find((r) => r.analysisType === type)!;
    // Each records its input bundle (decision 0040) with the run.
    const bundles = await computed.db
      .select()
      .from(analysisRunBundles)
      .where(
        inArray(
          analysisRunBundles.runId,
          runs.map((r) => r.id),
        ),
      );
    expect(bundles.map((b) => b.runId).sort()).toEqual(runs.map((r) => r.id).sort());
    expect(bundles.every((b) => b.content.length > 0 && b.jsonBytes > b.content.length)).toBe(true);
    const backtest = BacktestResultSchema.parse(byType('backtest').result);
    expect(backtest.portfolioCode).toBe(DEMO_EXAMPLE_FUND);
    expect(backtest.points.length).toBeGreaterThan(200);

    const leverage = LeverageResultSchema.parse(byType('leverage').result);
    expect(leverage.portfolios.map((p) => p.portfolioCode)).toContain('DSF');
    expect(leverage.portfolios).toHaveLength(10);

    const incremental = byType('incremental-var');
    const iv = IncrementalVarResultSchema.parse(incremental.result);
    const trade = (
      incremental.inputs as { trades: { instrumentCode: string; valueChangeTry: number }[] }
    ).trades[0]!;
    const [largest] = await computed.db
      .select({ value: holdings.currentValue })
      .from(holdings)
      .where(
        and(
          eq(holdings.portfolioCode, DEMO_EXAMPLE_FUND),
          eq(holdings.portfolioDate, incremental.asOfDate!),
          eq(holdings.instrumentCode, trade.instrumentCode),
        ),
      );
    expect(trade.valueChangeTry).toBe(-Math.round(largest!.value * DEMO_WHAT_IF_SALE));
    expect(iv.portfolioCode).toBe(DEMO_EXAMPLE_FUND);
  });
});
