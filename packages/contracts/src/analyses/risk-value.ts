import { z } from 'zod';
import { IsoDateSchema } from '../market-values.ts';
import { PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'risk-value': the SPK risk value (risk değeri, 1–7) of funds from their unit-price history
 * (Rehber §9.3.2; regulation-and-methods.md §2). The band table, T = 260 and m = 52 live in
 * @fonrisk/risk (SPK_RISK_VALUE_BANDS, riskValueHistory); the inputs below are the points the
 * Rehber leaves open, each with its default here and nowhere else.
 */

/** How a week's return is measured (@fonrisk/risk WeeklyReturnMethod). */
export const WeeklyReturnMethodSchema = z.enum(['first-to-last', 'last-to-last'], {
  error: 'haftalık getiri yöntemi first-to-last veya last-to-last olmalı',
});
export type WeeklyReturnMethodInput = z.infer<typeof WeeklyReturnMethodSchema>;
export const WEEKLY_RETURN_METHOD_LABELS: Readonly<Record<WeeklyReturnMethodInput, string>> = {
  'first-to-last': 'Haftanın ilk ve son iş günü arası (Rehber §9.3.2.1 dp. 23)',
  'last-to-last': 'Önceki haftanın son iş gününden bu haftanın son iş gününe',
};

/** Fewest weekly returns for a class (the Rehber gives none; a setting). */
export const RISK_VALUE_MIN_WEEKS_DEFAULT = 52;

export const RiskValueInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  weeklyReturnMethod: WeeklyReturnMethodSchema.default('first-to-last'),
  minWeeks: z
    .number({ error: 'en az hafta sayısı sayı olmalı' })
    .int({ error: 'en az hafta sayısı tam sayı olmalı' })
    .min(2, { error: 'en az hafta sayısı en az 2 olmalı' })
    .max(260, { error: 'en az hafta sayısı en fazla 260 olabilir' })
    .default(RISK_VALUE_MIN_WEEKS_DEFAULT),
});
export type RiskValueInputs = z.infer<typeof RiskValueInputsSchema>;

/** Where the weeks missing from a young fund's 260 came from (Rehber §9.3.2.3). */
export const RiskValueSource = {
  Own: 'own',
  BenchmarkFill: 'benchmarkFill',
  HigherOfOwnAndAllocation: 'higherOfOwnAndAllocation',
} as const;
export type RiskValueSource = (typeof RiskValueSource)[keyof typeof RiskValueSource];
export const RISK_VALUE_SOURCE_LABELS: Readonly<Record<RiskValueSource, string>> = {
  own: 'Fonun kendi 5 yıllık getirileri',
  benchmarkFill: 'Eksik haftalar karşılaştırma ölçütünün getirileriyle dolduruldu',
  higherOfOwnAndAllocation:
    'Karşılaştırma ölçütü yok: fon ve güncel varlık dağılımı sınıflarının yükseği',
};

/** The label rule of Rehber §1.2 b: a risk word in the fund's name and the classes it allows. */
export const LabelCheckSchema = z.object({
  /** The word found in the name ('Muhafazakar', 'Dengeli', ...), null when none. */
  word: z.string().nullable(),
  minRiskValue: z.number().int().nullable(),
  maxRiskValue: z.number().int().nullable(),
  /** null when the name carries no risk word. */
  consistent: z.boolean().nullable(),
});
export type LabelCheck = z.infer<typeof LabelCheckSchema>;

export const RiskValueBandRowSchema = z.object({
  riskValue: z.number().int(),
  /** Fractions; upperBound null for the open top band. */
  lowerBound: z.number(),
  upperBound: z.number().nullable(),
  current: z.boolean(),
});

export const RiskValueWeekSchema = z.object({
  date: z.string(),
  volatility: z.number(),
  riskValue: z.number().int(),
  officialRiskValue: z.number().int(),
  weeks: z.number().int(),
  benchmarkWeeks: z.number().int(),
  /** The official class (4-month rule) changed at this week. */
  changed: z.boolean(),
});
export type RiskValueWeek = z.infer<typeof RiskValueWeekSchema>;

export const RiskValueFundSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  /** Date of the last weekly return used. */
  asOfDate: z.string(),
  volatility: z.number(),
  /** Class of this week's volatility. */
  weeklyRiskValue: z.number().int(),
  /** Class after the 4-month rule (§9.3.2.2), from the fund's (or filled) returns. */
  ownRiskValue: z.number().int(),
  /** The fund's risk value: ownRiskValue, or the higher with the allocation class (no benchmark). */
  riskValue: z.number().int(),
  weeks: z.number().int(),
  benchmarkWeeks: z.number().int(),
  benchmarkCode: z.string().nullable(),
  source: z.enum(Object.values(RiskValueSource) as [RiskValueSource, ...RiskValueSource[]]),
  /** No benchmark: the current allocation's 5-year volatility and class (§9.3.2.3). */
  allocationVolatility: z.number().nullable(),
  allocationRiskValue: z.number().int().nullable(),
  /** Official class stored from TEFAS (latest on or before the date), and its date. */
  officialTefasRiskValue: z.number().int().nullable(),
  officialTefasDate: z.string().nullable(),
  /** Where the stored official class came from ('TEFAS', or the demo's stand-in). */
  officialTefasSource: z.string().nullable(),
  /** The stored official class differs from the computed one. */
  differsFromOfficial: z.boolean(),
  label: LabelCheckSchema,
  bands: z.array(RiskValueBandRowSchema),
  bandSource: z.string(),
  history: z.array(RiskValueWeekSchema),
  notes: z.array(z.string()),
});
export type RiskValueFund = z.infer<typeof RiskValueFundSchema>;

export const RiskValueResultSchema = z.object({
  asOfDate: z.string(),
  /** Engine conventions recorded with the figures (reproducibility). */
  conventions: z.object({
    windowWeeks: z.number().int(),
    periodsPerYear: z.number().int(),
    updateMonths: z.number().int(),
    minWeeks: z.number().int(),
    weeklyReturnMethod: WeeklyReturnMethodSchema,
  }),
  funds: z.array(RiskValueFundSchema),
  tables: ResultTablesSchema,
});
export type RiskValueResult = z.infer<typeof RiskValueResultSchema>;

export const riskValueAnalysis = defineAnalysis({
  id: 'risk-value',
  module: 2,
  title: 'Risk Değeri',
  runRoute: 'risk-value',
  resultRoute: 'risk-value-result',
  inputsSchema: RiskValueInputsSchema,
  resultSchema: RiskValueResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const RISK_VALUE_TABLES = {
  summary: defineTable(
    'Risk Değeri Özeti',
    [
      col('portfolioCode', 'Fon Kodu', 'text'),
      col('portfolioName', 'Fon Adı', 'text'),
      col('asOfDate', 'Son Hafta', 'date'),
      col('volatility', 'Yıllık Oynaklık', 'percent'),
      col('weeklyRiskValue', 'Haftalık Sınıf', 'number'),
      col('ownRiskValue', 'Risk Değeri (4 Ay Kuralı)', 'number'),
      col('allocationRiskValue', 'Güncel Dağılım Sınıfı', 'number'),
      col('riskValue', 'Risk Değeri', 'number'),
      col('officialTefasRiskValue', 'TEFAS Risk Değeri', 'number'),
      col('differsLabel', 'TEFAS ile Fark', 'text'),
      col('weeks', 'Hafta Sayısı', 'number'),
      col('benchmarkWeeks', 'Ölçütten Alınan Hafta', 'number'),
      col('sourceLabel', 'Veri Kaynağı', 'text'),
      col('labelText', 'İsim Kuralı (Rehber 1.2 b)', 'text'),
    ],
    ['differsFromOfficial', 'labelConsistent'],
  ),
  bands: defineTable('Risk Değeri Bant Tablosu', [
    col('riskValue', 'Risk Değeri', 'number'),
    col('lowerBound', 'Alt Sınır (dahil)', 'percent'),
    col('upperBound', 'Üst Sınır (hariç)', 'percent'),
    col('funds', 'Bu Banttaki Fonlar', 'text'),
  ]),
  history: defineTable(
    'Haftalık Risk Değeri Geçmişi',
    [
      col('portfolioCode', 'Fon Kodu', 'text'),
      col('date', 'Hafta Sonu', 'date'),
      col('volatility', 'Yıllık Oynaklık', 'percent'),
      col('riskValue', 'Haftalık Sınıf', 'number'),
      col('officialRiskValue', 'Risk Değeri (4 Ay Kuralı)', 'number'),
      col('weeks', 'Hafta Sayısı', 'number'),
      col('benchmarkWeeks', 'Ölçütten Alınan Hafta', 'number'),
      col('changedLabel', 'Değişiklik', 'text'),
    ],
    ['changed'],
  ),
};
