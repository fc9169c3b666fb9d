// 'liquidity-test': liquidity profile and redemption coverage of funds (regulation-and-methods.md
// §3; decision 0035). Days to liquidate from the average daily volume of the position's volume
// series (or the type's days), buckets, pro-rata and waterfall sales, redemption scenarios.
import {
  LIQUIDITY_CALENDAR_LABEL,
  LIQUIDITY_BUCKET_LABELS,
  SELLING_METHOD_LABELS,
  type LiquidityFund,
  type LiquidityTestInputs,
  type LiquidityTestResult,
} from '@fonrisk/contracts';
import { readCalendarOverrides } from '@fonrisk/db';
import { createTurkishCalendar } from '@fonrisk/risk';
import { RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { resolvePortfolios } from '../data/load.ts';
import { barChartOption } from '../report-charts.ts';
import {
  IMPACT_MODEL,
  IMPACT_VOLATILITY_DAYS,
  fundLiquidity,
  type LineWithDays,
} from './fund-liquidity.ts';
import { tables } from './liquidity-tables.ts';

async function runLiquidityTest(
  ctx: RunContext<LiquidityTestInputs>,
): Promise<{ result: LiquidityTestResult; dataSnapshot: Record<string, unknown> }> {
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  const funds: LiquidityFund[] = [];
  const lines = new Map<string, LineWithDays[]>();
  let volumeTo: string | null = null;
  const calendar = createTurkishCalendar(await readCalendarOverrides(ctx.db));
  for (const [k, ref] of refs.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(k / refs.length, `${ref.code} portföyünün likiditesi hesaplanıyor`);
    const out = await fundLiquidity(ctx, ref, calendar);
    funds.push(out.fund);
    lines.set(ref.code, out.lines);
    if (out.volumeTo !== null && (volumeTo === null || out.volumeTo > volumeTo))
      volumeTo = out.volumeTo;
  }
  await ctx.progress(1, 'Likidite testi tamamlandı');
  const result: LiquidityTestResult = {
    asOfDate: ctx.inputs.asOfDate,
    conventions: {
      participationRate: ctx.inputs.participationRate,
      sellingMethod: ctx.inputs.sellingMethod,
      settlementDays: ctx.inputs.settlementDays,
      minimumCoverage: ctx.inputs.minimumCoverage,
      impactModel: IMPACT_MODEL,
      volatilityWindowDays: IMPACT_VOLATILITY_DAYS,
      volumeDataTo: volumeTo,
      calendar: LIQUIDITY_CALENDAR_LABEL,
      settlementLagDays: { ...ctx.inputs.settlementLagDays },
    },
    funds,
    tables: tables(funds, lines, ctx.inputs.minimumCoverage),
    charts: {
      buckets: {
        title: 'Likidite dilimlerine göre FTD dağılımı (%)',
        option: barChartOption(
          LIQUIDITY_BUCKET_LABELS.map((b) => `${b} gün`),
          funds.map((f) => ({
            name: f.portfolioCode,
            values: f.buckets.map((b) => b.share * 100),
          })),
          { yUnit: '%', digits: 2 },
        ),
      },
      cumulative: {
        title: `Dilim sonuna dek satılabilir FTD (%) – ${SELLING_METHOD_LABELS[ctx.inputs.sellingMethod]}`,
        option: barChartOption(
          LIQUIDITY_BUCKET_LABELS.map((b) => `${b} gün`),
          funds.map((f) => ({
            name: f.portfolioCode,
            values: f.buckets.map(
              (b) =>
                (ctx.inputs.sellingMethod === 'proRata'
                  ? b.cumulativeProRata
                  : b.cumulativeWaterfall) * 100,
            ),
          })),
          { yUnit: '%', digits: 2 },
        ),
      },
    },
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates: Object.fromEntries(funds.map((f) => [f.portfolioCode, f.date])),
      volumeDataThrough: volumeTo,
    },
  };
}

export const liquidityTestHandler: AnalysisHandler<'liquidity-test'> = { run: runLiquidityTest };
