import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcentrationRiskInputsSchema,
  LiquidityTestInputsSchema,
  RiskValueInputsSchema,
  StressTestInputsSchema,
} from '@fonrisk/contracts';
import { analysisRuns, officialRiskValues, stressScenarios } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import { DEMO_OFFICIAL_SOURCE, demoModule2LiquidityStep, demoModule2Step } from './demo-module2.ts';
import { runDemoSteps, type DemoContext } from './demo-steps.ts';
import { DEMO_START_STEPS } from './index.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

describe('first-start Module 2 demo step', () => {
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

  it('queues one risk-value and one stress-test run of every demo fund as Sistem, once', async () => {
    expect(await runDemoSteps(database.db, [demoModule2Step], context)).toEqual([
      'module2-runs-v1',
    ]);
    expect(await runDemoSteps(database.db, [demoModule2Step], context)).toEqual([]);
    const runs = await database.db.select().from(analysisRuns);
    expect(runs.map((r) => r.analysisType).sort()).toEqual(['risk-value', 'stress-test']);
    expect(queued.sort()).toEqual(runs.map((r) => r.id).sort());
    const stress = runs.find((r) => r.analysisType === 'stress-test')!;
    const inputs = StressTestInputsSchema.parse(stress.inputs);
    const shipped = await database.db.select().from(stressScenarios);
    expect(inputs.scenarioIds.sort()).toEqual(shipped.map((s) => s.id).sort());
    expect(inputs.portfolioCodes).toHaveLength(10);
    const rv = RiskValueInputsSchema.parse(
      runs.find((r) => r.analysisType === 'risk-value')!.inputs,
    );
    expect(rv.portfolioCodes).toEqual(inputs.portfolioCodes);
    expect(stress.createdByName).toBe('Sistem');
  });

  it('queues one liquidity-test and one concentration-risk run of every demo fund, once', async () => {
    expect(await runDemoSteps(database.db, [demoModule2LiquidityStep], context)).toEqual([
      'module2-liquidity-concentration-v1',
    ]);
    expect(await runDemoSteps(database.db, [demoModule2LiquidityStep], context)).toEqual([]);
    const runs = await database.db.select().from(analysisRuns);
    const liquidity = runs.find((r) => r.analysisType === 'liquidity-test')!;
    const concentration = runs.find((r) => r.analysisType === 'concentration-risk')!;
    expect(LiquidityTestInputsSchema.parse(liquidity.inputs).portfolioCodes).toHaveLength(10);
    expect(LiquidityTestInputsSchema.parse(liquidity.inputs).scenarios).toHaveLength(1);
    expect(ConcentrationRiskInputsSchema.parse(concentration.inputs).portfolioCodes).toHaveLength(
      10,
    );
    expect(concentration.createdByName).toBe('Sistem');
    expect(DEMO_START_STEPS).toContain(demoModule2LiquidityStep);
  });

  it('records demo stand-ins for the official risk values, labelled as demo', async () => {
    const rows = await database.db.select().from(officialRiskValues);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.isDemo && r.source === DEMO_OFFICIAL_SOURCE)).toBe(true);
    expect(rows.every((r) => r.riskValue >= 1 && r.riskValue <= 7)).toBe(true);
  });
});
