import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'customer-performance-report' (Module 5): a customer portfolio's return with its external cash
 * flows (the stored cash-flow model): Modified Dietz per sub-period between valuations, chained;
 * the money-weighted return (IRR) beside it; fees; a statement per month.
 */
export const CustomerPerformanceReportInputsSchema = z
  .strictObject({
    portfolioCode: CodeSchema,
    fromDate: IsoDateSchema,
    toDate: IsoDateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.fromDate >= v.toDate)
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'bitiş tarihi başlangıçtan sonra olmalı',
      });
  });
export type CustomerPerformanceReportInputs = z.infer<typeof CustomerPerformanceReportInputsSchema>;

export const StatementRowSchema = z.object({
  period: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  openingValue: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  transfersIn: z.number(),
  transfersOut: z.number(),
  fees: z.number(),
  income: z.number(),
  gains: z.number(),
  closingValue: z.number(),
  netReturn: z.number(),
  grossReturn: z.number(),
});
export type StatementRow = z.infer<typeof StatementRowSchema>;

export const CustomerPerformanceReportResultSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** Chained Modified Dietz, net of fees (fees stay inside the portfolio's result). */
  netReturn: z.number(),
  /** Chained Modified Dietz with fees treated as external withdrawals (added back). */
  grossReturn: z.number(),
  netReturnAnnualized: z.number().nullable(),
  /** Money-weighted return over the whole period: annual rate and over the period. */
  irrAnnualized: z.number(),
  irrPeriod: z.number(),
  openingValue: z.number(),
  closingValue: z.number(),
  netFlows: z.number(),
  fees: z.number(),
  income: z.number(),
  valuations: z.number(),
  statement: z.array(StatementRowSchema),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type CustomerPerformanceReportResult = z.infer<typeof CustomerPerformanceReportResultSchema>;

/** The 'customer-performance-report' analysis type (registered in registry.ts). */
export const customerPerformanceReportAnalysis = defineAnalysis({
  id: 'customer-performance-report',
  module: 5,
  title: 'Müşteri Performans Raporu',
  runRoute: 'customer-performance-report',
  resultRoute: 'customer-performance-report',
  inputsSchema: CustomerPerformanceReportInputsSchema,
  resultSchema: CustomerPerformanceReportResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const CUSTOMER_PERFORMANCE_REPORT_TABLES = {
  summary: defineTable('Özet', [
    col('figure', 'Gösterge', 'text'),
    col('value', 'Değer', 'number'),
    col('format', 'Birim', 'text'),
  ]),
  statement: defineTable('Hesap Özeti (Aylık)', [
    col('period', 'Dönem', 'text'),
    col('fromDate', 'Başlangıç', 'date'),
    col('toDate', 'Bitiş', 'date'),
    col('openingValue', 'Dönem Başı Değer', 'money'),
    col('deposits', 'Para Girişi', 'money'),
    col('withdrawals', 'Para Çıkışı', 'money'),
    col('transfersIn', 'Kıymet Girişi', 'money'),
    col('transfersOut', 'Kıymet Çıkışı', 'money'),
    col('income', 'Gelir', 'money'),
    col('fees', 'Ücret', 'money'),
    col('gains', 'Değer Artışı', 'money'),
    col('closingValue', 'Dönem Sonu Değer', 'money'),
    col('netReturn', 'Net Getiri', 'percent'),
    col('grossReturn', 'Brüt Getiri', 'percent'),
  ]),
  flows: defineTable(
    'Nakit ve Kıymet Akışları',
    [
      col('flowDate', 'Tarih', 'date'),
      col('kindLabel', 'Tür', 'text'),
      col('amountTry', 'Tutar (TL)', 'money'),
      col('instrumentCode', 'Varlık Kodu', 'text'),
      col('note', 'Açıklama', 'text'),
    ],
    ['id', 'kind'],
  ),
};
