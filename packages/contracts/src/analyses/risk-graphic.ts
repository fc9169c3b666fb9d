import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';
import { PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'risk-graphic': charts across chosen portfolios over a period, computed by the worker as a run
 * (docs/decisions/0036): VaR and limit usage over time (the VaR points of finished 'var' runs,
 * as rmd-tracking reads them), risk/return scatter (annualised volatility against annualised
 * return of the unit-price series, bubble = NAV), correlation heat map of the portfolios' daily
 * returns or of one portfolio's largest positions, and the exposure treemap (asset class >
 * issuer > position) on the last holdings date. Each chart is a plain ECharts option with the
 * save-as-PNG tool; each has its data as a table (Excel export of the run).
 */

export const CorrelationBasis = { Portfolios: 'portfolios', Positions: 'positions' } as const;
export type CorrelationBasis = (typeof CorrelationBasis)[keyof typeof CorrelationBasis];
export const CORRELATION_BASIS_LABELS: Readonly<Record<CorrelationBasis, string>> = {
  portfolios: 'Portföylerin getirileri',
  positions: 'İlk portföyün en büyük pozisyonları',
};

/** Largest positions of the first portfolio in the positions heat map. */
export const RISK_GRAPHIC_TOP_POSITIONS_DEFAULT = 10;
/** Daily returns per year of the annualised figures (0003). */
export const RISK_GRAPHIC_PERIODS_PER_YEAR = 252;

export const RiskGraphicInputsSchema = z
  .strictObject({
    portfolioCodes: PortfolioCodesSchema.max(30, { error: 'en fazla 30 portföy seçilebilir' }),
    fromDate: IsoDateSchema,
    toDate: IsoDateSchema,
    correlationBasis: z
      .enum(['portfolios', 'positions'], { error: 'korelasyon temeli geçerli değil' })
      .default('portfolios'),
    topPositions: z
      .number({ error: 'pozisyon sayısı sayı olmalı' })
      .int({ error: 'pozisyon sayısı tam sayı olmalı' })
      .min(2, { error: 'pozisyon sayısı en az 2 olmalı' })
      .max(30, { error: 'pozisyon sayısı en fazla 30 olabilir' })
      .default(RISK_GRAPHIC_TOP_POSITIONS_DEFAULT),
  })
  .refine((i) => i.fromDate < i.toDate, {
    path: ['toDate'],
    error: 'bitiş tarihi başlangıçtan sonra olmalı',
  });
export type RiskGraphicInputs = z.infer<typeof RiskGraphicInputsSchema>;

export const RiskReturnPointSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  navTry: z.number().nullable(),
  annualizedReturn: z.number().nullable(),
  annualizedVolatility: z.number().nullable(),
  observations: z.number().int(),
});
export type RiskReturnPoint = z.infer<typeof RiskReturnPointSchema>;

export const RiskGraphicResultSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** Last holdings date of the exposure treemap, per portfolio. */
  holdingsDates: z.record(z.string(), z.string()),
  points: z.array(RiskReturnPointSchema),
  conventions: z.object({ periodsPerYear: z.number().int(), correlation: z.string() }),
  notes: z.array(z.string()),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type RiskGraphicResult = z.infer<typeof RiskGraphicResultSchema>;

export const riskGraphicAnalysis = defineAnalysis({
  id: 'risk-graphic',
  module: 2,
  title: 'Risk Grafikleri',
  runRoute: 'risk-graphic',
  resultRoute: 'risk-graphic',
  inputsSchema: RiskGraphicInputsSchema,
  resultSchema: RiskGraphicResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const RISK_GRAPHIC_TABLES = {
  varUsage: defineTable('RMD ve Limit Kullanımı', [
    col('portfolioCode', 'Portföy', 'text'),
    col('date', 'Tarih', 'date'),
    col('varPct', 'RMD (% FTD)', 'percent'),
    col('limitPct', 'Limit (% FTD)', 'percent'),
    col('usage', 'Limit Kullanımı', 'percent'),
    col('status', 'Durum', 'text'),
  ]),
  riskReturn: defineTable('Risk / Getiri', [
    col('portfolioCode', 'Portföy', 'text'),
    col('portfolioName', 'Ad', 'text'),
    col('annualizedVolatility', 'Yıllık Oynaklık', 'percent'),
    col('annualizedReturn', 'Yıllık Getiri', 'percent'),
    col('navTry', 'FTD', 'money'),
    col('observations', 'Gözlem', 'number'),
  ]),
  exposure: defineTable('Varlık Dağılımı', [
    col('portfolioCode', 'Portföy', 'text'),
    col('assetClass', 'Varlık Sınıfı', 'text'),
    col('issuer', 'İhraççı', 'text'),
    col('instrumentCode', 'Kod', 'text'),
    col('name', 'Ad', 'text'),
    col('valueTry', 'Değer', 'money'),
  ]),
};

/**
 * The correlation matrix: a row label column (no header) and one column per series or fund, the
 * series' own names as labels (data, so built from the run's labels here, not in the handler).
 */
export const riskGraphicCorrelationTable = (title: string, labels: readonly string[]) =>
  defineTable(title, [col('label', '', 'text'), ...labels.map((l) => col(l, l, 'number'))]);
