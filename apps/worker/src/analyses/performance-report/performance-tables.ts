// The performance report's result tables (PERFORMANCE_REPORT_TABLES): period returns, risk
// figures over the window, position contributions, and the attribution and reconciliation
// tables when the holdings allowed them.
import {
  ATTRIBUTION_ASSET_CLASS_LABELS,
  type Attribution,
  type PerformanceReportResult,
  type ResultTables,
  buildTable,
  PERFORMANCE_REPORT_TABLES,
} from '@fonrisk/contracts';
import { reconciliationRows, type linkedContributions } from './attribution.ts';
import { trDate } from './income-events.ts';
import { attributionTable } from './performance-figures.ts';

/** The computed parts of the report the tables show. */
export interface PerformanceTablesInput {
  readonly periods: PerformanceReportResult['periods'];
  readonly risk: PerformanceReportResult['risk'];
  readonly contributions: ReturnType<typeof linkedContributions>;
  readonly byAssetClass: Attribution | null;
  readonly bySector: Attribution | null;
  readonly reconciliation: PerformanceReportResult['reconciliation'];
  readonly annualFeeRatePct: number;
  /** The window of the risk figures, named in the risk table's title. */
  readonly fromDate: string;
  readonly asOfDate: string;
}

const pctRow = (label: string, value: number | null) => ({
  figure: label,
  percent: value,
  ratio: null,
});
const ratioRow = (label: string, value: number | null) => ({
  figure: label,
  percent: null,
  ratio: value,
});

export function performanceTables(input: PerformanceTablesInput): ResultTables {
  const { periods, risk, contributions, byAssetClass, bySector, reconciliation } = input;
  const tables: ResultTables = {
    periods: buildTable(
      PERFORMANCE_REPORT_TABLES.periods,
      periods.map((p) => ({ ...p })),
    ),
    risk: buildTable(
      PERFORMANCE_REPORT_TABLES.risk,
      [
        pctRow('Yıllık oynaklık (fon)', risk.volatility),
        pctRow('Yıllık oynaklık (ölçüt)', risk.benchmarkVolatility),
        ratioRow('Sharpe oranı (yıllık, TLREF)', risk.sharpe),
        pctRow('Azami düşüş', risk.maxDrawdown),
        pctRow('Takip hatası (yıllık)', risk.trackingError),
        ratioRow('Bilgi oranı (yıllık)', risk.informationRatio),
        ratioRow('Beta', risk.beta),
      ],
      `${PERFORMANCE_REPORT_TABLES.risk.title} (${trDate(input.fromDate)} – ${trDate(input.asOfDate)})`,
    ),
    contributions: buildTable(
      PERFORMANCE_REPORT_TABLES.contributions,
      contributions.map((c) => ({
        ...c,
        assetClassLabel: ATTRIBUTION_ASSET_CLASS_LABELS[c.assetClass],
      })),
    ),
  };
  if (byAssetClass)
    tables.attributionAssetClass = attributionTable(
      PERFORMANCE_REPORT_TABLES.attributionAssetClass,
      byAssetClass,
    );
  if (reconciliation)
    tables.reconciliation = buildTable(
      PERFORMANCE_REPORT_TABLES.reconciliation,
      reconciliationRows(reconciliation, input.annualFeeRatePct),
      `${PERFORMANCE_REPORT_TABLES.reconciliation.title} (${trDate(reconciliation.fromDate)} – ${trDate(reconciliation.toDate)})`,
    );
  if (bySector)
    tables.attributionSector = attributionTable(
      PERFORMANCE_REPORT_TABLES.attributionSector,
      bySector,
    );
  return tables;
}
