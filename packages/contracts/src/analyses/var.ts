import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';
import {
  checkDateChoice,
  HorizonDaysSchema,
  HorizonScalingSchema,
  LimitStatusSchema,
  ModelFields,
  PortfolioCodesSchema,
  ResolvedVarParametersSchema,
  VarApproachSchema,
} from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ScenarioBundleDataSchema } from './input-bundle.ts';
import { col, ResultTablesSchema, type ResultColumn } from './result-tables.ts';

/** 'var' (RMD Analizi): VaR, ES, limit usage and decomposition per portfolio and date. */

// --- inputs ---------------------------------------------------------------------------------------

/**
 * 'var': one or more portfolios (a unified portfolio's `newPortfolioCode` is a portfolio code
 * here) on a date (`asOfDate`) or over a range (`fromDate`..`toDate`: every holdings date in the
 * range, giving a VaR time series).
 */
export const VarInputsSchema = z
  .strictObject({
    portfolioCodes: PortfolioCodesSchema,
    asOfDate: IsoDateSchema.optional(),
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    ...ModelFields,
    horizonDays: HorizonDaysSchema.optional(),
    horizonScaling: HorizonScalingSchema.optional(),
    approach: VarApproachSchema.optional(),
  })
  .superRefine(checkDateChoice);
export type VarInputs = z.infer<typeof VarInputsSchema>;

// --- results: shared pieces -------------------------------------------------------------------------

/** A holding without a usable series or price: listed with its weight, never dropped silently. */
export const UnmappedHoldingRowSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  valueTry: z.number(),
  /** Fraction of NAV (0.012 = %1,2). */
  weight: z.number(),
  reason: z.string(),
});
export type UnmappedHoldingRow = z.infer<typeof UnmappedHoldingRowSchema>;

/** A position priced by an approximation (bond by duration/convexity, deposit by maturity...). */
export const ApproximationNoteSchema = z.object({ instrumentCode: z.string(), note: z.string() });

/** Marginal (per TRY of position value), component (sums to VaR) and incremental VaR of a position. */
export const PositionVarSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  assetClass: z.string(),
  currency: z.string(),
  riskFactor: z.string(),
  valueTry: z.number(),
  weight: z.number(),
  /** ∂VaR / ∂(TRY of the position's value); null for a zero-value position (futures). */
  marginalVar: z.number().nullable(),
  componentVarTry: z.number(),
  /** componentVarTry / VaR; null when VaR is 0. */
  componentShare: z.number().nullable(),
  /** VaR − VaR without the position. */
  incrementalVarTry: z.number().nullable(),
});
export type PositionVar = z.infer<typeof PositionVarSchema>;

export const VarBreakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  valueTry: z.number(),
  weight: z.number(),
  componentVarTry: z.number(),
  componentShare: z.number().nullable(),
  /** VaR of the group's positions alone (stand-alone). */
  standaloneVarTry: z.number(),
});
export type VarBreakdownRow = z.infer<typeof VarBreakdownRowSchema>;

/** P&L histogram of the horizon scenarios (TRY) with the −VaR and −ES lines. */
export const PnlHistogramSchema = z.object({
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  varLineTry: z.number(),
  esLineTry: z.number(),
  scenarios: z.number(),
});
export type PnlHistogram = z.infer<typeof PnlHistogramSchema>;

// --- 'var' result -------------------------------------------------------------------------------------

/** One portfolio on one date: the VaR time-series point and the RMD tracking source. */
export const VarPointSchema = z.object({
  portfolioCode: z.string(),
  date: z.string(),
  navTry: z.number(),
  varTry: z.number(),
  /** Fraction of NAV. */
  varPct: z.number(),
  esTry: z.number(),
  esPct: z.number(),
  approach: VarApproachSchema,
  /** Reference portfolio VaR as a fraction of NAV (relative approach), else null. */
  referenceVarPct: z.number().nullable(),
  /** The limit as a fraction of NAV (relative: relative limit × reference VaR %); null when none. */
  limitPct: z.number().nullable(),
  /** varPct / limitPct. */
  usage: z.number().nullable(),
  status: LimitStatusSchema,
});
export type VarPoint = z.infer<typeof VarPointSchema>;

export const VarPortfolioDetailSchema = VarPointSchema.extend({
  portfolioName: z.string(),
  byAssetClass: z.array(VarBreakdownRowSchema),
  byCurrency: z.array(VarBreakdownRowSchema),
  byRiskFactor: z.array(VarBreakdownRowSchema),
  positions: z.array(PositionVarSchema),
  histogram: PnlHistogramSchema,
  unmapped: z.array(UnmappedHoldingRowSchema),
  /** Σ unmapped weights (fraction of NAV). */
  unmappedWeight: z.number(),
  approximations: z.array(ApproximationNoteSchema),
});
export type VarPortfolioDetail = z.infer<typeof VarPortfolioDetailSchema>;

export const VarResultSchema = z.object({
  parameters: ResolvedVarParametersSchema,
  /** Detail of each portfolio on its last date. */
  portfolios: z.array(VarPortfolioDetailSchema),
  /** Every portfolio and date (one point per portfolio for a single date). */
  series: z.array(VarPointSchema),
  tables: ResultTablesSchema,
});
export type VarResult = z.infer<typeof VarResultSchema>;

/** The 'var' analysis type (registered in registry.ts). */
export const varAnalysis = defineAnalysis({
  id: 'var',
  module: 1,
  title: 'RMD Analizi',
  runRoute: 'varAnalysis',
  resultRoute: 'var-analysis-result',
  inputsSchema: VarInputsSchema,
  resultSchema: VarResultSchema,
  bundle: ScenarioBundleDataSchema,
});

// --- result table columns (export and grids; 'incremental-var' shares the position ones) ----

export const POSITION_VAR_COLUMNS: ResultColumn[] = [
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

export const UNMAPPED_HOLDING_COLUMNS: ResultColumn[] = [
  col('instrumentCode', 'Varlık Kodu', 'text'),
  col('instrumentName', 'Varlık Adı', 'text'),
  col('valueTry', 'Güncel Değer (TL)', 'money'),
  col('weight', 'Ağırlık', 'percent'),
  col('reason', 'Neden', 'text'),
];

/** The portfolio code column that leads a multi-portfolio table (positions, unmapped holdings). */
export const PORTFOLIO_CODE_COLUMN: ResultColumn = col('portfolioCode', 'Portföy Kodu', 'text');

export const VAR_POINT_COLUMNS: ResultColumn[] = [
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

export const VAR_BREAKDOWN_COLUMNS: ResultColumn[] = [
  col('portfolioCode', 'Portföy Kodu', 'text'),
  col('label', 'Grup', 'text'),
  col('valueTry', 'Güncel Değer (TL)', 'money'),
  col('weight', 'Ağırlık', 'percent'),
  col('componentVarTry', 'Bileşen RMD (TL)', 'money'),
  col('componentShare', 'Bileşen RMD Payı', 'percent'),
  col('standaloneVarTry', 'Tek Başına RMD (TL)', 'money'),
];
