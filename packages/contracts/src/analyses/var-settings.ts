import { z } from 'zod';
import { CodeSchema } from '../market-values.ts';
import {
  ConfidenceLevelSchema,
  EwmaLambdaSchema,
  HorizonDaysSchema,
  HorizonScalingSchema,
  MeanHandlingSchema,
  MonteCarloDrawsSchema,
  MonteCarloSeedSchema,
  VarApproachSchema,
  VarMethodSchema,
  WindowDaysSchema,
} from './parameters.ts';

/**
 * varAnalysisSettings (RMD Analizi Ayarları): the saved defaults of the Module 1 model
 * parameters and the limits of every portfolio. The defaults are the SPK parameters (Rehber
 * §7.6.1 d: 99 %, 20 business days, 250-day window; §7.6.2 limits).
 */

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
    mean: MeanHandlingSchema,
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
    /**
     * RMD tracking explains a day's VaR change ("RMD neden değişti?") when the limit usage moved
     * by more than this many percentage points since the previous figure (decision 0063).
     */
    varChangeExplainPoints: z
      .number({ error: 'açıklama eşiği sayı olmalı' })
      .gt(0, { error: 'açıklama eşiği sıfırdan büyük olmalı' })
      .max(1000, { error: 'açıklama eşiği en fazla 1000 puan olabilir' }),
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
  mean: 'include',
  absoluteLimitPct: 25,
  relativeLimitPct: 200,
  leverageLimitPct: 100,
  warningThresholdPct: 80,
  unmappedTolerancePct: 5,
  varChangeExplainPoints: 5,
  portfolioLimits: [],
  dailyBatchEnabled: true,
  dailyBatchTime: '19:00',
};

/** The response of GET/PUT var-settings: the settings with who saved them last (null: defaults). */
export const VarSettingsResponseSchema = z.object({
  settings: VarSettingsSchema,
  updatedAt: z.string().nullable(),
  /**
   * Fields of the stored document that no longer validate (then `settings` holds the defaults
   * for the form, and runs fail with the Turkish reason until the settings are saved again).
   */
  storedProblems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type VarSettingsResponse = z.infer<typeof VarSettingsResponseSchema>;

/** The settings key of the stored VaR settings (settings table). */
export const VAR_SETTINGS_KEY = 'var-settings';

/** A field of the stored settings that no longer validates, with its Turkish message. */
export interface StoredSettingsProblem {
  readonly field: string;
  readonly message: string;
}

export type StoredVarSettings =
  | { readonly ok: true; readonly settings: VarSettings }
  | { readonly ok: false; readonly problems: readonly StoredSettingsProblem[] };

/**
 * Reads the stored settings document merged over the defaults (a field added later gets its
 * default; no document at all gives the defaults). A document that no longer validates is
 * reported field by field, never replaced by the defaults silently.
 */
export function readStoredVarSettings(value: unknown): StoredVarSettings {
  const stored = typeof value === 'object' && value !== null ? value : {};
  const parsed = VarSettingsSchema.safeParse({ ...VAR_SETTINGS_DEFAULTS, ...stored });
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => ({
      field: i.path.map(String).join('.'),
      message: i.message,
    })),
  };
}

/** The Turkish sentence of a stored settings document that does not validate (run errors, API). */
export function storedSettingsProblemText(problems: readonly StoredSettingsProblem[]): string {
  const list = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  return `Kayıtlı RMD analizi ayarları geçersiz (${list}). Ayarları RMD Analizi Ayarları ekranından düzeltip kaydedin.`;
}
