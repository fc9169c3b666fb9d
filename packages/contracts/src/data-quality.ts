import { z } from 'zod';
import { IsoDateSchema } from './market-values.ts';
import { RunStatusSchema } from './analyses/runs.ts';

/**
 * The morning data-quality view (issue 26, decision 0065): what the data of each fund is
 * missing on "today", the runs since yesterday and the open breaches. The same checks decide
 * whether an analysis run is refused or only warned at submission.
 */

/** Tolerances of the data-quality checks, stored under settings key `data-quality.settings`. */
export const DataQualitySettingsSchema = z.strictObject({
  /** A price unchanged for at least this many observations while its market moved is stale. */
  staleDays: z
    .number({ error: 'bayat fiyat gün sayısı sayı olmalı' })
    .int({ error: 'bayat fiyat gün sayısı tam sayı olmalı' })
    .min(2, { error: 'bayat fiyat gün sayısı en az 2 olabilir' })
    .max(60, { error: 'bayat fiyat gün sayısı en fazla 60 olabilir' }),
  /** The latest daily move beyond this many standard deviations of the previous moves is a jump. */
  jumpSigma: z
    .number({ error: 'sıçrama eşiği sayı olmalı' })
    .min(2, { error: 'sıçrama eşiği en az 2 standart sapma olabilir' })
    .max(20, { error: 'sıçrama eşiği en fazla 20 standart sapma olabilir' }),
  /** How many previous daily moves give the standard deviation of the jump check. */
  jumpWindowDays: z
    .number({ error: 'sıçrama penceresi sayı olmalı' })
    .int({ error: 'sıçrama penceresi tam sayı olmalı' })
    .min(20, { error: 'sıçrama penceresi en az 20 gün olabilir' })
    .max(500, { error: 'sıçrama penceresi en fazla 500 gün olabilir' }),
  /** NAV from holdings against the reported NAV: a larger gap (percent) is a finding. */
  navTolerancePct: z
    .number({ error: 'FTD toleransı sayı olmalı' })
    .min(0, { error: 'FTD toleransı negatif olamaz' })
    .max(100, { error: 'FTD toleransı en fazla %100 olabilir' }),
});
export type DataQualitySettings = z.infer<typeof DataQualitySettingsSchema>;

export const DATA_QUALITY_SETTINGS_KEY = 'data-quality.settings';

export const DEFAULT_DATA_QUALITY_SETTINGS: DataQualitySettings = {
  staleDays: 5,
  jumpSigma: 5,
  jumpWindowDays: 60,
  navTolerancePct: 0.5,
};

/** The checks of a fund's data, one finding kind each. */
export const DataQualityCheck = {
  HoldingsMissing: 'holdingsMissing',
  Unmapped: 'unmapped',
  Unpriced: 'unpriced',
  StalePrice: 'stalePrice',
  PriceJump: 'priceJump',
  FxMissing: 'fxMissing',
  NavMismatch: 'navMismatch',
} as const;
export type DataQualityCheck = (typeof DataQualityCheck)[keyof typeof DataQualityCheck];
export const DATA_QUALITY_CHECKS = Object.values(DataQualityCheck) as [
  DataQualityCheck,
  ...DataQualityCheck[],
];

export const DATA_QUALITY_CHECK_LABELS: Readonly<Record<DataQualityCheck, string>> = {
  holdingsMissing: 'Güncel portföy dağılımı yok',
  unmapped: 'Eşlenmemiş varlık',
  unpriced: 'Fiyatı olmayan varlık',
  stalePrice: 'Bayat fiyat',
  priceJump: 'Fiyat sıçraması',
  fxMissing: 'Eksik döviz kuru',
  navMismatch: 'FTD farkı',
};

/**
 * What a finding does to a run at submission: `refuse` stops it (the run could not be right),
 * `warning` lets it start and is listed in the answer.
 */
export const FindingSeveritySchema = z.enum(['refuse', 'warning']);
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

export const DataQualityFindingSchema = z.object({
  check: z.enum(DATA_QUALITY_CHECKS),
  severity: FindingSeveritySchema,
  /** Turkish sentence naming the fund, instrument, dates and numbers. */
  message: z.string(),
  instrumentCode: z.string().nullable(),
  /** Weight of the holding in the NAV from holdings, percent. */
  weightPct: z.number().nullable(),
  /** The screen (contracts ROUTES path) that fixes it. */
  fixRoute: z.string(),
});
export type DataQualityFinding = z.infer<typeof DataQualityFindingSchema>;

export const FundDataQualitySchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  /** The latest holdings date on or before today (null: none). */
  holdingsDate: IsoDateSchema.nullable(),
  /** Holdings of today itself are stored. */
  holdingsArrived: z.boolean(),
  /** Σ current values of the holdings (TRY). */
  navFromHoldings: z.number().nullable(),
  /** NAV the holdings file states through its FTD (%) column; null when the file has none. */
  reportedNav: z.number().nullable(),
  /** (from holdings − reported) / reported, percent. */
  navGapPct: z.number().nullable(),
  /** Weight of unmapped and unpriced holdings, percent of the NAV from holdings. */
  unmappedWeightPct: z.number(),
  findings: z.array(DataQualityFindingSchema),
});
export type FundDataQuality = z.infer<typeof FundDataQualitySchema>;

export const RecentRunSchema = z.object({
  id: z.uuid(),
  analysisType: z.string(),
  title: z.string(),
  status: RunStatusSchema,
  portfolioCodes: z.array(z.string()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The screen that opens the run's result. */
  route: z.string(),
});
export type RecentRun = z.infer<typeof RecentRunSchema>;

export const OpenBreachSchema = z.object({
  /** `limit`: RMD limit (rmd-tracking); `audit`: internal-audit criterion breach. */
  kind: z.enum(['limit', 'audit']),
  portfolioCode: z.string(),
  message: z.string(),
  /** First date of the breach (audit) or the date of the latest VaR point (limit). */
  since: IsoDateSchema,
  route: z.string(),
});
export type OpenBreach = z.infer<typeof OpenBreachSchema>;

/** Where "today" comes from: the query's date, or the latest date with market data. */
export const TodaySourceSchema = z.enum(['request', 'marketData', 'clock']);
export type TodaySource = z.infer<typeof TodaySourceSchema>;

export const DataQualityQuerySchema = z.strictObject({ date: IsoDateSchema.optional() });

export const DataQualityResponseSchema = z.object({
  today: IsoDateSchema,
  todaySource: TodaySourceSchema,
  /** Runs and breaches are listed from 00:00 (Istanbul) of this date. */
  since: IsoDateSchema,
  settings: DataQualitySettingsSchema.extend({ unmappedTolerancePct: z.number() }),
  funds: z.array(FundDataQualitySchema),
  runs: z.array(RecentRunSchema),
  breaches: z.array(OpenBreachSchema),
});
export type DataQualityResponse = z.infer<typeof DataQualityResponseSchema>;

export const DataQualitySettingsResponseSchema = z.object({
  settings: DataQualitySettingsSchema,
  updatedAt: z.string().nullable(),
});
export type DataQualitySettingsResponse = z.infer<typeof DataQualitySettingsResponseSchema>;
