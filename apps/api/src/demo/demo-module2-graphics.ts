import { ActiveShareInputsSchema, RiskGraphicInputsSchema } from '@fonrisk/contracts';
import { addMonths, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import { benchmarks, eq, holdings, portfolios, sql } from '@fonrisk/db';
import type { DemoStep } from './demo-steps.ts';
import { demoFunds, queueDemoRun } from './demo-module2.ts';

/**
 * DEMO DATA, labelled: a holdings benchmark that follows the demo BIST 30 index fund's holdings
 * (the demo has no index constituent file; an index fund's holdings are what a benchmark's
 * composition looks like), so that active share has holdings to compare against.
 */
export const DEMO_HOLDINGS_BENCHMARK = {
  code: 'DEMO-BM-BIST30-PAY',
  name: 'Demo BIST 30 bileşimi (DEF fonunun varlıkları, pay bazında)',
  holdingsPortfolioCode: 'DEF',
} as const;
/** Demo funds compared with the holdings benchmark: the equity fund and the mixed fund. */
export const DEMO_ACTIVE_SHARE_FUNDS = ['DHS', 'DKR'] as const;
/** Months of history in the demo risk graphics. */
export const DEMO_RISK_GRAPHIC_MONTHS = 12;

/**
 * Module 2 graphics on the first start, queued as 'Sistem' on the latest demo holdings date
 * after the RMD history (so its VaR points exist when the worker, first in first out, gets here):
 * an active-share run of the demo equity and mixed funds against the holdings benchmark, and a
 * risk-graphic run over the demo funds' last year (the screen opens on it).
 */
export const demoModule2GraphicsStep: DemoStep = {
  name: 'module2-graphics-v1',
  async run(tx, context) {
    const funds = await demoFunds(tx);
    const [def] = await tx
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(eq(portfolios.code, DEMO_HOLDINGS_BENCHMARK.holdingsPortfolioCode));
    if (funds.length === 0 || !def) return;
    const [latest] = await tx
      .select({ date: sql<string | null>`max(${holdings.portfolioDate})` })
      .from(holdings);
    const asOfDate = latest?.date ?? null;
    if (asOfDate === null) return;
    await tx
      .insert(benchmarks)
      .values({
        code: DEMO_HOLDINGS_BENCHMARK.code,
        name: DEMO_HOLDINGS_BENCHMARK.name,
        kind: 'holdings',
        rebalancing: 'daily',
        holdingsPortfolioCode: DEMO_HOLDINGS_BENCHMARK.holdingsPortfolioCode,
        isDemo: true,
      })
      .onConflictDoNothing();
    await queueDemoRun(
      tx,
      context,
      'active-share',
      ActiveShareInputsSchema.parse({
        portfolioCodes: DEMO_ACTIVE_SHARE_FUNDS.filter((c) => funds.includes(c)),
        asOfDate,
        benchmarkCode: DEMO_HOLDINGS_BENCHMARK.code,
      }),
    );
    await queueDemoRun(
      tx,
      context,
      'risk-graphic',
      RiskGraphicInputsSchema.parse({
        portfolioCodes: funds,
        fromDate: formatIsoDate(addMonths(parseIsoDate(asOfDate), -DEMO_RISK_GRAPHIC_MONTHS)),
        toDate: asOfDate,
      }),
    );
  },
};
