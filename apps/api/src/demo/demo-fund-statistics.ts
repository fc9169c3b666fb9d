import { type FundStatisticsInputs, RunLane } from '@fonrisk/contracts';
import { asc, desc, eq, marketValues, portfolios, and } from '@fonrisk/db';
import { queueRun } from '../modules/analyses/run-queue.ts';
import { SYSTEM_ACTOR } from '../modules/rmd-tracking/rmd-batch.ts';
import { EXTERNAL_FUNDS } from './market/tefas-funds.ts';
import { TICKER } from './market/market.ts';
import type { DemoStep } from './demo-steps.ts';

/**
 * fund-statistics-result filled from the first start: one 'fund-statistics' run of the demo's
 * own funds and its TEFAS-style funds over the last year of their unit prices against the
 * BIST 100 index, queued as 'Sistem' for the worker.
 */
export const demoFundStatisticsStep: DemoStep = {
  name: 'fund-statistics-v1',
  async run(tx, { queue }) {
    const own = await tx
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)))
      .orderBy(asc(portfolios.code));
    const [last] = await tx
      .select({ date: marketValues.date })
      .from(marketValues)
      .where(eq(marketValues.ticker, TICKER.bist100))
      .orderBy(desc(marketValues.date))
      .limit(1);
    if (!last || own.length === 0) return;
    const to = last.date;
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const inputs: FundStatisticsInputs = {
      fundCodes: [
        ...own.map((p) => p.code).slice(0, 6),
        ...EXTERNAL_FUNDS.map((f) => f.code).slice(0, 4),
      ],
      fromDate: from,
      toDate: to,
      benchmarkTicker: TICKER.bist100,
    };
    await queueRun(tx, queue, {
      analysisType: 'fund-statistics',
      inputs,
      requester: { userId: null, name: SYSTEM_ACTOR.name },
      lane: RunLane.Batch,
    });
  },
};
