import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { ResultTablesSchema } from './result-tables.ts';

/**
 * Module 1 (RMD): inputs and results of the 'var', 'backtest', 'leverage' and 'incremental-var'
 * analyses, the VaR settings (varAnalysisSettings) and the RMD limit-tracking rows. Omitted
 * model parameters are filled by the worker from the stored VaR settings, whose defaults are the
 * SPK parameters (Rehber §7.6.1 d: 99 %, 20 business days, 250-day window; §7.6.2 limits).
 */

// --- vocabulary ---------------------------------------------------------------------------------

export const VarMethod = {
  Historical: 'historical',
  Parametric: 'parametric',
  Ewma: 'ewma',
  MonteCarlo: 'montecarlo',
  CornishFisher: 'cornishFisher',
} as const;
export type VarMethod = (typeof VarMethod)[keyof typeof VarMethod];
export const VAR_METHODS = Object.values(VarMethod) as [VarMethod, ...VarMethod[]];
export const VAR_METHOD_LABELS: Readonly<Record<VarMethod, string>> = {
  historical: 'Tarihsel Simülasyon',
  parametric: 'Parametrik (Varyans-Kovaryans)',
  ewma: 'EWMA Parametrik',
  montecarlo: 'Monte Carlo Simülasyonu',
  cornishFisher: 'Cornish-Fisher (Düzeltilmiş)',
};

export const HorizonScaling = { SqrtTime: 'sqrtTime', Overlapping: 'overlapping' } as const;
export type HorizonScaling = (typeof HorizonScaling)[keyof typeof HorizonScaling];
export const HORIZON_SCALING_LABELS: Readonly<Record<HorizonScaling, string>> = {
  sqrtTime: 'Zamanın karekökü kuralı (RMD_h = RMD_1 × √h)',
  overlapping: 'Örtüşen h günlük getiriler',
};

export const VarApproach = { Absolute: 'absolute', Relative: 'relative' } as const;
export type VarApproach = (typeof VarApproach)[keyof typeof VarApproach];
export const VAR_APPROACH_LABELS: Readonly<Record<VarApproach, string>> = {
  absolute: 'Mutlak RMD',
  relative: 'Göreli RMD (referans portföye göre)',
};

/** Limit status of a VaR figure: below the warning threshold, at or above it, over the limit. */
export const LimitStatus = {
  Ok: 'ok',
  Warning: 'warning',
  Breach: 'breach',
  NoLimit: 'noLimit',
} as const;
export type LimitStatus = (typeof LimitStatus)[keyof typeof LimitStatus];
export const LIMIT_STATUS_LABELS: Readonly<Record<LimitStatus, string>> = {
  ok: 'Uygun',
  warning: 'Uyarı',
  breach: 'Limit Aşımı',
  noLimit: 'Limit Tanımsız',
};
export const LimitStatusSchema = z.enum(
  Object.values(LimitStatus) as [LimitStatus, ...LimitStatus[]],
);

export const VarMethodSchema = z.enum(VAR_METHODS, { error: 'geçerli bir RMD yöntemi değil' });
export const HorizonScalingSchema = z.enum(['sqrtTime', 'overlapping'], {
  error: 'geçerli bir ölçekleme kuralı değil (sqrtTime veya overlapping)',
});
export const VarApproachSchema = z.enum(['absolute', 'relative'], {
  error: 'mutlak veya göreli olmalı',
});

// --- shared input fields ------------------------------------------------------------------------

const int = (what: string) =>
  z.number({ error: `${what} sayı olmalı` }).int({ error: `${what} tam sayı olmalı` });

export const ConfidenceLevelSchema = z
  .number({ error: 'güven düzeyi sayı olmalı' })
  .min(0.8, { error: 'güven düzeyi en az 0,80 olmalı' })
  .max(0.9999, { error: 'güven düzeyi en fazla 0,9999 olmalı' });
export const HorizonDaysSchema = int('elde tutma süresi')
  .min(1, { error: 'elde tutma süresi en az 1 iş günü olmalı' })
  .max(250, { error: 'elde tutma süresi en fazla 250 iş günü olabilir' });
export const WindowDaysSchema = int('gözlem süresi')
  .min(20, { error: 'gözlem süresi en az 20 iş günü olmalı' })
  .max(2500, { error: 'gözlem süresi en fazla 2500 iş günü olabilir' });
export const EwmaLambdaSchema = z
  .number({ error: 'EWMA lambda sayı olmalı' })
  .gt(0, { error: 'EWMA lambda 0 ile 1 arasında olmalı' })
  .lt(1, { error: 'EWMA lambda 0 ile 1 arasında olmalı' });
export const MonteCarloDrawsSchema = int('Monte Carlo senaryo sayısı')
  .min(500, { error: 'Monte Carlo senaryo sayısı en az 500 olmalı' })
  .max(200000, { error: 'Monte Carlo senaryo sayısı en fazla 200.000 olabilir' });
export const MonteCarloSeedSchema = int('Monte Carlo tohum değeri')
  .min(0, { error: 'tohum değeri negatif olamaz' })
  .max(2 ** 31 - 1, { error: 'tohum değeri çok büyük' });

export const PortfolioCodesSchema = z
  .array(CodeSchema, { error: 'portföy listesi gerekli' })
  .min(1, { error: 'en az bir portföy seçilmeli' })
  .max(200, { error: 'en fazla 200 portföy seçilebilir' });

/** Model parameters; each omitted one comes from the VaR settings. */
const ModelFields = {
  method: VarMethodSchema.optional(),
  confidenceLevel: ConfidenceLevelSchema.optional(),
  windowDays: WindowDaysSchema.optional(),
  lambda: EwmaLambdaSchema.optional(),
  draws: MonteCarloDrawsSchema.optional(),
  seed: MonteCarloSeedSchema.optional(),
};

function checkDateChoice(
  v: { asOfDate?: string | undefined; fromDate?: string | undefined; toDate?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const range = v.fromDate !== undefined || v.toDate !== undefined;
  if (v.asOfDate !== undefined && range) {
    ctx.addIssue({
      code: 'custom',
      path: ['asOfDate'],
      message: 'tek tarih veya tarih aralığından yalnızca biri verilmeli',
    });
    return;
  }
  if (v.asOfDate === undefined && !range) {
    ctx.addIssue({
      code: 'custom',
      path: ['asOfDate'],
      message: 'bir tarih veya tarih aralığı gerekli',
    });
    return;
  }
  if (range && (v.fromDate === undefined || v.toDate === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.fromDate === undefined ? 'fromDate' : 'toDate'],
      message: 'tarih aralığının başlangıcı ve bitişi birlikte verilmeli',
    });
    return;
  }
  if (v.fromDate !== undefined && v.toDate !== undefined && v.fromDate > v.toDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['toDate'],
      message: 'bitiş tarihi başlangıçtan önce olamaz',
    });
  }
}

// --- inputs ---------------------------------------------------------------------------------------

/**
 * 'var': one or more portfolios (a unified portfolio's `newPortfolioCode` is a portfolio code
 * here) on a date (`asOfDate`) or over a range (`fromDate`..`toDate`: every holdings date in the
 * range, giving a VaR time series).
 */
export const VarInputsSchema = z
  .object({
    portfolioCodes: PortfolioCodesSchema,
    asOfDate: IsoDateSchema.optional(),
    fromDate: IsoDateSchema.optional(),
    toDate: IsoDateSchema.optional(),
    ...ModelFields,
    horizonDays: HorizonDaysSchema.optional(),
    horizonScaling: HorizonScalingSchema.optional(),
    approach: VarApproachSchema.optional(),
  })
  .superRefine(checkDateChoice);
export type VarInputs = z.infer<typeof VarInputsSchema>;

/**
 * 'backtest': daily 1-day VaR from the window ending the day before against the realised P&L.
 * Without dates: the last 250 business days up to the latest holdings date.
 */
export const BacktestInputsSchema = z
  .object({
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

/** 'leverage': commitment (netting, hedging) and gross exposure of derivatives on a date. */
export const LeverageInputsSchema = z.object({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  /** Instrument codes of derivative positions the risk unit designates as eligible hedges (Rehber §7.5.4). */
  hedgeInstrumentCodes: z
    .array(CodeSchema)
    .max(500, { error: 'en fazla 500 koruma pozisyonu seçilebilir' })
    .optional(),
});
export type LeverageInputs = z.infer<typeof LeverageInputsSchema>;

/**
 * A proposed trade: a TRY change of the position's value (positive buys, negative sells), or a
 * change of its quantity (nominal / number of units or contracts) valued at the date's price.
 */
export const WhatIfTradeSchema = z
  .object({
    instrumentCode: CodeSchema,
    valueChangeTry: z.number({ error: 'tutar sayı olmalı' }).optional(),
    quantityChange: z.number({ error: 'adet sayı olmalı' }).optional(),
  })
  .superRefine((t, ctx) => {
    if ((t.valueChangeTry === undefined) === (t.quantityChange === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valueChangeTry'],
        message: 'tutar değişimi veya adet değişiminden yalnızca biri verilmeli',
      });
    }
    if (t.valueChangeTry === 0 || t.quantityChange === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [t.valueChangeTry === 0 ? 'valueChangeTry' : 'quantityChange'],
        message: 'sıfır olamaz',
      });
    }
  });
export type WhatIfTrade = z.infer<typeof WhatIfTradeSchema>;

/** 'incremental-var': marginal, component and incremental VaR per position, plus what-if trades. */
export const IncrementalVarInputsSchema = z.object({
  portfolioCode: CodeSchema,
  asOfDate: IsoDateSchema,
  ...ModelFields,
  horizonDays: HorizonDaysSchema.optional(),
  horizonScaling: HorizonScalingSchema.optional(),
  trades: z
    .array(WhatIfTradeSchema)
    .max(100, { error: 'en fazla 100 işlem girilebilir' })
    .default([]),
});
export type IncrementalVarInputs = z.infer<typeof IncrementalVarInputsSchema>;
export type IncrementalVarInputsRequest = z.input<typeof IncrementalVarInputsSchema>;

// --- VaR settings -----------------------------------------------------------------------------

/** One portfolio's limits; null fields fall back to the defaults of the settings. */
export const PortfolioVarLimitSchema = z.object({
  portfolioCode: CodeSchema,
  approach: VarApproachSchema.nullable(),
  /** Absolute VaR limit, percent of NAV (SPK: 25). */
  absoluteLimitPct: z
    .number({ error: 'limit sayı olmalı' })
    .gt(0, { error: 'limit sıfırdan büyük olmalı' })
    .max(1000, { error: 'limit en fazla %1000 olabilir' })
    .nullable(),
  /** Relative VaR limit, percent of the reference portfolio's VaR (SPK: 200 = 2 ×). */
  relativeLimitPct: z
    .number({ error: 'limit sayı olmalı' })
    .gt(0, { error: 'limit sıfırdan büyük olmalı' })
    .max(10000, { error: 'limit en fazla %10000 olabilir' })
    .nullable(),
  /** Leverage (open position) limit, percent of NAV (SPK: 100). */
  leverageLimitPct: z
    .number({ error: 'limit sayı olmalı' })
    .gt(0, { error: 'limit sıfırdan büyük olmalı' })
    .max(10000, { error: 'limit en fazla %10000 olabilir' })
    .nullable(),
});
export type PortfolioVarLimit = z.infer<typeof PortfolioVarLimitSchema>;

const pct = (what: string, max: number) =>
  z
    .number({ error: `${what} sayı olmalı` })
    .gt(0, { error: `${what} sıfırdan büyük olmalı` })
    .max(max, { error: `${what} en fazla %${max} olabilir` });

/** GET/PUT var-settings: the defaults of the Module 1 analyses and the limits of every portfolio. */
export const VarSettingsSchema = z
  .object({
    method: VarMethodSchema,
    confidenceLevel: ConfidenceLevelSchema,
    horizonDays: HorizonDaysSchema,
    horizonScaling: HorizonScalingSchema,
    windowDays: WindowDaysSchema,
    approach: VarApproachSchema,
    ewmaLambda: EwmaLambdaSchema,
    monteCarloDraws: MonteCarloDrawsSchema,
    monteCarloSeed: MonteCarloSeedSchema,
    absoluteLimitPct: pct('mutlak RMD limiti', 1000),
    relativeLimitPct: pct('göreli RMD limiti', 10000),
    leverageLimitPct: pct('kaldıraç limiti', 10000),
    /** Warning when usage reaches this percent of the limit. */
    warningThresholdPct: pct('uyarı eşiği', 100),
    /** Unmapped holdings and missing prices above this percent of NAV stop a run. */
    unmappedTolerancePct: z
      .number({ error: 'eşlenmemiş varlık toleransı sayı olmalı' })
      .min(0, { error: 'eşlenmemiş varlık toleransı negatif olamaz' })
      .max(100, { error: 'eşlenmemiş varlık toleransı en fazla %100 olabilir' }),
    portfolioLimits: z
      .array(PortfolioVarLimitSchema)
      .max(2000, { error: 'en fazla 2000 portföy limiti tanımlanabilir' }),
    /** Daily RMD batch: one 'var' run per fund on business days (Europe/Istanbul). */
    dailyBatchEnabled: z.boolean({ error: 'günlük RMD hesaplaması açık veya kapalı olmalı' }),
    /** Time of the daily batch, HH:MM in Istanbul time. */
    dailyBatchTime: z
      .string({ error: 'günlük hesaplama saati gerekli' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
        error: 'günlük hesaplama saati SS:DD biçiminde olmalı',
      }),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.portfolioLimits.forEach((l, i) => {
      if (seen.has(l.portfolioCode)) {
        ctx.addIssue({
          code: 'custom',
          path: ['portfolioLimits', i, 'portfolioCode'],
          message: 'aynı portföy iki kez tanımlanmış',
        });
      }
      seen.add(l.portfolioCode);
    });
  });
export type VarSettings = z.infer<typeof VarSettingsSchema>;

/** The SPK defaults used until an administrator saves settings (regulation-and-methods.md 1.2-1.4). */
export const VAR_SETTINGS_DEFAULTS: VarSettings = {
  method: 'historical',
  confidenceLevel: 0.99,
  horizonDays: 20,
  horizonScaling: 'sqrtTime',
  windowDays: 250,
  approach: 'absolute',
  ewmaLambda: 0.94,
  monteCarloDraws: 10000,
  monteCarloSeed: 20240101,
  absoluteLimitPct: 25,
  relativeLimitPct: 200,
  leverageLimitPct: 100,
  warningThresholdPct: 80,
  unmappedTolerancePct: 5,
  portfolioLimits: [],
  dailyBatchEnabled: true,
  dailyBatchTime: '19:00',
};

/** The response of GET/PUT var-settings: the settings with who saved them last (null: defaults). */
export const VarSettingsResponseSchema = z.object({
  settings: VarSettingsSchema,
  updatedAt: z.string().nullable(),
});
export type VarSettingsResponse = z.infer<typeof VarSettingsResponseSchema>;

// --- results: shared pieces -------------------------------------------------------------------------

/** A holding without a usable series or price: listed with its weight, never dropped silently. */
export const UnmappedHoldingRowSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  valueTry: z.number(),
  /** Fraction of NAV (0.012 = %1,2). */
  weight: z.number(),
  reason: z.string(),
});
export type UnmappedHoldingRow = z.infer<typeof UnmappedHoldingRowSchema>;

/** A position priced by an approximation (bond by duration/convexity, deposit by maturity...). */
export const ApproximationNoteSchema = z.object({ instrumentCode: z.string(), note: z.string() });

export const ResolvedVarParametersSchema = z.object({
  method: VarMethodSchema,
  confidenceLevel: z.number(),
  horizonDays: z.number(),
  horizonScaling: HorizonScalingSchema,
  /** The scaling rule as shown to the user, e.g. "RMD(20 gün) = RMD(1 gün) × √20". */
  scalingRule: z.string(),
  windowDays: z.number(),
  approach: VarApproachSchema,
  lambda: z.number().nullable(),
  draws: z.number().nullable(),
  seed: z.number().nullable(),
});
export type ResolvedVarParameters = z.infer<typeof ResolvedVarParametersSchema>;

/** Marginal (per TRY of position value), component (sums to VaR) and incremental VaR of a position. */
export const PositionVarSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  assetClass: z.string(),
  currency: z.string(),
  riskFactor: z.string(),
  valueTry: z.number(),
  weight: z.number(),
  /** ∂VaR / ∂(TRY of the position's value); null for a zero-value position (futures). */
  marginalVar: z.number().nullable(),
  componentVarTry: z.number(),
  /** componentVarTry / VaR; null when VaR is 0. */
  componentShare: z.number().nullable(),
  /** VaR − VaR without the position. */
  incrementalVarTry: z.number().nullable(),
});
export type PositionVar = z.infer<typeof PositionVarSchema>;

export const VarBreakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  valueTry: z.number(),
  weight: z.number(),
  componentVarTry: z.number(),
  componentShare: z.number().nullable(),
  /** VaR of the group's positions alone (stand-alone). */
  standaloneVarTry: z.number(),
});
export type VarBreakdownRow = z.infer<typeof VarBreakdownRowSchema>;

/** P&L histogram of the horizon scenarios (TRY) with the −VaR and −ES lines. */
export const PnlHistogramSchema = z.object({
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  varLineTry: z.number(),
  esLineTry: z.number(),
  scenarios: z.number(),
});
export type PnlHistogram = z.infer<typeof PnlHistogramSchema>;

// --- 'var' result -------------------------------------------------------------------------------------

/** One portfolio on one date: the VaR time-series point and the RMD tracking source. */
export const VarPointSchema = z.object({
  portfolioCode: z.string(),
  date: z.string(),
  navTry: z.number(),
  varTry: z.number(),
  /** Fraction of NAV. */
  varPct: z.number(),
  esTry: z.number(),
  esPct: z.number(),
  approach: VarApproachSchema,
  /** Reference portfolio VaR as a fraction of NAV (relative approach), else null. */
  referenceVarPct: z.number().nullable(),
  /** The limit as a fraction of NAV (relative: relative limit × reference VaR %); null when none. */
  limitPct: z.number().nullable(),
  /** varPct / limitPct. */
  usage: z.number().nullable(),
  status: LimitStatusSchema,
});
export type VarPoint = z.infer<typeof VarPointSchema>;

export const VarPortfolioDetailSchema = VarPointSchema.extend({
  portfolioName: z.string(),
  byAssetClass: z.array(VarBreakdownRowSchema),
  byCurrency: z.array(VarBreakdownRowSchema),
  byRiskFactor: z.array(VarBreakdownRowSchema),
  positions: z.array(PositionVarSchema),
  histogram: PnlHistogramSchema,
  unmapped: z.array(UnmappedHoldingRowSchema),
  /** Σ unmapped weights (fraction of NAV). */
  unmappedWeight: z.number(),
  approximations: z.array(ApproximationNoteSchema),
});
export type VarPortfolioDetail = z.infer<typeof VarPortfolioDetailSchema>;

export const VarResultSchema = z.object({
  parameters: ResolvedVarParametersSchema,
  /** Detail of each portfolio on its last date. */
  portfolios: z.array(VarPortfolioDetailSchema),
  /** Every portfolio and date (one point per portfolio for a single date). */
  series: z.array(VarPointSchema),
  tables: ResultTablesSchema,
});
export type VarResult = z.infer<typeof VarResultSchema>;

// --- 'backtest' result ------------------------------------------------------------------------------

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

// --- 'leverage' result -----------------------------------------------------------------------------

export const LeveragePositionSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  kind: z.string(),
  underlying: z.string(),
  /** Signed TRY exposure by the Rehber §7.5.2 formula. */
  exposureTry: z.number(),
  /** |exposure| / NAV. */
  grossWeight: z.number(),
  hedge: z.boolean(),
});

export const LeverageNettingSchema = z.object({
  underlying: z.string(),
  derivativeTry: z.number(),
  spotTry: z.number(),
  netTry: z.number(),
});

export const LeveragePortfolioSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  asOfDate: z.string(),
  navTry: z.number(),
  positions: z.array(LeveragePositionSchema),
  netting: z.array(LeverageNettingSchema),
  grossTry: z.number(),
  /** Σ |exposure| / NAV (kaldıraç, §7.5.1 c). */
  grossPct: z.number(),
  hedgeDeductionTry: z.number(),
  /** Open position after netting and hedging (commitment, §7.5.1 a). */
  commitmentTry: z.number(),
  commitmentPct: z.number(),
  /** Fraction of NAV. */
  limitPct: z.number(),
  usage: z.number(),
  status: LimitStatusSchema,
});
export type LeveragePortfolio = z.infer<typeof LeveragePortfolioSchema>;

export const LeverageResultSchema = z.object({
  asOfDate: z.string(),
  portfolios: z.array(LeveragePortfolioSchema),
  tables: ResultTablesSchema,
});
export type LeverageResult = z.infer<typeof LeverageResultSchema>;

// --- 'incremental-var' result -------------------------------------------------------------------------

export const WhatIfOutcomeSchema = z.object({
  trades: z.array(
    z.object({ instrumentCode: z.string(), valueChangeTry: z.number(), newPosition: z.boolean() }),
  ),
  navAfterTry: z.number(),
  varBeforeTry: z.number(),
  varAfterTry: z.number(),
  varChangeTry: z.number(),
  esBeforeTry: z.number(),
  esAfterTry: z.number(),
  varAfterPct: z.number(),
  /** Linear estimate Σ marginal × trade, to compare with the full re-evaluation. */
  linearEstimateTry: z.number().nullable(),
});
export type WhatIfOutcome = z.infer<typeof WhatIfOutcomeSchema>;

export const IncrementalVarResultSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  asOfDate: z.string(),
  parameters: ResolvedVarParametersSchema,
  navTry: z.number(),
  varTry: z.number(),
  varPct: z.number(),
  esTry: z.number(),
  positions: z.array(PositionVarSchema),
  /** Σ component VaR (equals varTry up to rounding). */
  componentSumTry: z.number(),
  whatIf: WhatIfOutcomeSchema.nullable(),
  unmapped: z.array(UnmappedHoldingRowSchema),
  tables: ResultTablesSchema,
});
export type IncrementalVarResult = z.infer<typeof IncrementalVarResultSchema>;

// --- RMD limit tracking (GET rmd-tracking, GET rmd-tracking/{portfolioCode}/history) --------------

export const RmdTrackingRowSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  approach: VarApproachSchema,
  /** Date of the latest VaR figure, null when no finished VaR run covers the portfolio. */
  asOfDate: z.string().nullable(),
  runId: z.string().nullable(),
  varTry: z.number().nullable(),
  varPct: z.number().nullable(),
  limitPct: z.number().nullable(),
  usage: z.number().nullable(),
  status: z.enum(['ok', 'warning', 'breach', 'noLimit', 'noData']),
  /** Consecutive dates up to the latest with status breach. */
  daysInBreach: z.number(),
});
export type RmdTrackingRow = z.infer<typeof RmdTrackingRowSchema>;

export const RmdTrackingResponseSchema = z.object({
  warningThresholdPct: z.number(),
  items: z.array(RmdTrackingRowSchema),
});
export type RmdTrackingResponse = z.infer<typeof RmdTrackingResponseSchema>;

/** POST rmd-tracking/run-all: the date of the batch (each fund's latest holdings date when omitted). */
export const RmdRunAllRequestSchema = z.object({ asOfDate: IsoDateSchema.optional() });
export type RmdRunAllRequest = z.infer<typeof RmdRunAllRequestSchema>;

/** The runs a batch queued, one per fund. */
export const RmdRunAllResponseSchema = z.object({ runIds: z.array(z.string()) });
export type RmdRunAllResponse = z.infer<typeof RmdRunAllResponseSchema>;

export const RmdHistoryPointSchema = z.object({
  date: z.string(),
  varPct: z.number(),
  limitPct: z.number().nullable(),
  usage: z.number().nullable(),
  status: LimitStatusSchema,
  runId: z.string(),
});
export type RmdHistoryPoint = z.infer<typeof RmdHistoryPointSchema>;

export const RmdHistoryQuerySchema = z.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});

export const RmdHistoryResponseSchema = z.object({
  portfolioCode: z.string(),
  items: z.array(RmdHistoryPointSchema),
});
export type RmdHistoryResponse = z.infer<typeof RmdHistoryResponseSchema>;

/** The settings key of the stored VaR settings (settings table). */
export const VAR_SETTINGS_KEY = 'var-settings';

/**
 * A stored settings document merged over the defaults (a field added later gets its default);
 * a document that no longer validates gives the defaults.
 */
export function parseStoredVarSettings(value: unknown): VarSettings {
  const stored = typeof value === 'object' && value !== null ? value : {};
  const parsed = VarSettingsSchema.safeParse({ ...VAR_SETTINGS_DEFAULTS, ...stored });
  return parsed.success ? parsed.data : VAR_SETTINGS_DEFAULTS;
}
