import { z } from 'zod';
import { FundCategorySchema, INSTRUMENT_MAIN_TYPES } from '../instruments.ts';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';

/**
 * An investment-limit criterion as data (issue 12, regulation-and-methods.md §4): a measured
 * quantity over the holdings chosen by filters, compared with a limit. Weights are fractions of
 * fund total value (0.1 = %10), counts are numbers of keys, maturities are days. The stored rule
 * is evaluated by `evaluateCriterion` (engine.ts); nothing of a criterion lives in code.
 */

// --- vocabulary ---------------------------------------------------------------------------------

/** Holding attributes a filter may test ('column' reads any holdings column by its key). */
export const CriterionFilterField = {
  MainType: 'mainType',
  SubType: 'subType',
  Issuer: 'issuer',
  IssuerGroup: 'issuerGroup',
  Sector: 'sector',
  Currency: 'currency',
  IsForeign: 'isForeign',
  FundCategory: 'fundCategory',
  Counterparty: 'counterparty',
  InstrumentCode: 'instrumentCode',
  Column: 'column',
} as const;
export type CriterionFilterField = (typeof CriterionFilterField)[keyof typeof CriterionFilterField];
export const CRITERION_FILTER_FIELDS = Object.values(CriterionFilterField) as [
  CriterionFilterField,
  ...CriterionFilterField[],
];
export const CRITERION_FILTER_FIELD_LABELS: Readonly<Record<CriterionFilterField, string>> = {
  mainType: 'Varlık türü',
  subType: 'Alt tür',
  issuer: 'İhraççı',
  issuerGroup: 'İhraççı grubu',
  sector: 'Sektör',
  currency: 'Döviz cinsi',
  isForeign: 'Yabancı varlık',
  fundCategory: 'Fon kategorisi (katılma payı)',
  counterparty: 'Karşı taraf',
  instrumentCode: 'Varlık kodu',
  column: 'Portföy sütunu',
};

/** Keys holdings are grouped by for the per-key aggregations (a deposit's issuer is its bank). */
export const CriterionGroupBy = {
  Issuer: 'issuer',
  IssuerGroup: 'issuerGroup',
  Sector: 'sector',
  Counterparty: 'counterparty',
  Instrument: 'instrumentCode',
  MainType: 'mainType',
} as const;
export type CriterionGroupBy = (typeof CriterionGroupBy)[keyof typeof CriterionGroupBy];
export const CRITERION_GROUP_BYS = Object.values(CriterionGroupBy) as [
  CriterionGroupBy,
  ...CriterionGroupBy[],
];
export const CRITERION_GROUP_BY_LABELS: Readonly<Record<CriterionGroupBy, string>> = {
  issuer: 'İhraççı',
  issuerGroup: 'İhraççı grubu',
  sector: 'Sektör',
  counterparty: 'Karşı taraf',
  instrumentCode: 'Varlık',
  mainType: 'Varlık türü',
};

/** What a criterion measures over its filtered holdings. */
export const CriterionAggregation = {
  /** Σ value / NAV. */
  Weight: 'weight',
  /** The largest weight of one key (single issuer ≤ %10). */
  MaxWeightPerKey: 'maxWeightPerKey',
  /** Number of keys whose weight is strictly above the threshold. */
  CountAboveThreshold: 'countAboveThreshold',
  /** Σ weights of the keys strictly above the threshold (5/10/40: > %5 together ≤ %40). */
  SumAboveThreshold: 'sumAboveThreshold',
  /** Value-weighted average maturity in days with the Rehber §4.2.6 conventions. */
  WeightedAverageMaturity: 'weightedAverageMaturity',
  /** Σ |commitment| of derivative positions / NAV. */
  DerivativeCommitment: 'derivativeCommitment',
  /** Σ value of spot (non-derivative) holdings / NAV (the fund-type 80 % thresholds, Rehber §3). */
  SpotShare: 'spotShare',
} as const;
export type CriterionAggregation = (typeof CriterionAggregation)[keyof typeof CriterionAggregation];
export const CRITERION_AGGREGATIONS = Object.values(CriterionAggregation) as [
  CriterionAggregation,
  ...CriterionAggregation[],
];
export const CRITERION_AGGREGATION_LABELS: Readonly<Record<CriterionAggregation, string>> = {
  weight: 'FTD içindeki ağırlık',
  maxWeightPerKey: 'Tek anahtarın en yüksek ağırlığı',
  countAboveThreshold: 'Eşiği aşan anahtar sayısı',
  sumAboveThreshold: 'Eşiği aşan anahtarların toplam ağırlığı (5/10/40)',
  weightedAverageMaturity: 'Ağırlıklı ortalama vade (gün, Rehber 4.2.6)',
  derivativeCommitment: 'Türev açık pozisyon (taahhüt) / FTD',
  spotShare: 'Spot varlıkların ağırlığı',
};

/** The unit of an aggregation's value: a fraction of NAV, a count or days. */
export function aggregationUnit(aggregation: CriterionAggregation): 'fraction' | 'count' | 'days' {
  if (aggregation === 'countAboveThreshold') return 'count';
  if (aggregation === 'weightedAverageMaturity') return 'days';
  return 'fraction';
}

/**
 * How deposits and participation accounts enter per-key aggregations: they count towards the
 * bank's issuer limit (Rehber §4.1.4) except in money-market funds (§4.9), or never, or always.
 */
export const DepositTreatment = {
  ExceptMoneyMarket: 'exceptMoneyMarket',
  Include: 'include',
  Exclude: 'exclude',
} as const;
export type DepositTreatment = (typeof DepositTreatment)[keyof typeof DepositTreatment];
export const DEPOSIT_TREATMENT_LABELS: Readonly<Record<DepositTreatment, string>> = {
  exceptMoneyMarket: 'Mevduat bankanın ihraççı limitine dahil (para piyasası fonları hariç)',
  include: 'Mevduat her zaman dahil',
  exclude: 'Mevduat hariç',
};

/**
 * Severity follows the source of the limit (issue 23, decision 0051): a limit from the regulation
 * is a breach; an internal or configured limit is a warning and says so in its labels.
 */
export const CriterionSeverity = { Warning: 'warning', Breach: 'breach' } as const;
export type CriterionSeverity = (typeof CriterionSeverity)[keyof typeof CriterionSeverity];
export const CRITERION_SEVERITY_LABELS: Readonly<Record<CriterionSeverity, string>> = {
  warning: 'İç limit',
  breach: 'Mevzuat limiti',
};

/** The outcome of one criterion on one portfolio and date. */
export const AuditStatus = { Pass: 'pass', Warning: 'warning', Breach: 'breach' } as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];
export const AUDIT_STATUS_LABELS: Readonly<Record<AuditStatus, string>> = {
  pass: 'Uygun',
  warning: 'İç limit aşımı',
  breach: 'Mevzuat ihlali',
};
export const AuditStatusSchema = z.enum(['pass', 'warning', 'breach']);

// --- schemas ------------------------------------------------------------------------------------

const enumOf = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z.enum(values, { error: `geçerli bir ${what} değil` });

const fraction = (what: string) =>
  z
    .number({ error: `${what} sayı olmalı` })
    .min(0, { error: `${what} negatif olamaz` })
    .max(10, { error: `${what} oran olarak (0–1) girilmeli` });

export const CriterionFilterSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('values'),
        field: enumOf(CRITERION_FILTER_FIELDS, 'filtre alanı'),
        /** The holdings column key when `field` is 'column'. */
        column: z.string().min(1, { error: 'sütun adı boş olamaz' }).max(64).optional(),
        operator: z.enum(['in', 'notIn'], { error: "'in' veya 'notIn' olmalı" }),
        values: z
          .array(z.string().min(1, { error: 'boş değer olamaz' }).max(200))
          .min(1, { error: 'en az bir değer girilmeli' })
          .max(500),
      })
      .superRefine((f, ctx) => {
        if (f.field === 'column' && f.column === undefined)
          ctx.addIssue({ code: 'custom', path: ['column'], message: 'sütun adı girilmeli' });
        if (f.field === 'mainType')
          for (const [i, v] of f.values.entries())
            if (!(INSTRUMENT_MAIN_TYPES as readonly string[]).includes(v))
              ctx.addIssue({
                code: 'custom',
                path: ['values', i],
                message: `'${v}' geçerli bir varlık türü değil`,
              });
      }),
    z
      .object({
        kind: z.literal('maturity'),
        /** Band of the conventional maturity in days (Rehber §4.2.6), inclusive. */
        minDays: z.number({ error: 'gün sayı olmalı' }).int().min(0).nullable(),
        maxDays: z.number({ error: 'gün sayı olmalı' }).int().min(0).nullable(),
      })
      .refine((f) => f.minDays === null || f.maxDays === null || f.minDays <= f.maxDays, {
        path: ['maxDays'],
        message: 'en fazla gün en az günden küçük olamaz',
      }),
  ],
  { error: "filtre türü 'values' veya 'maturity' olmalı" },
);
export type CriterionFilter = z.infer<typeof CriterionFilterSchema>;

export const CriterionMeasureSchema = z
  .object({
    aggregation: enumOf(CRITERION_AGGREGATIONS, 'ölçüm türü'),
    /** Key of the per-key aggregations (maxWeightPerKey, countAboveThreshold, sumAboveThreshold). */
    groupBy: enumOf(CRITERION_GROUP_BYS, 'gruplama anahtarı').optional(),
    /** Weight a key must exceed (strictly) to count; fraction of NAV. */
    threshold: fraction('eşik').optional(),
    depositTreatment: enumOf(
      Object.values(DepositTreatment) as [DepositTreatment, ...DepositTreatment[]],
      'mevduat kuralı',
    ).default('exceptMoneyMarket'),
  })
  .superRefine((m, ctx) => {
    const keyed =
      m.aggregation === 'maxWeightPerKey' ||
      m.aggregation === 'countAboveThreshold' ||
      m.aggregation === 'sumAboveThreshold';
    if (keyed && m.groupBy === undefined)
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'gruplama anahtarı seçilmeli' });
    if (
      (m.aggregation === 'countAboveThreshold' || m.aggregation === 'sumAboveThreshold') &&
      m.threshold === undefined
    )
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'eşik girilmeli' });
  });
export type CriterionMeasure = z.infer<typeof CriterionMeasureSchema>;

const limitNumber = z.number({ error: 'limit sayı olmalı' }).min(0, { error: 'negatif olamaz' });
export const CriterionComparisonSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('max'), limit: limitNumber }),
    z.object({ kind: z.literal('min'), limit: limitNumber }),
    z
      .object({ kind: z.literal('range'), min: limitNumber, max: limitNumber })
      .refine((c) => c.min <= c.max, { path: ['max'], message: 'üst sınır alt sınırdan küçük' }),
  ],
  { error: "karşılaştırma 'max', 'min' veya 'range' olmalı" },
);
export type CriterionComparison = z.infer<typeof CriterionComparisonSchema>;

export const CriterionScopeSchema = z.object({
  /** Portfolio codes it applies to; with fundCategories, either matches. Both empty = every fund. */
  portfolioCodes: z.array(CodeSchema).max(500).default([]),
  fundCategories: z.array(FundCategorySchema).max(20).default([]),
});
export type CriterionScope = z.infer<typeof CriterionScopeSchema>;

/** The editable rule (what import, export and the form carry). */
export const CriterionRuleSchema = z.object({
  code: CodeSchema.regex(/^[A-Za-z0-9._-]+$/, {
    error: 'yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
  }),
  name: z.string().min(1, { error: 'ad boş olamaz' }).max(200),
  description: z.string().max(2000).default(''),
  /** Heading the screen groups criteria under (usually the fund category). */
  group: z.string().min(1, { error: 'grup boş olamaz' }).max(100),
  /** Legal source, e.g. "Tebliğ III-52.1 m.17/1-a; Rehber §4.1". */
  source: z.string().max(500).default(''),
  /** false: from a secondary source, to be confirmed against the Tebliğ (regulation-and-methods §4.2). */
  confirmed: z.boolean().default(true),
  filters: z.array(CriterionFilterSchema).max(20).default([]),
  measure: CriterionMeasureSchema,
  comparison: CriterionComparisonSchema,
  severity: enumOf(['warning', 'breach'], 'önem derecesi'),
  scope: CriterionScopeSchema.default({ portfolioCodes: [], fundCategories: [] }),
  effectiveFrom: IsoDateSchema,
  /** Days to cure a breach (SPK cure period where one applies); null = the severity's setting. */
  cureDays: z.number().int().min(0).max(365).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type CriterionRule = z.infer<typeof CriterionRuleSchema>;
export type CriterionRuleInput = z.input<typeof CriterionRuleSchema>;

/** A stored criterion version. Editing creates a new version; past audits keep theirs. */
export const CriterionSchema = CriterionRuleSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

/** A criteria set file (JSON export/import). */
export const CriteriaSetSchema = z.object({
  format: z.literal('fonrisk-criteria', { error: "format 'fonrisk-criteria' olmalı" }),
  version: z.literal(1, { error: 'sürüm 1 olmalı' }),
  criteria: z.array(CriterionRuleSchema).min(1, { error: 'en az bir kriter olmalı' }).max(1000),
});
export type CriteriaSet = z.infer<typeof CriteriaSetSchema>;
