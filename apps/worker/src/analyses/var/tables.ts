// Displayable tables of the VaR and incremental VaR results (export and grids).
import {
  LIMIT_STATUS_LABELS,
  POSITION_VAR_COLUMNS,
  UNMAPPED_HOLDING_COLUMNS,
  VAR_BREAKDOWN_COLUMNS,
  VAR_POINT_COLUMNS,
  PORTFOLIO_CODE_COLUMN,
  type ResultTable,
  type VarPoint,
  type VarPortfolioDetail,
} from '@fonrisk/contracts';

const pointRow = (p: VarPoint) => ({ ...p, statusLabel: LIMIT_STATUS_LABELS[p.status] });

export function varTables(
  details: readonly VarPortfolioDetail[],
  series: readonly VarPoint[],
): Record<string, ResultTable> {
  const withCode = <T extends object>(code: string, rows: readonly T[]) =>
    rows.map((r) => ({ portfolioCode: code, ...r }));
  const tables: Record<string, ResultTable> = {
    summary: { title: 'RMD Özeti', columns: VAR_POINT_COLUMNS, rows: details.map(pointRow) },
    positions: {
      title: 'Pozisyon Bazında RMD',
      columns: [PORTFOLIO_CODE_COLUMN, ...POSITION_VAR_COLUMNS],
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.positions)),
      perHolding: true,
    },
    assetClass: {
      title: 'Varlık Sınıfına Göre RMD',
      columns: VAR_BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byAssetClass)),
    },
    currency: {
      title: 'Döviz Cinsine Göre RMD',
      columns: VAR_BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byCurrency)),
    },
    riskFactor: {
      title: 'Risk Faktörüne Göre RMD',
      columns: VAR_BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byRiskFactor)),
    },
    unmapped: {
      title: 'Eşlenmemiş / Fiyatı Eksik Varlıklar',
      columns: [PORTFOLIO_CODE_COLUMN, ...UNMAPPED_HOLDING_COLUMNS],
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.unmapped)),
    },
  };
  if (series.length > details.length)
    tables.series = {
      title: 'RMD Zaman Serisi',
      columns: VAR_POINT_COLUMNS,
      rows: series.map(pointRow),
    };
  return tables;
}
