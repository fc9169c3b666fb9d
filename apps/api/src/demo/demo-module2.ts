import {
  ANALYSIS_TYPES,
  ConcentrationRiskInputsSchema,
  LiquidityTestInputsSchema,
  RiskValueInputsSchema,
  StressTestInputsSchema,
  RunLane,
  type AnalysisType,
} from '@fonrisk/contracts';
import {
  type Executor,
  and,
  asc,
  eq,
  holdings,
  marketValues,
  officialRiskValues,
  portfolios,
  sql,
  stressScenarios,
} from '@fonrisk/db';
import { riskValueHistory, weeklyReturns } from '@fonrisk/risk';
import { queueRun } from '../modules/analyses/run-queue.ts';
import { SYSTEM_ACTOR } from '../modules/rmd-tracking/rmd-batch.ts';
import { ensureShippedScenarios } from '../modules/stress-scenarios/stress-scenarios.repository.ts';
import type { DemoContext, DemoStep } from './demo-steps.ts';

/** Source recorded with the demo's official risk values (they stand in for TEFAS figures). */
export const DEMO_OFFICIAL_SOURCE = 'Demo (TEFAS yerine örnek)';

export async function demoFunds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ code: portfolios.code })
    .from(portfolios)
    .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)))
    .orderBy(asc(portfolios.code));
  return rows.map((r) => r.code);
}

/**
 * DEMO DATA, labelled: an "official" risk value per demo fund standing in for the TEFAS figure,
 * computed the way a publisher without the benchmark fill would (the fund's own weekly returns
 * only, 4-month rule), so that the risk-value screen shows the official class beside the computed
 * one and flags the funds where they differ.
 */
async function saveDemoOfficialRiskValues(tx: Executor, funds: readonly string[]): Promise<void> {
  for (const code of funds) {
    const rows = await tx
      .select({ date: marketValues.date, value: marketValues.value })
      .from(marketValues)
      .where(eq(marketValues.ticker, code))
      .orderBy(asc(marketValues.date));
    const weeks = weeklyReturns(
      rows.map((r) => r.date),
      rows.map((r) => r.value),
    );
    if (weeks.length < 52) continue;
    const own = riskValueHistory(weeks);
    const last = own.history.at(-1)!;
    await tx
      .insert(officialRiskValues)
      .values({
        fundCode: code,
        date: last.date,
        riskValue: own.officialRiskValue,
        source: DEMO_OFFICIAL_SOURCE,
        isDemo: true,
      })
      .onConflictDoNothing();
  }
}

/** Queues one run as 'Sistem' with the inputs parsed by the type's schema (defaults filled). */
export async function queueDemoRun(
  tx: Executor,
  context: DemoContext,
  type: AnalysisType,
  inputs: unknown,
): Promise<void> {
  const parsed = ANALYSIS_TYPES[type].inputsSchema.parse(inputs) as Record<string, unknown>;
  await queueRun(tx, context.queue, {
    analysisType: type,
    inputs: parsed,
    requester: SYSTEM_ACTOR,
    lane: RunLane.Batch,
  });
}

/**
 * Module 2 on the first start: the demo official risk values, then one finished run per Module 2
 * result screen, queued as 'Sistem' on the latest demo holdings date (the worker computes them in
 * the background).
 */
export const demoModule2Step: DemoStep = {
  name: 'module2-runs-v1',
  async run(tx, context) {
    const funds = await demoFunds(tx);
    if (funds.length === 0) return;
    await saveDemoOfficialRiskValues(tx, funds);
    const [latest] = await tx
      .select({ date: sql<string>`max(${holdings.portfolioDate})` })
      .from(holdings);
    const asOfDate = latest?.date;
    if (asOfDate === undefined) return;
    await queueDemoRun(
      tx,
      context,
      'risk-value',
      RiskValueInputsSchema.parse({ portfolioCodes: funds, asOfDate }),
    );
    await ensureShippedScenarios(tx);
    const shipped = await tx
      .select({ id: stressScenarios.id })
      .from(stressScenarios)
      .where(eq(stressScenarios.isShipped, true))
      .orderBy(asc(stressScenarios.id));
    await queueDemoRun(
      tx,
      context,
      'stress-test',
      StressTestInputsSchema.parse({
        portfolioCodes: funds,
        asOfDate,
        scenarioIds: shipped.map((r) => r.id),
        reverseLossPct: 10,
      }),
    );
  },
};

/**
 * Module 2 liquidity and concentration on the first start: one liquidity-test run (with a
 * user-defined 25 % over 5 days scenario beside the fixed and historical ones) and one
 * concentration-risk run of every demo fund with the default limits, queued as 'Sistem' on the
 * latest demo holdings date. The stock volumes they read are demo series (market/volumes.ts).
 */
export const demoModule2LiquidityStep: DemoStep = {
  name: 'module2-liquidity-concentration-v1',
  async run(tx, context) {
    const funds = await demoFunds(tx);
    if (funds.length === 0) return;
    const [latest] = await tx
      .select({ date: sql<string>`max(${holdings.portfolioDate})` })
      .from(holdings);
    const asOfDate = latest?.date;
    if (asOfDate === undefined) return;
    await queueDemoRun(
      tx,
      context,
      'liquidity-test',
      LiquidityTestInputsSchema.parse({
        portfolioCodes: funds,
        asOfDate,
        scenarios: [
          { name: 'Yoğun geri ödeme (%25, 5 gün)', redemptionShare: 0.25, horizonDays: 5 },
        ],
      }),
    );
    await queueDemoRun(
      tx,
      context,
      'concentration-risk',
      ConcentrationRiskInputsSchema.parse({ portfolioCodes: funds, asOfDate }),
    );
  },
};
