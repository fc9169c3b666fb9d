import {
  type BacktestInputs,
  type IncrementalVarInputs,
  type LeverageInputs,
  RunLane,
} from '@fonrisk/contracts';
import { type Executor, and, asc, desc, eq, holdings, portfolios } from '@fonrisk/db';
import { queueRun } from '../modules/analyses/run-queue.ts';
import type { BatchActor } from '../modules/rmd-tracking/rmd-batch.ts';
import type { DemoContext, DemoStep } from './demo-steps.ts';

/** The creator of the demo's example runs: no user, and the name says they are demo data. */
export const DEMO_RUN_ACTOR: BatchActor = { userId: null, name: 'Sistem (Demo verisi)' };

/** The fund of the backtest and what-if examples: the equity fund, the one a newcomer knows. */
export const DEMO_EXAMPLE_FUND = 'DHS';

/** Share of the fund's largest position sold in the incremental-VaR example (what-if trade). */
export const DEMO_WHAT_IF_SALE = 0.1;

/** The latest holdings date of a portfolio (the demo funds all end on the start date). */
async function latestDate(tx: Executor, code: string): Promise<string | null> {
  const [row] = await tx
    .select({ date: holdings.portfolioDate })
    .from(holdings)
    .where(eq(holdings.portfolioCode, code))
    .orderBy(desc(holdings.portfolioDate))
    .limit(1);
  return row?.date ?? null;
}

/** The fund's largest position on `date` (by current value), for the what-if sale. */
async function largestPosition(
  tx: Executor,
  code: string,
  date: string,
): Promise<{ instrumentCode: string; value: number } | null> {
  const [row] = await tx
    .select({ instrumentCode: holdings.instrumentCode, value: holdings.currentValue })
    .from(holdings)
    .where(and(eq(holdings.portfolioCode, code), eq(holdings.portfolioDate, date)))
    .orderBy(desc(holdings.currentValue))
    .limit(1);
  return row ?? null;
}

async function queueDemoRun(
  tx: Executor,
  { queue }: DemoContext,
  analysisType: 'backtest' | 'leverage' | 'incremental-var',
  inputs: BacktestInputs | LeverageInputs | IncrementalVarInputs,
): Promise<void> {
  await queueRun(tx, queue, {
    analysisType,
    inputs: { ...inputs },
    requester: DEMO_RUN_ACTOR,
    lane: RunLane.Batch,
  });
}

/**
 * One example run for each Module 1 result screen the RMD history does not fill, so that a
 * newcomer opening backtest-result, leverage-analysis-result or incremental-var-result finds a
 * finished run (var-analysis-result has the RMD history's VaR runs):
 * - backtest of DHS over the default period (the last 250 business days, settings' model);
 * - leverage of every demo fund on its latest date (DSF holds the VİOP futures and options);
 * - incremental VaR of DHS on its latest date with one what-if trade: sell
 *   DEMO_WHAT_IF_SALE of its largest position.
 * Queued as 'Sistem (Demo verisi)'; the worker computes them after start-up.
 */
export const demoModule1RunsStep: DemoStep = {
  name: 'module1-example-runs-v1',
  async run(tx, context) {
    const date = await latestDate(tx, DEMO_EXAMPLE_FUND);
    if (date === null) return;
    await queueDemoRun(tx, context, 'backtest', { portfolioCode: DEMO_EXAMPLE_FUND });
    const funds = await tx
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)))
      .orderBy(asc(portfolios.code));
    await queueDemoRun(tx, context, 'leverage', {
      portfolioCodes: funds.map((f) => f.code),
      asOfDate: date,
    });
    const largest = await largestPosition(tx, DEMO_EXAMPLE_FUND, date);
    await queueDemoRun(tx, context, 'incremental-var', {
      portfolioCode: DEMO_EXAMPLE_FUND,
      asOfDate: date,
      trades: largest
        ? [
            {
              instrumentCode: largest.instrumentCode,
              valueChangeTry: -Math.round(largest.value * DEMO_WHAT_IF_SALE),
            },
          ]
        : [],
    });
  },
};
