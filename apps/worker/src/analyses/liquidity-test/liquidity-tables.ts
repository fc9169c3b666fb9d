// The result tables of the liquidity test (LIQUIDITY_TEST_TABLES).
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  LIQUIDITY_BASIS_LABELS,
  LIQUIDITY_BUCKET_LABELS,
  type LiquidityFund,
  type ResultTables,
  buildTable,
  LIQUIDITY_TEST_TABLES,
} from '@fonrisk/contracts';
import { BUCKET_ENDS, type LineWithDays } from './fund-liquidity.ts';

/** Labels by any stored main type (a holding may carry one outside the vocabulary). */
const TYPE_LABELS: Readonly<Record<string, string | undefined>> = INSTRUMENT_MAIN_TYPE_LABELS;

export function tables(
  funds: readonly LiquidityFund[],
  lines: ReadonlyMap<string, LineWithDays[]>,
  minimumCoverage: number,
): ResultTables {
  return {
    summary: buildTable(
      LIQUIDITY_TEST_TABLES.summary,
      funds.map((f) => {
        const ratios = f.scenarios.flatMap((s) =>
          s.coverageRatio === null ? [] : [s.coverageRatio],
        );
        return {
          portfolioCode: f.portfolioCode,
          portfolioName: f.portfolioName,
          date: f.date,
          nav: f.nav,
          liquid1: f.buckets[0]!.cumulativeWaterfall,
          liquid7: f.buckets[1]!.cumulativeWaterfall,
          liquid30: f.buckets[2]!.cumulativeWaterfall,
          liquidationCostTry: f.liquidationCostTry,
          liquidationCost: f.liquidationCostTry / f.nav,
          worstCoverage: ratios.length > 0 ? Math.min(...ratios) : null,
          result: f.scenarios.every((s) => s.passes) ? 'Geçti' : 'Kaldı',
          passes: f.scenarios.every((s) => s.passes),
        };
      }),
    ),
    buckets: buildTable(
      LIQUIDITY_TEST_TABLES.buckets,
      funds.flatMap((f) =>
        f.buckets.map((b) => ({
          portfolioCode: f.portfolioCode,
          bucket: b.label,
          valueTry: b.valueTry,
          share: b.share,
          cumulativeWaterfall: b.cumulativeWaterfall,
          cumulativeProRata: b.cumulativeProRata,
        })),
      ),
    ),
    scenarios: buildTable(
      LIQUIDITY_TEST_TABLES.scenarios,
      funds.flatMap((f) =>
        f.scenarios.map((s) => ({
          portfolioCode: f.portfolioCode,
          name: s.name,
          redemptionShare: s.redemptionShare,
          horizonDays: s.horizonDays,
          redemptionTry: s.redemptionTry,
          liquidTry: s.liquidTry,
          coverageRatio: s.coverageRatio,
          result: s.passes ? 'Geçti' : 'Kaldı',
          passes: s.passes,
        })),
      ),
    ),
    positions: buildTable(
      LIQUIDITY_TEST_TABLES.positions,
      funds.flatMap((f) =>
        (lines.get(f.portfolioCode) ?? []).map((l) => ({
          portfolioCode: f.portfolioCode,
          instrumentCode: l.code,
          instrumentName: l.name,
          mainType: TYPE_LABELS[l.mainType] ?? l.mainType,
          valueTry: l.valueTry,
          weight: l.valueTry / f.nav,
          basis: LIQUIDITY_BASIS_LABELS[l.basis],
          quantity: l.quantity,
          adv: l.adv,
          windowDays: l.windowDays,
          daysToLiquidate: Number.isFinite(l.dtl) ? l.dtl : null,
          bucket: bucketOf(l.dtl),
          haircut: l.haircut,
          impact: l.impact,
          costTry: l.valueTry * (l.haircut + (l.impact ?? 0)),
        })),
      ),
    ),
    settlementDates: buildTable(
      LIQUIDITY_TEST_TABLES.settlementDates,
      funds.flatMap((f) =>
        (lines.get(f.portfolioCode) ?? []).map((l) => ({
          portfolioCode: f.portfolioCode,
          instrumentCode: l.code,
          mainType: TYPE_LABELS[l.mainType] ?? l.mainType,
          valueTry: l.valueTry,
          settlementLag: `T+${l.lag}`,
          daysToLiquidate: Number.isFinite(l.dtl) ? l.dtl : null,
          liquidationEndDate: l.liquidationEndDate,
          cashDate: l.cashDate,
          settledByPaymentTry: l.settledByPaymentTry,
        })),
      ),
    ),
    redemptionPayment: buildTable(
      LIQUIDITY_TEST_TABLES.redemptionPayment,
      funds.flatMap((f) =>
        f.scenarios.map((s) => {
          const passes =
            s.settledCoverageRatio === null ||
            s.settledCoverageRatio === undefined ||
            s.settledCoverageRatio >= minimumCoverage - 1e-12;
          return {
            portfolioCode: f.portfolioCode,
            name: s.name,
            tradeDate: f.settlement?.tradeDate ?? null,
            horizonDays: s.horizonDays,
            paymentDate: s.paymentDate ?? null,
            redemptionTry: s.redemptionTry,
            settledCashTry: s.settledCashTry ?? null,
            settledCoverageRatio: s.settledCoverageRatio ?? null,
            result: passes ? 'Yeterli' : 'Yetersiz',
            passes,
          };
        }),
      ),
    ),
  };
}

function bucketOf(dtl: number): string {
  const whole = Math.max(1, Math.ceil(dtl - 1e-12));
  const i = BUCKET_ENDS.findIndex((end) => whole <= end);
  return LIQUIDITY_BUCKET_LABELS[i]!;
}
