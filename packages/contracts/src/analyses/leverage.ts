import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { LimitStatusSchema, PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ScenarioBundleDataSchema } from './input-bundle.ts';
import { col, ResultTablesSchema, type ResultColumn } from './result-tables.ts';

/** 'leverage' (Kaldıraç Analizi): commitment and gross exposure of derivatives (Rehber §7.5). */

/** 'leverage': commitment (netting, hedging) and gross exposure of derivatives on a date. */
export const LeverageInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  /** Instrument codes of derivative positions the risk unit designates as eligible hedges (Rehber §7.5.4). */
  hedgeInstrumentCodes: z
    .array(CodeSchema)
    .max(500, { error: 'en fazla 500 koruma pozisyonu seçilebilir' })
    .optional(),
});
export type LeverageInputs = z.infer<typeof LeverageInputsSchema>;

export const LeveragePositionSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  kind: z.string(),
  underlying: z.string(),
  /** Signed TRY exposure by the Rehber §7.5.2 formula. */
  exposureTry: z.number(),
  /** |exposure| / NAV. */
  grossWeight: z.number(),
  hedge: z.boolean(),
});

export const LeverageNettingSchema = z.object({
  underlying: z.string(),
  derivativeTry: z.number(),
  spotTry: z.number(),
  netTry: z.number(),
});

export const LeveragePortfolioSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  asOfDate: z.string(),
  navTry: z.number(),
  positions: z.array(LeveragePositionSchema),
  netting: z.array(LeverageNettingSchema),
  grossTry: z.number(),
  /** Σ |exposure| / NAV (kaldıraç, §7.5.1 c). */
  grossPct: z.number(),
  hedgeDeductionTry: z.number(),
  /** Open position after netting and hedging (commitment, §7.5.1 a). */
  commitmentTry: z.number(),
  commitmentPct: z.number(),
  /** Fraction of NAV. */
  limitPct: z.number(),
  usage: z.number(),
  status: LimitStatusSchema,
});
export type LeveragePortfolio = z.infer<typeof LeveragePortfolioSchema>;

export const LeverageResultSchema = z.object({
  asOfDate: z.string(),
  portfolios: z.array(LeveragePortfolioSchema),
  tables: ResultTablesSchema,
});
export type LeverageResult = z.infer<typeof LeverageResultSchema>;

/** The 'leverage' analysis type (registered in registry.ts). */
export const leverageAnalysis = defineAnalysis({
  id: 'leverage',
  module: 1,
  title: 'Kaldıraç Analizi',
  runRoute: 'leverage-analysis',
  resultRoute: 'leverage-analysis-result',
  inputsSchema: LeverageInputsSchema,
  resultSchema: LeverageResultSchema,
  bundle: ScenarioBundleDataSchema,
});

/** Columns of the leverage result tables (export and grids). */
export const LEVERAGE_COLUMNS: Readonly<
  Record<'summary' | 'positions' | 'netting', ResultColumn[]>
> = {
  summary: [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('asOfDate', 'Tarih', 'date'),
    col('navTry', 'Fon Toplam Değeri (TL)', 'money'),
    col('grossTry', 'Brüt Pozisyon (TL)', 'money'),
    col('grossPct', 'Kaldıraç (Brüt, % FTD)', 'percent'),
    col('hedgeDeductionTry', 'Riskten Korunma İndirimi (TL)', 'money'),
    col('commitmentTry', 'Açık Pozisyon (Standart Yöntem, TL)', 'money'),
    col('commitmentPct', 'Açık Pozisyon (% FTD)', 'percent'),
    col('limitPct', 'Limit (% FTD)', 'percent'),
    col('usage', 'Limit Kullanımı', 'percent'),
    col('statusLabel', 'Durum', 'text'),
  ],
  positions: [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('instrumentCode', 'Varlık Kodu', 'text'),
    col('instrumentName', 'Varlık Adı', 'text'),
    col('underlying', 'Dayanak', 'text'),
    col('exposureTry', 'Pozisyon (TL)', 'money'),
    col('grossWeight', 'Brüt Ağırlık (% FTD)', 'percent'),
    col('hedgeLabel', 'Riskten Korunma', 'text'),
  ],
  netting: [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('underlying', 'Dayanak', 'text'),
    col('derivativeTry', 'Türev Pozisyonu (TL)', 'money'),
    col('spotTry', 'Spot Pozisyon (TL)', 'money'),
    col('netTry', 'Net Pozisyon (TL)', 'money'),
  ],
};
