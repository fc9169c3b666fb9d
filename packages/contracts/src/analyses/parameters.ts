import { z } from 'zod';
import { CodeSchema } from '../market-values.ts';
import { PriceBasisSchema } from '../market-data-admin.ts';

/**
 * The one parameter vocabulary of the risk analyses: each model parameter has one name, one
 * unit, one schema and one default (VAR_SETTINGS_DEFAULTS in var-settings.ts) from the form to
 * packages/risk. Confidence is a fraction (0.99), never a percent; horizon and window are
 * business days. Omitted parameters of a run are filled by `resolveParameters` (resolve.ts).
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
/**
 * Mean handling (decision 0015): `include` takes the scenarios as they are (historical VaR is
 * the loss quantile of the P&L column, what sorting it in Excel gives); `exclude` is the
 * zero-mean model. The h-day figure is √h × the 1-day figure either way (Rehber footnote).
 */
export const MeanHandling = { Include: 'include', Exclude: 'exclude' } as const;
export type MeanHandling = (typeof MeanHandling)[keyof typeof MeanHandling];
export const MEAN_HANDLING_LABELS: Readonly<Record<MeanHandling, string>> = {
  include: 'Senaryolar olduğu gibi (ortalama dahil)',
  exclude: 'Sıfır ortalama',
};
export const MeanHandlingSchema = z.enum(['include', 'exclude'], {
  error: 'ortalama seçeneği include veya exclude olmalı',
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

/** The most portfolios one analysis run takes (and one report, decision 0143). */
export const RUN_MAX_PORTFOLIOS = 200;

export const PortfolioCodesSchema = z
  .array(CodeSchema, { error: 'portföy listesi gerekli' })
  .min(1, { error: 'en az bir portföy seçilmeli' })
  .max(RUN_MAX_PORTFOLIOS, {
    error: `en fazla ${String(RUN_MAX_PORTFOLIOS)} portföy seçilebilir`,
  });

/** Model parameters; each omitted one comes from the VaR settings. */
export const ModelFields = {
  method: VarMethodSchema.optional(),
  confidenceLevel: ConfidenceLevelSchema.optional(),
  windowDays: WindowDaysSchema.optional(),
  lambda: EwmaLambdaSchema.optional(),
  draws: MonteCarloDrawsSchema.optional(),
  seed: MonteCarloSeedSchema.optional(),
  mean: MeanHandlingSchema.optional(),
};

/**
 * The model parameters of any run's inputs (other fields are dropped): what a form previews
 * through `resolveParameters` before the run starts.
 */
export const ModelParameterInputsSchema = z.object({
  ...ModelFields,
  horizonDays: HorizonDaysSchema.optional(),
  horizonScaling: HorizonScalingSchema.optional(),
  approach: VarApproachSchema.optional(),
});

export function checkDateChoice(
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
  /** Absent in results computed before decision 0015 (those used the zero-mean model). */
  mean: MeanHandlingSchema.optional(),
  /**
   * Which prices the returns came from (docs/decisions/0017): VaR and backtests use prices
   * adjusted for splits, bonus and rights issues. Results stored before issue 10 read raw prices.
   */
  priceBasis: PriceBasisSchema.default('raw'),
});
export type ResolvedVarParameters = z.infer<typeof ResolvedVarParametersSchema>;

/**
 * The one percent/fraction conversion: limits and thresholds are stored and typed in percent
 * (25 = %25 of NAV), figures and confidence are fractions (0.25, 0.99); forms show confidence in
 * percent (99). Rounded to 12 significant digits so that 0.99 ↔ 99 and 97.5 ↔ 0.975 survive the
 * binary arithmetic (0.99 × 100 is 98.99999999999999 in doubles).
 */
export function percentToFraction(percent: number): number {
  return Number((percent / 100).toPrecision(12));
}

export function fractionToPercent(fraction: number): number {
  return Number((fraction * 100).toPrecision(12));
}
