import type {
  BondAnalysisInputs,
  CustomerPerformanceReportInputs,
  PerformanceReportInputs,
} from '@fonrisk/contracts';
import { RunLane } from '@fonrisk/contracts';
import {
  type Executor,
  and,
  eq,
  holdings,
  inArray,
  indexConstituents,
  instruments,
  marketSeries,
  portfolioCashFlows,
  portfolioFeeRates,
  portfolios,
  sql,
} from '@fonrisk/db';
import { addMonths, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import { queueRun } from '../modules/analyses/run-queue.ts';
import type { DemoStep } from './demo-steps.ts';
import { DEMO_SEED, generateDemoData } from './market/generate.ts';
import { TICKER } from './market/market.ts';
import { DEMO_FEE_PCT } from './market/plans.ts';
import { BIST30_TICKERS, STOCKS } from './market/stocks.ts';
import { DEMO_LABEL, type DemoInternals } from './market/types.ts';

/** The last holdings date of the demo portfolios (the generator's end date), or null. */
export async function demoEndDate(tx: Executor): Promise<string | null> {
  const [row] = await tx
    .select({ d: sql<string | null>`max(${holdings.portfolioDate})::text` })
    .from(holdings)
    .innerJoin(portfolios, eq(portfolios.code, holdings.portfolioCode))
    .where(eq(portfolios.isDemo, true));
  return row?.d ?? null;
}

/** Stores the generator's customer flows (deposits, withdrawals, fees) of the demo customers. */
export async function insertDemoCashFlows(
  tx: Executor,
  customerFlows: DemoInternals['customerFlows'],
): Promise<void> {
  const rows = [...customerFlows.entries()].flatMap(([code, f]) => [
    ...f.cashFlows
      .filter((c) => c.amount !== 0)
      .map((c) => ({
        portfolioCode: code,
        flowDate: c.date,
        kind: c.amount > 0 ? 'deposit' : 'withdrawal',
        amountTry: Math.abs(c.amount),
        note: DEMO_LABEL,
        isDemo: true,
      })),
    ...f.feePayments.map((c) => ({
      portfolioCode: code,
      flowDate: c.date,
      kind: 'fee',
      amountTry: c.amount,
      note: `Yönetim ücreti (${DEMO_LABEL})`,
      isDemo: true,
    })),
  ]);
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(portfolioCashFlows).values(rows.slice(i, i + 1000));
}

/**
 * The cash-flow model of the demo customer portfolios for a database whose demo market was
 * loaded before the flows existed: the generator runs again for the same seed and end date (the
 * same history as the loaded holdings). A new database gets the flows with the market step, and
 * this step then finds them and does nothing.
 */
export const demoCashFlowsStep: DemoStep = {
  name: 'customer-cash-flows-v1',
  async run(tx) {
    const [present] = await tx
      .select({ id: portfolioCashFlows.id })
      .from(portfolioCashFlows)
      .where(eq(portfolioCashFlows.isDemo, true))
      .limit(1);
    if (present) return;
    const endDate = await demoEndDate(tx);
    if (endDate === null) return;
    const customers = new Set(
      (
        await tx
          .select({ code: portfolios.code })
          .from(portfolios)
          .where(and(eq(portfolios.kind, 'customer'), eq(portfolios.isDemo, true)))
      ).map((r) => r.code),
    );
    if (customers.size === 0) return;
    const flows = generateDemoData(DEMO_SEED, endDate).internals.customerFlows;
    await insertDemoCashFlows(
      tx,
      new Map([...flows.entries()].filter(([code]) => customers.has(code))),
    );
  },
};

/**
 * The annual management fee rate of each demo fund and customer portfolio (the generator's
 * rates), stored where the performance report's gross-of-fee add-back reads it (issue 13).
 * Rates a user has stored are left as they are.
 */
export const demoFeeRatesStep: DemoStep = {
  name: 'fee-rates-v1',
  async run(tx) {
    const present = new Set(
      (
        await tx
          .select({ code: portfolios.code })
          .from(portfolios)
          .where(
            and(eq(portfolios.isDemo, true), inArray(portfolios.code, Object.keys(DEMO_FEE_PCT))),
          )
      ).map((r) => r.code),
    );
    const rows = Object.entries(DEMO_FEE_PCT)
      .filter(([code]) => present.has(code))
      .map(([portfolioCode, annualFeeRatePct]) => ({
        portfolioCode,
        annualFeeRatePct,
        updatedBy: `Sistem (${DEMO_LABEL})`,
        isDemo: true,
      }));
    if (rows.length > 0) await tx.insert(portfolioFeeRates).values(rows).onConflictDoNothing();
  },
};

/**
 * The constituents of the demo BIST 100 and BIST 30 indices: the demo shares with the share
 * counts the generator capitalisation-weights them by (market.ts), so that the equity fund's
 * composite benchmark (%95 BIST 100 + %5 para piyasası) has sector weights and the performance
 * report attributes the equity part by sector (issue 13).
 */
export const demoIndexConstituentsStep: DemoStep = {
  name: 'index-constituents-v1',
  async run(tx) {
    const indices = [TICKER.bist100, TICKER.bist30];
    const series = new Set(
      (
        await tx
          .select({ t: marketSeries.ticker })
          .from(marketSeries)
          .where(inArray(marketSeries.ticker, indices))
      ).map((r) => r.t),
    );
    const known = new Set(
      (
        await tx
          .select({ code: instruments.code })
          .from(instruments)
          .where(
            inArray(
              instruments.code,
              STOCKS.map((s) => s.ticker),
            ),
          )
      ).map((r) => r.code),
    );
    const rows = STOCKS.filter((s) => known.has(s.ticker)).flatMap((s) =>
      [TICKER.bist100, ...(BIST30_TICKERS.has(s.ticker) ? [TICKER.bist30] : [])]
        .filter((index) => series.has(index))
        .map((indexTicker) => ({
          indexTicker,
          instrumentCode: s.ticker,
          shares: s.sharesMn,
          isDemo: true,
        })),
    );
    if (rows.length > 0) await tx.insert(indexConstituents).values(rows).onConflictDoNothing();
  },
};

/** Who the first-start Module 5 runs are shown as. */
const DEMO_ACTOR_NAME = `Sistem (${DEMO_LABEL})`;

/** Demo portfolios of the Module 5 first-start runs. */
export const DEMO_MODULE5 = {
  performanceFund: 'DHS',
  customer: 'DMUS02',
  bondFund: 'DBA',
} as const;

/**
 * A finished run on each Module 5 result screen from the first start: the performance report of
 * the equity fund (its stored fee rate), the customer report of a demo customer over its last year
 * (with the demo cash flows), and the bond analysis of the debt fund's bonds on the last date.
 * Only queued; the worker computes them in the background.
 */
export const demoModule5RunsStep: DemoStep = {
  name: 'module5-runs-v1',
  async run(tx, { queue }) {
    const endDate = await demoEndDate(tx);
    if (endDate === null) return;
    const queueDemoRun = async (analysisType: string, inputs: Record<string, unknown>) => {
      await queueRun(tx, queue, {
        analysisType,
        inputs,
        requester: { userId: null, name: DEMO_ACTOR_NAME },
        lane: RunLane.Batch,
      });
    };
    const performance: PerformanceReportInputs = {
      portfolioCode: DEMO_MODULE5.performanceFund,
      // The fund's stored fee rate (demoFeeRatesStep) is added back.
      asOfDate: endDate,
    };
    const customer: CustomerPerformanceReportInputs = {
      portfolioCode: DEMO_MODULE5.customer,
      fromDate: formatIsoDate(addMonths(parseIsoDate(endDate), -12)),
      toDate: endDate,
    };
    const bonds: BondAnalysisInputs = {
      source: 'portfolio',
      portfolioCodes: [DEMO_MODULE5.bondFund],
      asOfDate: endDate,
    };
    await queueDemoRun('performance-report', performance);
    await queueDemoRun('customer-performance-report', customer);
    await queueDemoRun('bond-analysis', bonds);
  },
};
