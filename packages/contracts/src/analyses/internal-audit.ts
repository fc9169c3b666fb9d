import { z } from 'zod';
import { CodeSchema } from '../market-values.ts';
import { IsoDateSchema } from '../market-values.ts';
import { ContributionSchema, KeyWeightSchema } from '../criteria/api.ts';
import {
  AuditStatusSchema,
  CriterionComparisonSchema,
  type CriterionComparison,
} from '../criteria/criterion.ts';
import { formatPercent } from '../display-format.ts';
import { defineAnalysis } from './definition.ts';
import { PortfolioCodesSchema, checkDateChoice } from './parameters.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'internal-audit' (Module 3, internalAudit → internal-audit-result): chosen portfolios checked
 * against the criteria that apply to them on a date or every holdings date of a range. With
 * `updateTracking` the daily outcomes also open, extend and close tracked breaches
 * (internal-audit-tracking); the scheduled daily audit always sets it.
 */
export const InternalAuditInputsSchema = z
  .strictObject({
    portfolioCodes: PortfolioCodesSchema,
    asOfDate: IsoDateSchema.optional(),
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    /** Only these criteria (codes); empty or omitted = every criterion in force. */
    criterionCodes: z.array(CodeSchema).max(1000).optional(),
    updateTracking: z.boolean().optional(),
  })
  .superRefine(checkDateChoice);
export type InternalAuditInputs = z.infer<typeof InternalAuditInputsSchema>;

export const AuditUnitSchema = z.enum(['fraction', 'count', 'days']);
export type AuditUnit = z.infer<typeof AuditUnitSchema>;

export const AuditedCriterionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  group: z.string(),
  source: z.string(),
  confirmed: z.boolean(),
  severity: z.enum(['warning', 'breach']),
  unit: AuditUnitSchema,
  comparison: CriterionComparisonSchema,
  limitText: z.string(),
});
export type AuditedCriterion = z.infer<typeof AuditedCriterionSchema>;

export const AuditLineSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  criterionCode: z.string(),
  /** Holdings date of the outcome (the last audited day of a range). */
  date: z.string(),
  value: z.number().nullable(),
  status: AuditStatusSchema,
  margin: z.number().nullable(),
  /** Days of the range on which the rule failed. */
  failingDays: z.number().int(),
  keys: z.array(KeyWeightSchema),
  contributions: z.array(ContributionSchema),
});
export type AuditLine = z.infer<typeof AuditLineSchema>;

export const AuditSeriesSchema = z.object({
  portfolioCode: z.string(),
  criterionCode: z.string(),
  dates: z.array(z.string()),
  values: z.array(z.number().nullable()),
  statuses: z.array(AuditStatusSchema),
});
export type AuditSeries = z.infer<typeof AuditSeriesSchema>;

export const InternalAuditResultSchema = z.object({
  asOfDate: z.string().nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  /** Every audited holdings date, ascending. */
  dates: z.array(z.string()),
  criteria: z.array(AuditedCriterionSchema),
  lines: z.array(AuditLineSchema),
  /** Daily value and status per portfolio × criterion (date ranges only). */
  series: z.array(AuditSeriesSchema),
  summary: z.object({
    portfolios: z.number().int(),
    checks: z.number().int(),
    pass: z.number().int(),
    warning: z.number().int(),
    breach: z.number().int(),
  }),
  tracking: z
    .object({ opened: z.number().int(), updated: z.number().int(), resolved: z.number().int() })
    .nullable(),
  tables: ResultTablesSchema,
});
export type InternalAuditResult = z.infer<typeof InternalAuditResultSchema>;

const pct = (v: number): string => formatPercent(v);

/** A value in its unit as Turkish text: %10,00 · 45 gün · 3. */
export function formatAuditValue(value: number | null, unit: AuditUnit): string {
  if (value === null) return '—';
  if (unit === 'fraction') return pct(value);
  if (unit === 'days') return `${value.toLocaleString('tr-TR', { maximumFractionDigits: 1 })} gün`;
  return value.toLocaleString('tr-TR', { maximumFractionDigits: 0 });
}

/** The limit as Turkish text: "≤ %10,00", "≥ %80,00", "%20,00 – %35,00". */
export function formatLimit(comparison: CriterionComparison, unit: AuditUnit): string {
  const f = (v: number) => formatAuditValue(v, unit);
  if (comparison.kind === 'max') return `≤ ${f(comparison.limit)}`;
  if (comparison.kind === 'min') return `≥ ${f(comparison.limit)}`;
  return `${f(comparison.min)} – ${f(comparison.max)}`;
}

export const internalAuditAnalysis = defineAnalysis({
  id: 'internal-audit',
  module: 3,
  title: 'İç Denetim',
  runRoute: 'internalAudit',
  resultRoute: 'internal-audit-result',
  inputsSchema: InternalAuditInputsSchema,
  resultSchema: InternalAuditResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const INTERNAL_AUDIT_TABLES = {
  results: defineTable('Denetim Sonuçları', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('portfolioName', 'Portföy Adı', 'text'),
    col('date', 'Tarih', 'date'),
    col('criterionCode', 'Kriter Kodu', 'text'),
    col('criterionName', 'Kriter', 'text'),
    col('valueText', 'Ölçülen Değer', 'text'),
    col('limitText', 'Limit', 'text'),
    col('marginText', 'Marj', 'text'),
    col('statusLabel', 'Durum', 'text'),
    col('severityLabel', 'Mevzuat / iç limit', 'text'),
    col('failingDays', 'Aykırı Gün Sayısı', 'number'),
    col('confirmedLabel', 'Kaynak Teyidi', 'text'),
  ]),
  offending: defineTable('Aykırı Varlıklar', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('criterionCode', 'Kriter Kodu', 'text'),
    col('instrumentCode', 'Varlık Kodu', 'text'),
    col('instrumentName', 'Varlık Adı', 'text'),
    col('key', 'Anahtar', 'text'),
    col('valueTry', 'Tutar (TL)', 'money'),
    col('weight', 'Ağırlık', 'percent'),
  ]),
};
