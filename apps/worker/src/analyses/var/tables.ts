// Displayable tables of the VaR and incremental VaR results (export and grids).
import type { ResultColumn, ResultTable, VarPoint, VarPortfolioDetail } from '@fonrisk/contracts';
import { LIMIT_STATUS_LABELS } from '@fonrisk/contracts';

export const col = (key: string, label: string, format: ResultColumn['format']): ResultColumn => ({
  key,
  label,
  format,
});

export const POSITION_COLUMNS: ResultColumn[] = [
  col('instrumentCode', 'Varlık Kodu', 'text'),
  col('instrumentName', 'Varlık Adı', 'text'),
  col('assetClass', 'Varlık Sınıfı', 'text'),
  col('currency', 'Döviz', 'text'),
  col('riskFactor', 'Risk Faktörü', 'text'),
  col('valueTry', 'Güncel Değer (TL)', 'money'),
  col('weight', 'Ağırlık', 'percent'),
  col('marginalVar', 'Marjinal RMD (1 TL başına)', 'number'),
  col('componentVarTry', 'Bileşen RMD (TL)', 'money'),
  col('componentShare', 'Bileşen RMD Payı', 'percent'),
  col('incrementalVarTry', 'Artımsal RMD (pozisyon çıkarıldığında değişim, TL)', 'money'),
];

export const UNMAPPED_COLUMNS: ResultColumn[] = [
  col('instrumentCode', 'Varlık Kodu', 'text'),
  col('instrumentName', 'Varlık Adı', 'text'),
  col('valueTry', 'Güncel Değer (TL)', 'money'),
  col('weight', 'Ağırlık', 'percent'),
  col('reason', 'Neden', 'text'),
];

const POINT_COLUMNS: ResultColumn[] = [
  col('portfolioCode', 'Portföy Kodu', 'text'),
  col('date', 'Tarih', 'date'),
  col('navTry', 'Fon Toplam Değeri (TL)', 'money'),
  col('varTry', 'RMD (TL)', 'money'),
  col('varPct', 'RMD (% FTD)', 'percent'),
  col('esTry', 'Beklenen Kayıp (TL)', 'money'),
  col('esPct', 'Beklenen Kayıp (% FTD)', 'percent'),
  col('referenceVarPct', 'Referans Portföy RMD (%)', 'percent'),
  col('limitPct', 'Limit (% FTD)', 'percent'),
  col('usage', 'Limit Kullanımı', 'percent'),
  col('statusLabel', 'Durum', 'text'),
];

const BREAKDOWN_COLUMNS: ResultColumn[] = [
  col('portfolioCode', 'Portföy Kodu', 'text'),
  col('label', 'Grup', 'text'),
  col('valueTry', 'Güncel Değer (TL)', 'money'),
  col('weight', 'Ağırlık', 'percent'),
  col('componentVarTry', 'Bileşen RMD (TL)', 'money'),
  col('componentShare', 'Bileşen RMD Payı', 'percent'),
  col('standaloneVarTry', 'Tek Başına RMD (TL)', 'money'),
];

const pointRow = (p: VarPoint) => ({ ...p, statusLabel: LIMIT_STATUS_LABELS[p.status] });

export function varTables(
  details: readonly VarPortfolioDetail[],
  series: readonly VarPoint[],
): Record<string, ResultTable> {
  const withCode = <T extends object>(code: string, rows: readonly T[]) =>
    rows.map((r) => ({ portfolioCode: code, ...r }));
  const tables: Record<string, ResultTable> = {
    summary: { title: 'RMD Özeti', columns: POINT_COLUMNS, rows: details.map(pointRow) },
    positions: {
      title: 'Pozisyon Bazında RMD',
      columns: [col('portfolioCode', 'Portföy Kodu', 'text'), ...POSITION_COLUMNS],
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.positions)),
    },
    assetClass: {
      title: 'Varlık Sınıfına Göre RMD',
      columns: BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byAssetClass)),
    },
    currency: {
      title: 'Döviz Cinsine Göre RMD',
      columns: BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byCurrency)),
    },
    riskFactor: {
      title: 'Risk Faktörüne Göre RMD',
      columns: BREAKDOWN_COLUMNS,
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.byRiskFactor)),
    },
    unmapped: {
      title: 'Eşlenmemiş / Fiyatı Eksik Varlıklar',
      columns: [col('portfolioCode', 'Portföy Kodu', 'text'), ...UNMAPPED_COLUMNS],
      rows: details.flatMap((d) => withCode(d.portfolioCode, d.unmapped)),
    },
  };
  if (series.length > details.length)
    tables.series = {
      title: 'RMD Zaman Serisi',
      columns: POINT_COLUMNS,
      rows: series.map(pointRow),
    };
  return tables;
}
