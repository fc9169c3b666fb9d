import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { ResultTablesSchema } from './result-tables.ts';

/**
 * 'customer-performance-report' (Module 5): a customer portfolio's return with its external cash
 * flows (the stored cash-flow model): Modified Dietz per sub-period between valuations, chained;
 * the money-weighted return (IRR) beside it; fees; a statement per month.
 */
export const CustomerPerformanceReportInputsSchema = z
  .object({
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
