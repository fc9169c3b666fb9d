import { z } from 'zod';
import { MarketSeriesKindSchema, type MarketSeriesKind } from './market-data.ts';
import {
  CodeSchema,
  CurrencyCodeSchema,
  FiniteNumberSchema,
  IsoDateSchema,
  NonNegativeIntegerSchema,
  TextSchema,
} from './market-values.ts';

// Series lifecycle, validation settings by kind, import confirmations, corporate actions, the
// calendar and data quality (issue 10; docs/decisions/0016 and 0017).

/** Where a series' values come from. */
export const SeriesSource = {
  Manual: 'manual',
  File: 'file',
  Tcmb: 'tcmb',
  Tefas: 'tefas',
  Vendor: 'vendor',
} as const;
export type SeriesSource = (typeof SeriesSource)[keyof typeof SeriesSource];
export const SERIES_SOURCE_LABELS: Readonly<Record<SeriesSource, string>> = {
  manual: 'Elle giriş',
  file: 'Dosya yükleme',
  tcmb: 'TCMB',
  tefas: 'TEFAS',
  vendor: 'Veri sağlayıcı',
};
export const SeriesSourceSchema = z.enum(
  Object.values(SeriesSource) as [SeriesSource, ...SeriesSource[]],
  { error: 'geçerli bir kaynak değil' },
);

const tenorRule = (s: { kind: MarketSeriesKind; tenorDays: number | null }) =>
  (s.kind === 'curvePoint') === (s.tenorDays !== null);
const TENOR_RULE = {
  path: ['tenorDays'],
  error: 'yalnızca getiri eğrisi noktalarında (ve onlarda zorunlu) vade günü verilir',
};

const SeriesFields = z.object({
  name: TextSchema,
  kind: MarketSeriesKindSchema,
  currency: CurrencyCodeSchema,
  unit: z.string().trim().max(40, { error: 'en fazla 40 karakter' }).nullable().default(null),
  source: SeriesSourceSchema.default('manual'),
  /** The instrument this series prices (its price series). */
  instrumentCode: CodeSchema.nullable().default(null),
  tenorDays: NonNegativeIntegerSchema.nullable().default(null),
});

/** POST series */
export const SeriesCreateSchema = SeriesFields.extend({ ticker: CodeSchema }).refine(
  tenorRule,
  TENOR_RULE,
);
export type SeriesCreate = z.infer<typeof SeriesCreateSchema>;

/** PUT series/{ticker}: every field but the ticker; `retired` retires or reactivates it. */
export const SeriesUpdateSchema = SeriesFields.extend({
  retired: z.boolean().default(false),
}).refine(tenorRule, TENOR_RULE);
export type SeriesUpdate = z.infer<typeof SeriesUpdateSchema>;

/** The full record of a series, as the edit form needs it. */
export const SeriesDetailSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  kind: MarketSeriesKindSchema,
  currency: z.string(),
  unit: z.string().nullable(),
  source: SeriesSourceSchema,
  instrumentCode: z.string().nullable(),
  tenorDays: z.number().int().nullable(),
  retiredAt: z.string().nullable(),
});
export type SeriesDetail = z.infer<typeof SeriesDetailSchema>;

/**
 * Plausibility rules of incoming values, stored under settings key `marketData.validation`:
 * - `jumpLimits`: the day-over-day move that needs the user's confirmation; relative percent for
 *   prices, FX rates and index levels (25 = a 25 % move), percentage points for yields and curve
 *   points, and for a return series the size of the return itself;
 * - `rateBand`: yields and curve points outside [min, max] percent are refused.
 */
export const MarketDataValidationSchema = z
  .object({
    jumpLimits: z.object({
      price: z.number().positive(),
      fxRate: z.number().positive(),
      index: z.number().positive(),
      yield: z.number().positive(),
      curvePoint: z.number().positive(),
      return: z.number().positive(),
      /** Volumes swing by multiples: a wide default, and a default for settings saved before it. */
      volume: z.number().positive().default(1000),
    } satisfies Record<MarketSeriesKind, z.ZodType>),
    rateBand: z.object({ min: FiniteNumberSchema, max: FiniteNumberSchema }),
  })
  .refine((s) => s.rateBand.min < s.rateBand.max, {
    path: ['rateBand', 'max'],
    error: 'alt sınırdan büyük olmalı',
  });
export type MarketDataValidation = z.infer<typeof MarketDataValidationSchema>;
export const MARKET_DATA_VALIDATION_KEY = 'marketData.validation';
export const DEFAULT_MARKET_DATA_VALIDATION: MarketDataValidation = {
  jumpLimits: {
    price: 25,
    fxRate: 10,
    index: 15,
    yield: 5,
    curvePoint: 5,
    return: 25,
    volume: 1000,
  },
  rateBand: { min: -5, max: 200 },
};

/** A ticker a price file names that is not a series yet (409 until the user confirms). */
export const UnknownTickerSchema = z.object({
  ticker: z.string(),
  /** First row that names it. */
  row: z.number().int(),
  rows: z.number().int(),
  /** From the file's Seri Türü / Döviz / Seri Adı columns when given. */
  kind: MarketSeriesKindSchema.nullable(),
  currency: z.string().nullable(),
  name: z.string().nullable(),
});
export type UnknownTicker = z.infer<typeof UnknownTickerSchema>;

/** A stored value the file would change. */
export const ValueChangeSchema = z.object({
  ticker: z.string(),
  date: IsoDateSchema,
  old: z.number(),
  new: z.number(),
});
export type ValueChange = z.infer<typeof ValueChangeSchema>;

/** A day-over-day move beyond the kind's jump limit (a warning the user must accept). */
export const JumpWarningSchema = z.object({
  row: z.number().int(),
  ticker: z.string(),
  date: IsoDateSchema,
  previousDate: IsoDateSchema.nullable(),
  previous: z.number().nullable(),
  value: z.number(),
  /** Percent for price-like kinds, percentage points for rates, the value for returns. */
  move: z.number(),
  limit: z.number(),
  message: z.string(),
});
export type JumpWarning = z.infer<typeof JumpWarningSchema>;

/** How an unknown ticker is to be created when the user confirms. */
export const NewSeriesChoiceSchema = z.object({
  ticker: CodeSchema,
  name: TextSchema.optional(),
  kind: MarketSeriesKindSchema,
  currency: CurrencyCodeSchema,
  tenorDays: NonNegativeIntegerSchema.nullable().default(null),
});
export type NewSeriesChoice = z.infer<typeof NewSeriesChoiceSchema>;
/** The multipart field carrying `NewSeriesChoice[]` as JSON. */
export const NEW_SERIES_FIELD = 'newSeries';

/** Which prices an analysis reads; packages/db PRICE_BASES spells the same names. */
export const PriceBasisSchema = z.enum(['raw', 'adjusted', 'totalReturn']);
export type PriceBasis = z.infer<typeof PriceBasisSchema>;
/**
 * The price basis of each analysis convention: VaR and backtests measure price risk on prices
 * adjusted for capital actions; the risk value (Rehber §9.3.2.1, "temettüler yansıtılarak") and
 * performance use total return.
 */
export const PRICE_BASIS_BY_CONVENTION = {
  varAndBacktest: 'adjusted',
  riskValueAndPerformance: 'totalReturn',
} as const satisfies Record<string, PriceBasis>;
export const PRICE_BASIS_LABELS: Readonly<Record<PriceBasis, string>> = {
  raw: 'Ham fiyat',
  adjusted: 'Düzeltilmiş fiyat (bölünme, bedelsiz, bedelli)',
  totalReturn: 'Toplam getiri (temettüler dahil)',
};

/** Corporate actions (docs/decisions/0017-corporate-actions.md). */
export const CorporateActionKind = {
  Split: 'split',
  Bonus: 'bonus',
  Rights: 'rights',
  Dividend: 'dividend',
} as const;
export type CorporateActionKind = (typeof CorporateActionKind)[keyof typeof CorporateActionKind];
export const CORPORATE_ACTION_KIND_LABELS: Readonly<Record<CorporateActionKind, string>> = {
  split: 'Bölünme',
  bonus: 'Bedelsiz sermaye artırımı',
  rights: 'Bedelli sermaye artırımı',
  dividend: 'Nakit temettü',
};
export const CorporateActionKindSchema = z.enum(
  Object.values(CorporateActionKind) as [CorporateActionKind, ...CorporateActionKind[]],
  { error: 'geçerli bir kurumsal işlem türü değil' },
);

const positive = z.number({ error: 'sayı olmalı' }).positive({ error: 'pozitif olmalı' });

/**
 * One action. `ratio`: new shares per old share for a split (2 = 2:1), percent of capital for
 * bonus and rights issues (100 = one new share per old); `amount`: gross cash dividend per
 * share; `subscriptionPrice`: price of a new share in a rights issue.
 */
export const CorporateActionInputSchema = z
  .object({
    instrumentCode: CodeSchema,
    kind: CorporateActionKindSchema,
    exDate: IsoDateSchema,
    ratio: positive.nullable().default(null),
    amount: positive.nullable().default(null),
    subscriptionPrice: positive.nullable().default(null),
    note: z.string().trim().max(200).nullable().default(null),
  })
  .superRefine((a, ctx) => {
    const need = (field: 'ratio' | 'amount' | 'subscriptionPrice', message: string) => {
      if (a[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const forbid = (field: 'ratio' | 'amount' | 'subscriptionPrice') => {
      if (a[field] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${CORPORATE_ACTION_KIND_LABELS[a.kind].toLocaleLowerCase('tr')} için verilmez`,
        });
    };
    if (a.kind === 'dividend') {
      need('amount', 'pay başına temettü tutarı gerekli');
      forbid('ratio');
      forbid('subscriptionPrice');
    } else {
      need(
        'ratio',
        a.kind === 'split' ? 'bölünme oranı gerekli (2:1 için 2)' : 'artırım oranı (%) gerekli',
      );
      forbid('amount');
      if (a.kind === 'rights') need('subscriptionPrice', 'bedelli için pay başına fiyat gerekli');
      else forbid('subscriptionPrice');
    }
  });
export type CorporateActionInput = z.infer<typeof CorporateActionInputSchema>;

export const CorporateActionViewSchema = z.object({
  id: z.number().int(),
  instrumentCode: z.string(),
  kind: CorporateActionKindSchema,
  exDate: IsoDateSchema,
  ratio: z.number().nullable(),
  amount: z.number().nullable(),
  subscriptionPrice: z.number().nullable(),
  note: z.string().nullable(),
  /** The price series the action adjusts (empty when the instrument has none yet). */
  seriesTickers: z.array(z.string()),
});
export type CorporateActionView = z.infer<typeof CorporateActionViewSchema>;

export const CorporateActionsQuerySchema = z.object({ instrumentCode: CodeSchema.optional() });

/** GET series/{ticker}/derived?from=&to=: raw, adjusted and total-return values side by side. */
export const DerivedValueSchema = z.object({
  date: IsoDateSchema,
  raw: z.number(),
  adjusted: z.number(),
  totalReturn: z.number(),
});
export type DerivedValue = z.infer<typeof DerivedValueSchema>;

/** The business-day calendar (docs/decisions/0016-turkish-calendar.md). */
export const CalendarDayKindSchema = z.enum(['holiday', 'halfDay', 'businessDay'], {
  error: 'tatil, yarım gün veya iş günü olmalı',
});
export type CalendarDayKindInput = z.infer<typeof CalendarDayKindSchema>;
export const CALENDAR_DAY_KIND_LABELS: Readonly<Record<CalendarDayKindInput, string>> = {
  holiday: 'Tatil',
  halfDay: 'Yarım gün',
  businessDay: 'İş günü',
};
export const CalendarQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
});
export const CalendarDayViewSchema = z.object({
  date: IsoDateSchema,
  kind: z.enum(['holiday', 'halfDay']),
  name: z.string(),
  /** False: a religious day after the officially announced years, provisional (decision 0057). */
  confirmed: z.boolean(),
  /** Where the day comes from, in Turkish (the law, the announced or computed calendar, a user). */
  source: z.string(),
  /** `builtin`: the law and Diyanet's table; `override`: changed by a user. */
  origin: z.enum(['builtin', 'override']),
});
export type CalendarDayView = z.infer<typeof CalendarDayViewSchema>;
/** The answer of GET calendar: the year's days, the user's overrides and the data source. */
export const CalendarYearSchema = z.object({
  year: z.number().int(),
  days: z.array(CalendarDayViewSchema),
  overrides: z.array(
    z.object({ date: IsoDateSchema, kind: CalendarDayKindSchema, name: z.string() }),
  ),
  source: z.string(),
});
export type CalendarYear = z.infer<typeof CalendarYearSchema>;
/** PUT calendar/{date} */
export const CalendarOverrideRequestSchema = z.object({
  kind: CalendarDayKindSchema,
  name: z.string().trim().max(100).default(''),
});

/**
 * Data quality of one series against the business-day calendar: business days without a value
 * between its first and last date, runs of unchanged values while other series of its kind
 * moved, day-over-day moves beyond the kind's jump limit, and how old its last value is.
 */
export const SeriesQualitySchema = z.object({
  ticker: z.string(),
  lastDate: IsoDateSchema.nullable(),
  /** Business days from the last value to the latest business day on or before today. */
  staleDays: z.number().int(),
  gaps: z.number().int(),
  staleRuns: z.number().int(),
  jumps: z.number().int(),
});
export type SeriesQuality = z.infer<typeof SeriesQualitySchema>;
export const SeriesQualityDetailSchema = SeriesQualitySchema.extend({
  gapDates: z.array(IsoDateSchema),
  staleRunList: z.array(z.object({ from: IsoDateSchema, to: IsoDateSchema, days: z.number() })),
  jumpList: z.array(
    z.object({ date: IsoDateSchema, previous: z.number(), value: z.number(), move: z.number() }),
  ),
});
export type SeriesQualityDetail = z.infer<typeof SeriesQualityDetailSchema>;
/** Filters of the series list by quality. */
export const QualityFilterSchema = z.enum(['gaps', 'stale', 'jumps', 'outdated'], {
  error: 'geçerli bir kalite süzgeci değil',
});
export type QualityFilter = z.infer<typeof QualityFilterSchema>;
export const QUALITY_FILTER_LABELS: Readonly<Record<QualityFilter, string>> = {
  gaps: 'Eksik günü olanlar',
  stale: 'Donmuş değer dizisi olanlar',
  jumps: 'Sıçraması olanlar',
  outdated: 'Güncel olmayanlar',
};
/** Runs of at least this many unchanged business days count as stale. */
export const STALE_RUN_MIN_DAYS = 5;
/** A series whose last value is more than this many business days old is outdated. */
export const OUTDATED_AFTER_BUSINESS_DAYS = 5;
