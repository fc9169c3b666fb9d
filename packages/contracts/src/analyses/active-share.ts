import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { PortfolioCodesSchema, WindowDaysSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'active-share': each fund against the holdings of its reference benchmark (a holdings benchmark
 * of the reference-benchmark screen: the portfolio whose holdings it follows). Active share
 * (½ Σ|w_p − w_b|, @fonrisk/risk activeShare), over and underweights per security and per sector,
 * ex-post tracking error and information ratio over a window of business days (conventions of
 * docs/decisions/0003), and the active share over the stored holdings dates of that window.
 */

/** Business days of the tracking-error window and of the active share history. */
export const ACTIVE_SHARE_WINDOW_DAYS_DEFAULT = 250;
/** Daily returns per year of the tracking error and information ratio (0003). */
export const ACTIVE_SHARE_PERIODS_PER_YEAR = 252;

export const ActiveShareInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  /** A holdings benchmark used for every fund instead of each fund's reference benchmark. */
  benchmarkCode: CodeSchema.nullable().default(null),
  windowDays: WindowDaysSchema.default(ACTIVE_SHARE_WINDOW_DAYS_DEFAULT),
});
export type ActiveShareInputs = z.infer<typeof ActiveShareInputsSchema>;

export const ActiveWeightRowSchema = z.object({
  /** Instrument code (securities) or sector name (sectors). */
  key: z.string(),
  name: z.string(),
  sector: z.string(),
  fundWeight: z.number(),
  benchmarkWeight: z.number(),
  /** fundWeight − benchmarkWeight (fractions): positive = overweight. */
  activeWeight: z.number(),
});
export type ActiveWeightRow = z.infer<typeof ActiveWeightRowSchema>;

export const ActiveShareFundSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  benchmarkCode: z.string(),
  benchmarkName: z.string(),
  /** The portfolio whose holdings the benchmark follows. */
  benchmarkPortfolioCode: z.string(),
  /** Holdings dates used (latest on or before the date) on each side. */
  holdingsDate: z.string(),
  benchmarkHoldingsDate: z.string(),
  activeShare: z.number(),
  /** Half the sum of |sector active weights|: the part of active share that is sector bets. */
  sectorActiveShare: z.number(),
  /** Annualised sd of daily active returns over the window; null without enough common days. */
  trackingError: z.number().nullable(),
  activePremium: z.number().nullable(),
  informationRatio: z.number().nullable(),
  /** Common daily returns of fund and benchmark in the window. */
  observations: z.number().int(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  securities: z.array(ActiveWeightRowSchema),
  sectors: z.array(ActiveWeightRowSchema),
  history: z.array(z.object({ date: z.string(), activeShare: z.number() })),
  notes: z.array(z.string()),
});
export type ActiveShareFund = z.infer<typeof ActiveShareFundSchema>;

export const ActiveShareResultSchema = z.object({
  asOfDate: z.string(),
  windowDays: z.number().int(),
  conventions: z.object({
    periodsPerYear: z.number().int(),
    trackingError: z.string(),
    returns: z.string(),
  }),
  funds: z.array(ActiveShareFundSchema),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type ActiveShareResult = z.infer<typeof ActiveShareResultSchema>;

export const activeShareAnalysis = defineAnalysis({
  id: 'active-share',
  module: 2,
  title: 'Aktif Pay',
  runRoute: 'active-share',
  resultRoute: 'active-share-result',
  inputsSchema: ActiveShareInputsSchema,
  resultSchema: ActiveShareResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

const WEIGHT_COLUMNS = [
  col('fundWeight', 'Fon Ağırlığı', 'percent'),
  col('benchmarkWeight', 'Ölçüt Ağırlığı', 'percent'),
  col('activeWeight', 'Aktif Ağırlık', 'percent'),
];

export const ACTIVE_SHARE_TABLES = {
  summary: defineTable('Aktif Pay Özeti', [
    col('portfolioCode', 'Fon', 'text'),
    col('benchmarkCode', 'Karşılaştırma Ölçütü', 'text'),
    col('holdingsDate', 'Portföy Tarihi', 'date'),
    col('benchmarkHoldingsDate', 'Ölçüt Tarihi', 'date'),
    col('activeShare', 'Aktif Pay', 'percent'),
    col('sectorActiveShare', 'Sektör Aktif Payı', 'percent'),
    col('trackingError', 'İzleme Hatası (yıllık)', 'percent'),
    col('activePremium', 'Aktif Getiri (yıllık)', 'percent'),
    col('informationRatio', 'Bilgi Oranı', 'number'),
    col('observations', 'Gözlem', 'number'),
    col('windowFrom', 'Pencere Başı', 'date'),
    col('windowTo', 'Pencere Sonu', 'date'),
  ]),
  securities: defineTable('Menkul Kıymet Bazında Fazla ve Eksik Ağırlıklar', [
    col('portfolioCode', 'Fon', 'text'),
    col('key', 'Kod', 'text'),
    col('name', 'Ad', 'text'),
    col('sector', 'Sektör', 'text'),
    ...WEIGHT_COLUMNS,
  ]),
  sectors: defineTable('Sektör Bazında Fazla ve Eksik Ağırlıklar', [
    col('portfolioCode', 'Fon', 'text'),
    col('key', 'Sektör', 'text'),
    ...WEIGHT_COLUMNS,
  ]),
  history: defineTable('Aktif Pay Geçmişi', [
    col('portfolioCode', 'Fon', 'text'),
    col('date', 'Tarih', 'date'),
    col('activeShare', 'Aktif Pay', 'percent'),
  ]),
};
