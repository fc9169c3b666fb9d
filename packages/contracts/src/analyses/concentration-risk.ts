import { z } from 'zod';
import type { CriterionRule } from '../criteria/criterion.ts';
import { SPK_CRITERIA } from '../criteria/spk-rules.ts';
import { IsoDateSchema } from '../market-values.ts';
import { formatLimit } from './internal-audit.ts';
import { PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'concentration-risk': exposures by issuer, group, sector, asset class, currency, country and
 * counterparty, HHI, top 10 and the limit checks (regulation-and-methods.md §4; decision 0035).
 * The regulatory checks are the shipped Module 3 criteria (spk-rules.ts) evaluated by the same
 * engine (engine.ts, `evaluateCriterion`): only their limit (and the 5/10/40 threshold) is a
 * setting of the run, so there is one 5/10/40 in the code base.
 */

export const ExposureDimension = {
  Issuer: 'issuer',
  IssuerGroup: 'issuerGroup',
  Sector: 'sector',
  AssetClass: 'assetClass',
  Currency: 'currency',
  Country: 'country',
  Counterparty: 'counterparty',
} as const;
export type ExposureDimension = (typeof ExposureDimension)[keyof typeof ExposureDimension];
export const EXPOSURE_DIMENSIONS = Object.values(ExposureDimension);
export const EXPOSURE_DIMENSION_LABELS: Readonly<Record<ExposureDimension, string>> = {
  issuer: 'İhraççı',
  issuerGroup: 'İhraççı grubu',
  sector: 'Sektör',
  assetClass: 'Varlık sınıfı',
  currency: 'Döviz cinsi',
  country: 'Yurt içi / yabancı',
  counterparty: 'Karşı taraf',
};

const spk = (code: string): CriterionRule => {
  const rule = SPK_CRITERIA.find((c) => c.code === code);
  if (!rule) throw new Error(`shipped criterion ${code} missing`);
  return rule;
};
const issuerRule = spk('SPK-TEK-IHRACCI');

/**
 * The limits a concentration run checks: the shipped SPK criteria by code, plus internal limits
 * built on the same filters (severity 'warning'). The default limit of each is the criterion's.
 */
export const CONCENTRATION_LIMITS = {
  issuer: spk('SPK-TEK-IHRACCI'),
  largeExposures: spk('SPK-5-10-40'),
  issuerGroup: spk('SPK-GRUP-SIRKETLERI'),
  reverseRepo: spk('SPK-TERS-REPO'),
  foreign: spk('SPK-YABANCI-20'),
  moneyMarketBank: spk('SPK-PP-BANKA-6'),
  preciousMetalsBank: spk('SPK-KM-BANKA-10'),
  singleFund: spk('SPK-FON-TEK-FON-10'),
  fundOfFundsSingleFund: spk('SPK-FON-SEPETI-TEK-FON'),
  internalIssuer: {
    ...issuerRule,
    code: 'IC-IHRACCI',
    name: 'İç limit: tek ihraççı',
    source: 'Kurum içi limit (ayar)',
    confirmed: true,
    comparison: { kind: 'max', limit: 0.08 },
    severity: 'warning',
  },
  internalSector: {
    ...issuerRule,
    code: 'IC-SEKTOR',
    name: 'İç limit: tek sektör',
    source: 'Kurum içi limit (ayar)',
    confirmed: true,
    filters: [],
    measure: { aggregation: 'maxWeightPerKey', groupBy: 'sector', depositTreatment: 'exclude' },
    comparison: { kind: 'max', limit: 0.35 },
    severity: 'warning',
  },
  internalCounterparty: {
    ...issuerRule,
    code: 'IC-KARSI-TARAF',
    name: 'İç limit: tek karşı taraf',
    source: 'Kurum içi limit (ayar)',
    confirmed: true,
    filters: [],
    measure: {
      aggregation: 'maxWeightPerKey',
      groupBy: 'counterparty',
      depositTreatment: 'include',
    },
    comparison: { kind: 'max', limit: 0.2 },
    severity: 'warning',
  },
} as const satisfies Record<string, CriterionRule>;
export type ConcentrationLimitKey = keyof typeof CONCENTRATION_LIMITS;
export const CONCENTRATION_LIMIT_KEYS = Object.keys(
  CONCENTRATION_LIMITS,
) as ConcentrationLimitKey[];

const limitOf = (r: CriterionRule): number =>
  r.comparison.kind === 'range' ? r.comparison.max : r.comparison.limit;

export const ConcentrationLimitSettingSchema = z.strictObject({
  enabled: z.boolean(),
  /** Fraction of NAV (0.1 = %10). */
  limit: z
    .number({ error: 'limit sayı olmalı' })
    .min(0, { error: 'limit negatif olamaz' })
    .max(1, { error: 'limit en fazla %100 olabilir' }),
  /** Weight a key must exceed (strictly) to count; only the 5/10/40 rule has one. */
  threshold: z
    .number({ error: 'eşik sayı olmalı' })
    .min(0, { error: 'eşik negatif olamaz' })
    .max(1, { error: 'eşik en fazla %100 olabilir' })
    .nullable(),
});
export type ConcentrationLimitSetting = z.infer<typeof ConcentrationLimitSettingSchema>;

export const CONCENTRATION_LIMIT_DEFAULTS = Object.fromEntries(
  CONCENTRATION_LIMIT_KEYS.map((k) => {
    const r: CriterionRule = CONCENTRATION_LIMITS[k];
    return [k, { enabled: true, limit: limitOf(r), threshold: r.measure.threshold ?? null }];
  }),
) as Record<ConcentrationLimitKey, ConcentrationLimitSetting>;

const limitsShape = Object.fromEntries(
  CONCENTRATION_LIMIT_KEYS.map((k) => [
    k,
    ConcentrationLimitSettingSchema.default(CONCENTRATION_LIMIT_DEFAULTS[k]),
  ]),
) as Record<ConcentrationLimitKey, z.ZodDefault<typeof ConcentrationLimitSettingSchema>>;

/** The stored criterion of a limit with the run's setting applied (limit and threshold). */
/**
 * The rule a run checks for one limit. Severity follows the source (decision 0051): a regulatory
 * limit run at its own figures stays a breach; once the run sets another limit or threshold it is
 * a configured limit, a warning whose source names both figures.
 */
export function concentrationRule(
  key: ConcentrationLimitKey,
  setting: ConcentrationLimitSetting,
): CriterionRule {
  const base: CriterionRule = CONCENTRATION_LIMITS[key];
  const baseThreshold = base.measure.threshold ?? null;
  const configured =
    base.severity === 'breach' &&
    (Math.abs(setting.limit - limitOf(base)) > 1e-12 ||
      (setting.threshold !== null &&
        baseThreshold !== null &&
        Math.abs(setting.threshold - baseThreshold) > 1e-12));
  return {
    ...base,
    measure:
      setting.threshold === null ? base.measure : { ...base.measure, threshold: setting.threshold },
    comparison: { kind: 'max', limit: setting.limit },
    ...(configured
      ? {
          severity: 'warning' as const,
          source: `Ayarlanan limit; mevzuat: ${formatLimit(base.comparison, 'fraction')} (${base.source})`,
        }
      : {}),
  };
}

export const CONCENTRATION_TOP_N = 10;

export const ConcentrationRiskInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  limits: z.strictObject(limitsShape).default(CONCENTRATION_LIMIT_DEFAULTS),
  /** Share of a limit from which a passing row is flagged as near (0.9 = %90 of the limit). */
  warningUsage: z
    .number({ error: 'uyarı eşiği sayı olmalı' })
    .gt(0, { error: 'uyarı eşiği sıfırdan büyük olmalı' })
    .max(1, { error: 'uyarı eşiği en fazla %100 olabilir' })
    .default(0.9),
});
export type ConcentrationRiskInputs = z.infer<typeof ConcentrationRiskInputsSchema>;

export const ConcentrationStatus = {
  Pass: 'pass',
  Near: 'near',
  Warning: 'warning',
  Breach: 'breach',
} as const;
export type ConcentrationStatus = (typeof ConcentrationStatus)[keyof typeof ConcentrationStatus];
export const CONCENTRATION_STATUS_LABELS: Readonly<Record<ConcentrationStatus, string>> = {
  pass: 'Uygun',
  near: 'Limite yakın',
  warning: 'İç / ayarlanan limit aşımı',
  breach: 'Mevzuat ihlali',
};

export const ConcentrationFundSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  date: z.string(),
  nav: z.number(),
  hhi: z.array(
    z.object({
      dimension: z.string(),
      /** Decimal HHI (1/N … 1); null without exposures. */
      hhi: z.number().nullable(),
      hhiPoints: z.number().nullable(),
      effectiveN: z.number().nullable(),
      keys: z.number().int(),
    }),
  ),
  checks: z.array(
    z.object({
      limitKey: z.string(),
      code: z.string(),
      name: z.string(),
      key: z.string().nullable(),
      value: z.number(),
      limit: z.number(),
      /** limit − value: room left (positive) or excess (negative). */
      margin: z.number(),
      status: z.enum(['pass', 'near', 'warning', 'breach']),
      source: z.string(),
    }),
  ),
  breaches: z.number().int(),
  notes: z.array(z.string()),
});
export type ConcentrationFund = z.infer<typeof ConcentrationFundSchema>;

export const ConcentrationRiskResultSchema = z.object({
  asOfDate: z.string(),
  conventions: z.object({
    derivatives: z.string(),
    hhi: z.string(),
    warningUsage: z.number(),
  }),
  funds: z.array(ConcentrationFundSchema),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type ConcentrationRiskResult = z.infer<typeof ConcentrationRiskResultSchema>;

export const concentrationRiskAnalysis = defineAnalysis({
  id: 'concentration-risk',
  module: 2,
  title: 'Yoğunlaşma Riski',
  runRoute: 'concentration-risk',
  resultRoute: 'concentration-risk-result',
  inputsSchema: ConcentrationRiskInputsSchema,
  resultSchema: ConcentrationRiskResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const CONCENTRATION_RISK_TABLES = {
  summary: defineTable(
    'Yoğunlaşma özeti',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('portfolioName', 'Fon adı', 'text'),
      col('date', 'Portföy tarihi', 'date'),
      col('nav', 'Fon toplam değeri', 'money'),
      col('issuerHhi', 'İhraççı HHI (puan)', 'number'),
      col('issuerEffectiveN', 'Etkin ihraççı sayısı', 'number'),
      col('top10', 'İlk 10 ihraççı (% FTD)', 'percent'),
      col('breaches', 'Mevzuat ihlali', 'number'),
      col('warnings', 'İç / ayarlanan limit aşımı', 'number'),
      col('near', 'Limite yakın', 'number'),
    ],
    ['status'],
  ),
  checks: defineTable(
    'Limit kontrolleri',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('name', 'Limit', 'text'),
      col('key', 'Anahtar', 'text'),
      col('value', 'Değer (% FTD)', 'percent'),
      col('limit', 'Limit (% FTD)', 'percent'),
      col('margin', 'Kalan / aşan (% FTD)', 'percent'),
      col('statusLabel', 'Durum', 'text'),
      col('source', 'Kaynak', 'text'),
    ],
    ['code', 'limitKey', 'status'],
  ),
  top10: defineTable(`İlk ${String(CONCENTRATION_TOP_N)} ihraççı`, [
    col('portfolioCode', 'Fon', 'text'),
    col('rank', 'Sıra', 'number'),
    col('key', 'İhraççı', 'text'),
    col('valueTry', 'Tutar', 'money'),
    col('weight', '% FTD', 'percent'),
  ]),
  exposures: defineTable(
    'Dağılımlar',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('dimension', 'Boyut', 'text'),
      col('key', 'Anahtar', 'text'),
      col('valueTry', 'Tutar', 'money'),
      col('weight', '% FTD', 'percent'),
    ],
    ['dimensionKey'],
  ),
  derivatives: defineTable('Türev pozisyonları: dayanak pozisyonu', [
    col('portfolioCode', 'Fon', 'text'),
    col('instrumentCode', 'Kod', 'text'),
    col('instrumentName', 'Ad', 'text'),
    col('mainTypeLabel', 'Tür', 'text'),
    col('valueTry', 'Piyasa değeri', 'money'),
    col('notionalTry', 'Nominal pozisyon (delta 1)', 'money'),
    col('delta', 'Delta', 'number'),
    col('exposureTry', 'Delta ile düzeltilmiş pozisyon', 'money'),
    col('weight', 'Pozisyon (% FTD)', 'percent'),
  ]),
  hhi: defineTable('Herfindahl-Hirschman endeksi', [
    col('portfolioCode', 'Fon', 'text'),
    col('dimension', 'Boyut', 'text'),
    col('hhiPoints', 'HHI (puan, 0-10 000)', 'number'),
    col('effectiveN', 'Etkin sayı (1/HHI)', 'number'),
    col('keys', 'Anahtar sayısı', 'number'),
  ]),
};
