import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'performance-report' (Module 5): a fund's time-weighted return from its daily unit prices
 * against its reference benchmark, net and gross of fees (SPK Rehber §8.3 c), for the standard
 * periods and calendar years, risk figures over the report window, Brinson-Fachler attribution
 * by asset class (and by sector of the equity part) linked with Carino, and contribution by
 * position.
 */

/** Annual management fee the fund bears, percent of NAV (added back for gross returns). */
export const AnnualFeeRatePctSchema = z
  .number({ error: 'yıllık yönetim ücreti oranı sayı olmalı' })
  .min(0, { error: 'yıllık yönetim ücreti oranı negatif olamaz' })
  .max(20, { error: 'yıllık yönetim ücreti oranı en fazla %20 olabilir' });

export const PerformanceReportInputsSchema = z
  .strictObject({
    portfolioCode: CodeSchema,
    /** Report date: the standard periods end here. */
    asOfDate: IsoDateSchema,
    /** Start of the window of the risk figures, attribution and contribution; default 3 years before. */
    fromDate: IsoDateSchema.optional(),
    /** Overrides the fund's stored fee rate (portfolios/{code}/fee-rate) for this run. */
    annualFeeRatePct: AnnualFeeRatePctSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromDate !== undefined && v.fromDate >= v.asOfDate)
      ctx.addIssue({
        code: 'custom',
        path: ['fromDate'],
        message: 'başlangıç tarihi rapor tarihinden önce olmalı',
      });
  });
export type PerformanceReportInputs = z.infer<typeof PerformanceReportInputsSchema>;

/** The standard periods of the report, in order. */
export const PERFORMANCE_PERIODS = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y', 'SI'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];
export const PERFORMANCE_PERIOD_LABELS: Readonly<Record<PerformancePeriod, string>> = {
  '1M': '1 Ay',
  '3M': '3 Ay',
  '6M': '6 Ay',
  YTD: 'Yılbaşından Beri',
  '1Y': '1 Yıl',
  '3Y': '3 Yıl (yıllık)',
  '5Y': '5 Yıl (yıllık)',
  SI: 'Başlangıçtan Beri',
};

const nullableNumber = z.number().nullable();

/** Returns of one period: null where the fund's (or benchmark's) history does not reach back. */
export const PeriodReturnSchema = z.object({
  period: z.string(),
  label: z.string(),
  fromDate: z.string(),
  /** 3Y and 5Y are annualised; the others cumulative. */
  annualized: z.boolean(),
  net: nullableNumber,
  gross: nullableNumber,
  benchmark: nullableNumber,
  excess: nullableNumber,
});
export type PeriodReturn = z.infer<typeof PeriodReturnSchema>;

export const RiskFiguresSchema = z.object({
  volatility: nullableNumber,
  benchmarkVolatility: nullableNumber,
  sharpe: nullableNumber,
  maxDrawdown: nullableNumber,
  trackingError: nullableNumber,
  informationRatio: nullableNumber,
  beta: nullableNumber,
  observations: z.number(),
});
export type RiskFigures = z.infer<typeof RiskFiguresSchema>;

export const AttributionSegmentRowSchema = z.object({
  segment: z.string(),
  portfolioWeight: z.number(),
  benchmarkWeight: z.number(),
  portfolioReturn: z.number(),
  benchmarkReturn: z.number(),
  allocation: z.number(),
  selection: z.number(),
  interaction: z.number(),
  total: z.number(),
});

/** Linked Brinson-Fachler attribution over the window (effects sum to the active return). */
export const AttributionSchema = z.object({
  linking: z.string(),
  periods: z.number(),
  portfolioReturn: z.number(),
  benchmarkReturn: z.number(),
  activeReturn: z.number(),
  allocation: z.number(),
  selection: z.number(),
  interaction: z.number(),
  segments: z.array(AttributionSegmentRowSchema),
});
export type Attribution = z.infer<typeof AttributionSchema>;

/**
 * The attribution's total (the holdings-based total return, chained over the holdings dates)
 * against the fund's unit-price return over the same dates. The residual splits into the
 * management fee (the unit price is net of it; the holdings' returns are before it: net − gross
 * of the fee add-back) and the rest: subscriptions and redemptions, trades within a period
 * between two holdings dates, valuation timing.
 */
export const ReturnReconciliationSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  holdingsReturn: z.number(),
  unitPriceReturn: z.number(),
  grossUnitPriceReturn: z.number(),
  /** unitPriceReturn − holdingsReturn. */
  residual: z.number(),
  /** unitPriceReturn − grossUnitPriceReturn (negative: the fee borne). */
  fees: z.number(),
  /** grossUnitPriceReturn − holdingsReturn: flows, trades within periods, timing. */
  other: z.number(),
  /** The other residual a year: ((1 + gross) / (1 + holdings))^(365 / days) − 1. */
  otherPerYear: z.number(),
});
export type ReturnReconciliation = z.infer<typeof ReturnReconciliationSchema>;

export const PerformanceReportResultSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  benchmarkCode: z.string(),
  benchmarkName: z.string(),
  asOfDate: z.string(),
  fromDate: z.string(),
  inceptionDate: z.string(),
  annualFeeRatePct: z.number(),
  /** 'input' (the run's form) or 'stored' (the fund's fee rate); absent in runs before issue 13's fee store. */
  feeRateSource: z.enum(['input', 'stored']).optional(),
  periods: z.array(PeriodReturnSchema),
  risk: RiskFiguresSchema,
  byAssetClass: AttributionSchema.nullable(),
  byAssetClassNote: z.string().nullable(),
  bySector: AttributionSchema.nullable(),
  bySectorNote: z.string().nullable(),
  /** Holdings-based total return of the attribution's dates (its portfolio return). */
  holdingsReturn: nullableNumber,
  /** The holdings-based return reconciled to the unit-price return; absent in runs before issue 23. */
  reconciliation: ReturnReconciliationSchema.nullable().optional(),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type PerformanceReportResult = z.infer<typeof PerformanceReportResultSchema>;

/** Asset classes of the attribution (portfolio main types and benchmark components meet here). */
export const AttributionAssetClass = {
  Equity: 'equity',
  Debt: 'debt',
  MoneyMarket: 'moneyMarket',
  PreciousMetal: 'preciousMetal',
  Fx: 'fx',
  Fund: 'fund',
  Derivative: 'derivative',
  Other: 'other',
} as const;
export type AttributionAssetClass =
  (typeof AttributionAssetClass)[keyof typeof AttributionAssetClass];
export const ATTRIBUTION_ASSET_CLASS_LABELS: Readonly<Record<AttributionAssetClass, string>> = {
  equity: 'Hisse Senedi',
  debt: 'Borçlanma Araçları',
  moneyMarket: 'Para Piyasası ve Mevduat',
  preciousMetal: 'Kıymetli Madenler',
  fx: 'Döviz',
  fund: 'Yatırım Fonları',
  derivative: 'Türev Araçlar',
  other: 'Diğer',
};

/** The attribution asset class of each instrument main type. */
export const MAIN_TYPE_ASSET_CLASS: Readonly<Record<string, AttributionAssetClass>> = {
  stock: 'equity',
  governmentBond: 'debt',
  treasuryBill: 'debt',
  corporateBond: 'debt',
  commercialPaper: 'debt',
  bankBill: 'debt',
  leaseCertificate: 'debt',
  eurobond: 'debt',
  assetBackedSecurity: 'debt',
  fundShare: 'fund',
  exchangeTradedFund: 'fund',
  deposit: 'moneyMarket',
  participationAccount: 'moneyMarket',
  reverseRepo: 'moneyMarket',
  repo: 'moneyMarket',
  moneyMarket: 'moneyMarket',
  future: 'derivative',
  option: 'derivative',
  warrant: 'derivative',
  fx: 'fx',
  preciousMetal: 'preciousMetal',
  structuredProduct: 'other',
  margin: 'moneyMarket',
  other: 'other',
};

/** The 'performance-report' analysis type (registered in registry.ts). */
export const performanceReportAnalysis = defineAnalysis({
  id: 'performance-report',
  module: 5,
  title: 'Performans Raporu',
  runRoute: 'performance-report',
  resultRoute: 'performance-report',
  inputsSchema: PerformanceReportInputsSchema,
  resultSchema: PerformanceReportResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

/** The columns of both return-attribution tables (Brinson-Fachler). */
const ATTRIBUTION_COLUMNS = [
  col('segment', 'Kırılım', 'text'),
  col('portfolioWeight', 'Fon Ağırlığı (ort.)', 'percent'),
  col('benchmarkWeight', 'Ölçüt Ağırlığı (ort.)', 'percent'),
  col('portfolioReturn', 'Fon Getirisi', 'percent'),
  col('benchmarkReturn', 'Ölçüt Getirisi', 'percent'),
  col('allocation', 'Dağılım Etkisi', 'percent'),
  col('selection', 'Seçim Etkisi', 'percent'),
  col('interaction', 'Etkileşim Etkisi', 'percent'),
  col('total', 'Toplam Etki', 'percent'),
];

export const PERFORMANCE_REPORT_TABLES = {
  periods: defineTable(
    'Dönemsel Getiriler',
    [
      col('label', 'Dönem', 'text'),
      col('fromDate', 'Başlangıç', 'date'),
      col('net', 'Net Getiri', 'percent'),
      col('gross', 'Brüt Getiri (giderler eklenmiş)', 'percent'),
      col('benchmark', 'Karşılaştırma Ölçütü', 'percent'),
      col('excess', 'Fark (net − ölçüt)', 'percent'),
    ],
    ['period', 'annualized'],
  ),
  contributions: defineTable(
    'Pozisyon Bazında Getiriye Katkı',
    [
      col('code', 'Varlık Kodu', 'text'),
      col('name', 'Varlık Adı', 'text'),
      col('assetClassLabel', 'Varlık Sınıfı', 'text'),
      col('averageWeight', 'Ortalama Ağırlık', 'percent'),
      col('contribution', 'Getiriye Katkı', 'percent'),
    ],
    ['assetClass'],
    { perHolding: true },
  ),
  /** The title carries the period: "Risk Göstergeleri (<from> – <to>)". */
  /** A percentage figure fills `percent`, a ratio `ratio` (decision 0060: percentages as such). */
  risk: defineTable('Risk Göstergeleri', [
    col('figure', 'Gösterge', 'text'),
    col('percent', 'Yüzde', 'percent'),
    col('ratio', 'Oran', 'number'),
  ]),
  /** The title carries the dates: "Dağılım Getirisi ile Birim Pay Getirisinin Mutabakatı (<from> – <to>)". */
  reconciliation: defineTable('Dağılım Getirisi ile Birim Pay Getirisinin Mutabakatı', [
    col('figure', 'Kalem', 'text'),
    col('value', 'Getiri', 'percent'),
    col('explanation', 'Açıklama', 'text'),
  ]),
  attributionAssetClass: defineTable(
    'Varlık Sınıfı Bazında Getiri Ayrıştırması (Brinson-Fachler)',
    ATTRIBUTION_COLUMNS,
  ),
  attributionSector: defineTable(
    'Sektör Bazında Getiri Ayrıştırması (Pay Senetleri)',
    ATTRIBUTION_COLUMNS,
  ),
};
