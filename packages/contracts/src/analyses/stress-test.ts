import { z } from 'zod';
import { CodeSchema, CurrencyCodeSchema, IsoDateSchema } from '../market-values.ts';
import { PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'stress-test' (Rehber §7.6.5): today's holdings fully revalued under stored scenarios.
 * Shocks: returns in percent (−20 = −20 %), rates in basis points, implied volatility in
 * volatility points. A move of −100 % or worse is refused (a price cannot reach zero or below).
 */

const pct = (what: string) =>
  z
    .number({ error: `${what} sayı olmalı` })
    .gt(-100, { error: `${what} -%100 veya daha kötü olamaz` })
    .max(1000, { error: `${what} en fazla %1000 olabilir` });
/** The range of a rate shock a scenario can state, bp; the reverse stress searches the same. */
export const STRESS_RATE_SHIFT_BP = { min: -5000, max: 10000 } as const;
const bp = (what: string) =>
  z
    .number({ error: `${what} sayı olmalı` })
    .min(STRESS_RATE_SHIFT_BP.min, {
      error: `${what} en az ${String(STRESS_RATE_SHIFT_BP.min)} baz puan olabilir`,
    })
    .max(STRESS_RATE_SHIFT_BP.max, {
      error: `${what} en fazla ${String(STRESS_RATE_SHIFT_BP.max)} baz puan olabilir`,
    });

/** Issuer types a credit spread shock applies to (instrument main types). */
export const CREDIT_ISSUER_TYPES = [
  'corporateBond',
  'leaseCertificate',
  'commercialPaper',
  'bankBill',
  'assetBackedSecurity',
  'eurobond',
] as const;
export type CreditIssuerType = (typeof CREDIT_ISSUER_TYPES)[number];

export const CurvePointShiftSchema = z.object({
  tenorDays: z
    .number({ error: 'vade (gün) sayı olmalı' })
    .int({ error: 'vade (gün) tam sayı olmalı' })
    .min(1, { error: 'vade en az 1 gün olmalı' })
    .max(18250, { error: 'vade en fazla 50 yıl olabilir' }),
  bp: bp('eğri kayması'),
});
export type CurvePointShift = z.infer<typeof CurvePointShiftSchema>;

export const StressShocksSchema = z.object({
  /** Equity index move; every price series moves by its beta to the index. */
  equityPct: pct('hisse şoku').optional(),
  /** Each currency's TRY rate, e.g. { USD: 30 } = USD/TRY +30 %. */
  fxPct: z.record(CurrencyCodeSchema, pct('kur şoku')).optional(),
  goldPct: pct('altın şoku').optional(),
  /** Parallel shift of every TRY rate, bp. */
  parallelBp: bp('paralel kayma').optional(),
  /** Shift per tenor (twists), bp, interpolated linearly by tenor and flat beyond the ends. */
  curvePoints: z
    .array(CurvePointShiftSchema)
    .max(20, { error: 'en fazla 20 vade noktası girilebilir' })
    .optional(),
  /** Credit spread by issuer type, bp (added to the yields of those bonds). */
  creditSpreadBp: z.partialRecord(z.enum(CREDIT_ISSUER_TYPES), bp('kredi marjı')).optional(),
  /** Added to every option's implied volatility, in volatility points. */
  volatilityPoints: z
    .number({ error: 'oynaklık şoku sayı olmalı' })
    .min(-100, { error: 'oynaklık şoku en az -100 puan olabilir' })
    .max(200, { error: 'oynaklık şoku en fazla 200 puan olabilir' })
    .optional(),
  /** CPI index move (CPI-linked bonds' index ratio). */
  cpiPct: pct('TÜFE şoku').optional(),
});
export type StressShocks = z.infer<typeof StressShocksSchema>;

export function isEmptyShocks(s: StressShocks): boolean {
  const nonZero = (v: number | undefined): boolean => v !== undefined && v !== 0;
  return !(
    nonZero(s.equityPct) ||
    nonZero(s.goldPct) ||
    nonZero(s.parallelBp) ||
    nonZero(s.volatilityPoints) ||
    nonZero(s.cpiPct) ||
    Object.values(s.fxPct ?? {}).some(nonZero) ||
    (s.curvePoints ?? []).some((p) => p.bp !== 0) ||
    Object.values(s.creditSpreadBp ?? {}).some(nonZero)
  );
}

export const StressScenarioKind = {
  Hypothetical: 'hypothetical',
  Historical: 'historical',
  Combination: 'combination',
} as const;
export type StressScenarioKind = (typeof StressScenarioKind)[keyof typeof StressScenarioKind];
export const STRESS_SCENARIO_KIND_LABELS: Readonly<Record<StressScenarioKind, string>> = {
  hypothetical: 'Varsayımsal şok',
  historical: 'Tarihsel tekrar',
  combination: 'Senaryo birleşimi',
};

const NameSchema = z
  .string({ error: 'senaryo adı gerekli' })
  .trim()
  .min(1, { error: 'senaryo adı gerekli' })
  .max(120, { error: 'senaryo adı en fazla 120 karakter olabilir' });
const DescriptionSchema = z
  .string({ error: 'açıklama metin olmalı' })
  .max(4000, { error: 'açıklama en fazla 4000 karakter olabilir' });

/** POST/PUT /api/stress-scenarios body. */
export const StressScenarioRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('hypothetical'),
      name: NameSchema,
      description: DescriptionSchema,
      shocks: StressShocksSchema.refine((s) => !isEmptyShocks(s), {
        error: 'senaryoda en az bir sıfırdan farklı şok olmalı',
      }),
    }),
    z
      .object({
        kind: z.literal('historical'),
        name: NameSchema,
        description: DescriptionSchema,
        fromDate: IsoDateSchema,
        toDate: IsoDateSchema,
      })
      .refine((s) => s.fromDate < s.toDate, {
        path: ['toDate'],
        error: 'bitiş tarihi başlangıçtan sonra olmalı',
      }),
    z.object({
      kind: z.literal('combination'),
      name: NameSchema,
      description: DescriptionSchema,
      componentIds: z
        .array(z.number().int().positive(), { error: 'birleştirilecek senaryolar gerekli' })
        .min(2, { error: 'birleşim için en az iki senaryo seçilmeli' })
        .max(10, { error: 'en fazla 10 senaryo birleştirilebilir' }),
    }),
  ],
  { error: 'senaryo türü hypothetical, historical veya combination olmalı' },
);
export type StressScenarioRequest = z.infer<typeof StressScenarioRequestSchema>;

export const StressScenarioSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['hypothetical', 'historical', 'combination']),
  name: z.string(),
  description: z.string(),
  shocks: StressShocksSchema.nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  componentIds: z.array(z.number().int()),
  /** Shipped with the product (named Turkish scenarios); editable, not deletable. */
  shipped: z.boolean(),
  updatedAt: z.string(),
});
export type StressScenario = z.infer<typeof StressScenarioSchema>;

// --- the analysis -------------------------------------------------------------------------------

/** The equity index whose move `equityPct` is; other price series move by their beta to it. */
export const STRESS_EQUITY_INDEX_DEFAULT = 'XU100';
/** Business days of history for the betas to the equity index. */
export const STRESS_BETA_WINDOW_DAYS = 250;

export const StressTestInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  scenarioIds: z
    .array(z.number().int().positive(), { error: 'senaryo listesi gerekli' })
    .min(1, { error: 'en az bir senaryo seçilmeli' })
    .max(50, { error: 'en fazla 50 senaryo seçilebilir' }),
  equityIndexTicker: CodeSchema.default(STRESS_EQUITY_INDEX_DEFAULT),
  /**
   * Reverse stress: the loss, % of NAV, whose smallest uniform equity shock, FX shock and
   * parallel TL rate shift are searched.
   */
  reverseLossPct: z
    .number({ error: 'ters stres kaybı sayı olmalı' })
    .gt(0, { error: 'ters stres kaybı sıfırdan büyük olmalı' })
    .max(100, { error: 'ters stres kaybı en fazla %100 olabilir' })
    .optional(),
});
export type StressTestInputs = z.infer<typeof StressTestInputsSchema>;

export const StressOutcomeSchema = z.object({
  portfolioCode: z.string(),
  scenarioId: z.number().int(),
  scenarioName: z.string(),
  navTry: z.number(),
  pnlTry: z.number(),
  /** pnl / NAV (fraction). */
  pnlPct: z.number(),
  navAfterTry: z.number(),
  negativeNav: z.boolean(),
  /** Derivative gross exposure after the shock / NAV after (fraction); null without derivatives. */
  leverageAfterPct: z.number().nullable(),
  leverageLimitPct: z.number(),
  leverageBreach: z.boolean(),
  worst: z.boolean(),
});
export type StressOutcome = z.infer<typeof StressOutcomeSchema>;

export const ReverseStressSchema = z.object({
  portfolioCode: z.string(),
  lossPct: z.number(),
  /** Smallest uniform equity move (fraction) losing lossPct of NAV; null when none in (−99 %, 0]. */
  equityShock: z.number().nullable(),
  /** Smallest uniform move of every foreign currency vs TRY (fraction, either direction); null when none. */
  fxShock: z.number().nullable(),
  /**
   * Smallest parallel shift of the TL rates (`parallelBp` of a scenario), in whole bp rounded
   * away from zero, either direction within {@link STRESS_RATE_SHIFT_BP}; null when none.
   * Absent from results computed before the engine searched it (before 0.4.0).
   */
  rateShiftBp: z.number().nullable().optional(),
});

/**
 * A note of a stress result: the portfolio it is about, first, when the run holds several (null:
 * the run's only one), and the scenarios it holds for (null: every scenario of the run), names
 * apart by semicolons (a name may hold a comma).
 */
export function stressNoteLine(
  portfolioCode: string | null,
  scenarios: readonly string[] | null,
  note: string,
): string {
  const where = scenarios === null ? 'Tüm senaryolar' : scenarios.join('; ');
  return `${portfolioCode === null ? '' : `${portfolioCode} · `}${where}: ${note}`;
}

/**
 * The notes of a result that are about one of its portfolios (`codes`: the run's), without the
 * portfolio's code they begin with; a note of no portfolio holds for each. A run of 100 funds
 * holds some 130 notes, of which a screen showing one fund needs its own.
 */
export function stressNotesOf(
  notes: readonly string[],
  portfolioCode: string,
  codes: readonly string[],
): string[] {
  const prefixOf = (code: string) => `${code} · `;
  const own = prefixOf(portfolioCode);
  return notes.flatMap((n) =>
    n.startsWith(own)
      ? [n.slice(own.length)]
      : codes.some((c) => n.startsWith(prefixOf(c)))
        ? []
        : [n],
  );
}

export const StressTestResultSchema = z.object({
  asOfDate: z.string(),
  /** The scenarios as run (a later edit of the library does not change this result). */
  scenarios: z.array(StressScenarioSchema.extend({ resolvedShocksNote: z.string() })),
  outcomes: z.array(StressOutcomeSchema),
  reverse: z.array(ReverseStressSchema),
  notes: z.array(z.string()),
  tables: ResultTablesSchema,
});
export type StressTestResult = z.infer<typeof StressTestResultSchema>;

export const stressTestAnalysis = defineAnalysis({
  id: 'stress-test',
  module: 2,
  title: 'Stres Testi',
  runRoute: 'stress-test',
  resultRoute: 'stress-test-result',
  inputsSchema: StressTestInputsSchema,
  resultSchema: StressTestResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const STRESS_TEST_TABLES = {
  summary: defineTable(
    'Senaryo Sonuçları',
    [
      col('portfolioCode', 'Portföy Kodu', 'text'),
      col('scenarioName', 'Senaryo', 'text'),
      // Beside the scenario's name: a screen too narrow for the whole table (it scrolls) still
      // shows which scenario is the worst and which breach a limit.
      col('marks', 'İşaretler', 'text'),
      col('navTry', 'Fon Toplam Değeri (TL)', 'money'),
      col('pnlTry', 'Kâr/Zarar (TL)', 'money'),
      col('pnlPct', 'Kâr/Zarar (% FTD)', 'percent'),
      col('navAfterTry', 'Şok Sonrası FTD (TL)', 'money'),
      col('leverageAfterPct', 'Şok Sonrası Kaldıraç (% FTD)', 'percent'),
      col('leverageLimitPct', 'Kaldıraç Limiti (% FTD)', 'percent'),
    ],
    ['scenarioId', 'negativeNav', 'leverageBreach', 'worst'],
  ),
  assetClasses: defineTable('Varlık Sınıfına Göre Kâr/Zarar', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('scenarioName', 'Senaryo', 'text'),
    col('assetClass', 'Varlık Sınıfı', 'text'),
    col('pnlTry', 'Kâr/Zarar (TL)', 'money'),
    col('pnlPct', 'Kâr/Zarar (% FTD)', 'percent'),
  ]),
  positions: defineTable(
    'Pozisyon Bazında Kâr/Zarar',
    [
      col('portfolioCode', 'Portföy Kodu', 'text'),
      col('scenarioName', 'Senaryo', 'text'),
      col('instrumentCode', 'Varlık Kodu', 'text'),
      col('instrumentName', 'Varlık Adı', 'text'),
      col('assetClass', 'Varlık Sınıfı', 'text'),
      col('valueTry', 'Güncel Değer (TL)', 'money'),
      col('pnlTry', 'Kâr/Zarar (TL)', 'money'),
      col('pnlPct', 'Kâr/Zarar (% FTD)', 'percent'),
      col('note', 'Not', 'text'),
    ],
    ['method', 'derivativeExposureAfterTry'],
    { perHolding: true },
  ),
  reverse: defineTable('Ters Stres Testi', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('lossPct', 'Hedef Kayıp (% FTD)', 'percent'),
    col('equityShock', 'En Küçük Hisse Şoku', 'percent'),
    col('fxShock', 'En Küçük Kur Şoku (tüm dövizler)', 'percent'),
    col('rateShiftBp', 'En Küçük TL Faiz Kayması (paralel, baz puan)', 'number'),
  ]),
};
