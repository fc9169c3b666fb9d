import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { ModelFields, ResolvedVarParametersSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ScenarioBundleDataSchema } from './input-bundle.ts';
import { col, ResultTablesSchema, type ResultColumn } from './result-tables.ts';

/** 'backtest' (Geriye Dönük Test): daily 1-day VaR forecasts against realised P&L. */

/**
 * 'backtest': daily 1-day VaR from the window ending the day before against the realised P&L.
 * Without dates: the last 250 business days up to the latest holdings date.
 */
/**
 * A backtest compares 1-day VaR with the next day's P&L under the absolute approach, whatever the
 * saved settings say (the worker resolves with these, the form previews with them).
 */
export const BACKTEST_MODEL_OVERRIDES = {
  horizonDays: 1,
  horizonScaling: 'sqrtTime',
  approach: 'absolute',
} as const;

export const BacktestInputsSchema = z
  .strictObject({
    portfolioCode: CodeSchema,
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    ...ModelFields,
  })
  .superRefine((v, ctx) => {
    if (v.fromDate !== undefined && v.toDate !== undefined && v.fromDate > v.toDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'bitiş tarihi başlangıçtan önce olamaz',
      });
    }
  });
export type BacktestInputs = z.infer<typeof BacktestInputsSchema>;

export const LikelihoodRatioSchema = z.object({
  statistic: z.number(),
  pValue: z.number(),
  /** Rejected at 5 %. */
  rejected: z.boolean(),
});

export const BacktestEvaluationSchema = z.object({
  observations: z.number(),
  exceptions: z.number(),
  exceptionDates: z.array(z.string()),
  expectedExceptions: z.number(),
  kupiec: LikelihoodRatioSchema,
  christoffersenIndependence: LikelihoodRatioSchema,
  christoffersenConditional: LikelihoodRatioSchema,
  baselZone: z.enum(['green', 'yellow', 'red']),
  baselPlusFactor: z.number().nullable(),
  cumulativeProbability: z.number(),
  /** SPK Rehber §7.6.4 over the last 250 observations: > 3 review, > 5 report to SPK. */
  spkExceptionsLast250: z.number(),
  spkReviewRequired: z.boolean(),
  spkReportRequired: z.boolean(),
  verdict: z.string(),
});
export type BacktestEvaluation = z.infer<typeof BacktestEvaluationSchema>;

export const BacktestPointSchema = z.object({
  date: z.string(),
  /** 1-day VaR forecast for this day from the window ending the day before (TRY, positive loss). */
  varTry: z.number(),
  hypotheticalPnlTry: z.number(),
  /** NAV change on the day, null when either NAV is missing. */
  actualPnlTry: z.number().nullable(),
  hypotheticalException: z.boolean(),
  actualException: z.boolean().nullable(),
});
export type BacktestPoint = z.infer<typeof BacktestPointSchema>;

export const BacktestResultSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  parameters: ResolvedVarParametersSchema,
  hypothetical: BacktestEvaluationSchema,
  /** Null when fewer than two holdings dates give a NAV change. */
  actual: BacktestEvaluationSchema.nullable(),
  points: z.array(BacktestPointSchema),
  tables: ResultTablesSchema,
});
export type BacktestResult = z.infer<typeof BacktestResultSchema>;

/** The 'backtest' analysis type (registered in registry.ts). */
export const backtestAnalysis = defineAnalysis({
  id: 'backtest',
  module: 1,
  title: 'Geriye Dönük Test',
  runRoute: 'backtest',
  resultRoute: 'backtest-result',
  inputsSchema: BacktestInputsSchema,
  resultSchema: BacktestResultSchema,
  bundle: ScenarioBundleDataSchema,
});

/** Columns of the backtest result tables (export and grids). */
export const BACKTEST_COLUMNS: Readonly<Record<'days' | 'tests', ResultColumn[]>> = {
  days: [
    col('date', 'Tarih', 'date'),
    col('varTry', '1 Günlük RMD (TL)', 'money'),
    col('hypotheticalPnlTry', 'Varsayımsal K/Z (TL)', 'money'),
    col('hypotheticalExceptionLabel', 'Aşım (Varsayımsal)', 'text'),
    col('actualPnlTry', 'Gerçekleşen FTD Değişimi (TL)', 'money'),
    col('actualExceptionLabel', 'Aşım (Gerçekleşen)', 'text'),
  ],
  tests: [
    col('pnl', 'K/Z Türü', 'text'),
    col('observations', 'Gözlem', 'number'),
    col('exceptions', 'Aşım', 'number'),
    col('kupiecStatistic', 'Kupiec LR', 'number'),
    col('kupiecPValue', 'Kupiec p', 'number'),
    col('ccStatistic', 'Christoffersen LR (koşullu)', 'number'),
    col('ccPValue', 'Christoffersen p', 'number'),
    col('zone', 'Basel Bölgesi', 'text'),
    col('verdict', 'Değerlendirme', 'text'),
  ],
};
