// Displayable tables of the VaR and incremental VaR results (export and grids).
import {
  LIMIT_STATUS_LABELS,
  POSITION_VAR_COLUMNS,
  UNMAPPED_HOLDING_COLUMNS,
  VAR_BREAKDOWN_COLUMNS,
  VAR_POINT_COLUMNS,
  PORTFOLIO_CODE_COLUMN,
  VarPointSchema,
  type ResultTable,
  type VarPoint,
  type VarPortfolioDetail,
} from '@fonrisk/contracts';

const VAR_POINT_KEYS = VarPointSchema.keyof().options;

/**
 * A summary or time-series row: the point's own fields and its status label. A portfolio's detail
 * is a point too, but its positions, breakdowns and histogram have tables of their own: spread
 * whole into the summary row they doubled a VaR result's size (~86 of ~230 kB for 200 positions).
 */
function pointRow(p: VarPoint): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const key of VAR_POINT_KEYS) row[key] = p[key];
  row['statusLabel'] = LIMIT_STATUS_LABELS[p.status];
  return row;
}

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
