import type {
  BondAnalysisInputs,
  CustomerPerformanceReportInputs,
  PerformanceReportInputs,
} from '@fonrisk/contracts';
import { runScope } from '@fonrisk/contracts';
import {
  type Executor,
  and,
  eq,
  holdings,
  inArray,
  portfolioCashFlows,
  portfolios,
  sql,
} from '@fonrisk/db';
import { addMonths, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import { insertRun } from '../modules/analyses/analyses.repository.ts';
import type { DemoStep } from './demo-steps.ts';
import { DEMO_SEED, generateDemoData } from './market/generate.ts';
import { DEMO_FEE_PCT } from './market/plans.ts';
import { DEMO_LABEL } from './market/types.ts';

/** The last holdings date of the demo portfolios (the generator's end date), or null. */
async function demoEndDate(tx: Executor): Promise<string | null> {
  const [row] = await tx
    .select({ d: sql<string | null>`max(${holdings.portfolioDate})::text` })
    .from(holdings)
    .innerJoin(portfolios, eq(portfolios.code, holdings.portfolioCode))
    .where(eq(portfolios.isDemo, true));
  return row?.d ?? null;
}

/**
 * The cash-flow model of the demo customer portfolios: the deposits and withdrawals and the fees
 * the generator simulated (the same seed and end date give the same history as the loaded
 * holdings), stored as demo rows. Runs after the market step.
 */
export const demoCashFlowsStep: DemoStep = {
  name: 'customer-cash-flows-v1',
  async run(tx) {
    const endDate = await demoEndDate(tx);
    if (endDate === null) return;
    const customers = (
      await tx
        .select({ code: portfolios.code })
        .from(portfolios)
        .where(and(eq(portfolios.kind, 'customer'), eq(portfolios.isDemo, true)))
    ).map((r) => r.code);
    if (customers.length === 0) return;
    const data = generateDemoData(DEMO_SEED, endDate);
    const rows = customers.flatMap((code) => {
      const f = data.internals.customerFlows.get(code);
      if (!f) return [];
      return [
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
      ];
    });
    await tx
      .delete(portfolioCashFlows)
      .where(
        and(
          inArray(portfolioCashFlows.portfolioCode, customers),
          eq(portfolioCashFlows.isDemo, true),
        ),
      );
    if (rows.length > 0) await tx.insert(portfolioCashFlows).values(rows);
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
 * the equity fund (its fee rate), the customer report of a demo customer over its last year
 * (with the demo cash flows), and the bond analysis of the debt fund's bonds on the last date.
 * Only queued; the worker computes them in the background.
 */
export const demoModule5RunsStep: DemoStep = {
  name: 'module5-runs-v1',
  async run(tx, { queue }) {
    const endDate = await demoEndDate(tx);
    if (endDate === null) return;
    const queueRun = async (analysisType: string, inputs: Record<string, unknown>) => {
      const run = await insertRun(tx, {
        analysisType,
        inputs,
        ...runScope(inputs),
        createdBy: null,
        createdByName: DEMO_ACTOR_NAME,
      });
      await queue.enqueue(tx, run.id);
    };
    const performance: PerformanceReportInputs = {
      portfolioCode: DEMO_MODULE5.performanceFund,
      asOfDate: endDate,
      annualFeeRatePct: DEMO_FEE_PCT[DEMO_MODULE5.performanceFund],
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
    await queueRun('performance-report', performance);
    await queueRun('customer-performance-report', customer);
    await queueRun('bond-analysis', bonds);
  },
};
