import { z } from 'zod';
import { INSTRUMENT_MAIN_TYPES, type InstrumentMainType } from '../instruments.ts';
import { IsoDateSchema } from '../market-values.ts';
import { PortfolioCodesSchema } from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'liquidity-test': the liquidity profile of funds and their redemption coverage
 * (regulation-and-methods.md §3; decision 0035). No SPK figure exists for any of the parameters
 * below: each is a setting with its default here and nowhere else.
 */

/** How a main type's liquidity is measured: its traded volume, or a fixed number of days. */
export const LiquidityBasis = { Volume: 'volume', Days: 'days' } as const;
export type LiquidityBasis = (typeof LiquidityBasis)[keyof typeof LiquidityBasis];
export const LIQUIDITY_BASIS_LABELS: Readonly<Record<LiquidityBasis, string>> = {
  volume: 'Ortalama günlük işlem hacmi',
  days: 'Sabit gün (türe göre)',
};

/**
 * The volume series of a price series: same ticker with this suffix, kind 'volume', values in
 * units traded per day (shares, nominal). Uploaded like any other series.
 */
export const VOLUME_TICKER_SUFFIX = '-HACIM';
export const volumeTickerOf = (priceTicker: string): string =>
  `${priceTicker}${VOLUME_TICKER_SUFFIX}`;

const fraction = (what: string, max = 1) =>
  z
    .number({ error: `${what} sayı olmalı` })
    .min(0, { error: `${what} negatif olamaz` })
    .max(max, { error: `${what} en fazla %${max * 100} olabilir` });

export const LiquidityTypeSettingSchema = z.strictObject({
  basis: z.enum(['volume', 'days'], { error: 'likidite ölçüsü volume veya days olmalı' }),
  /** Days to liquidate the whole position (basis 'days', or 'volume' without volume data). */
  days: z
    .number({ error: 'gün sayı olmalı' })
    .min(0, { error: 'gün negatif olamaz' })
    .max(3650, { error: 'gün en fazla 3650 olabilir' }),
  /** Business days of volume averaged into the ADV (basis 'volume'). */
  windowDays: z
    .number({ error: 'hacim penceresi sayı olmalı' })
    .int({ error: 'hacim penceresi tam sayı olmalı' })
    .min(1, { error: 'hacim penceresi en az 1 iş günü olmalı' })
    .max(750, { error: 'hacim penceresi en fazla 750 iş günü olabilir' }),
  /** Discount to the market value a forced sale accepts (spread, fire-sale), fraction. */
  haircut: fraction('iskonto (haircut)'),
});
export type LiquidityTypeSetting = z.infer<typeof LiquidityTypeSettingSchema>;

const days = (d: number, haircut = 0): LiquidityTypeSetting => ({
  basis: 'days',
  days: d,
  windowDays: 63,
  haircut,
});
const volume = (windowDays: number, fallbackDays: number, haircut: number) =>
  ({ basis: 'volume', days: fallbackDays, windowDays, haircut }) as const;

/**
 * Defaults per main type. Volume-based: shares and ETFs on the weekly ADV (5 business days),
 * private-sector debt on the 3-month ADV (63 days), as KAP "Risk Ölçüm Esasları" disclosures do
 * (regulation-and-methods.md §3); the fixed days are the policy's assumption when no volume
 * series exists. Cash-like lines are liquid on day 1.
 */
export const LIQUIDITY_TYPE_DEFAULTS: Readonly<Record<InstrumentMainType, LiquidityTypeSetting>> = {
  stock: volume(5, 5, 0.005),
  exchangeTradedFund: volume(5, 2, 0.003),
  corporateBond: volume(63, 20, 0.01),
  commercialPaper: volume(63, 20, 0.01),
  bankBill: volume(63, 10, 0.005),
  leaseCertificate: volume(63, 20, 0.01),
  assetBackedSecurity: volume(63, 60, 0.02),
  governmentBond: days(1, 0.001),
  treasuryBill: days(1, 0.001),
  eurobond: days(2, 0.002),
  fundShare: days(2),
  deposit: days(1),
  participationAccount: days(1),
  reverseRepo: days(1),
  repo: days(1),
  moneyMarket: days(1),
  future: days(1),
  option: days(2, 0.01),
  warrant: days(5, 0.02),
  fx: days(1),
  preciousMetal: days(1, 0.002),
  structuredProduct: days(120, 0.05),
  margin: days(1),
  other: days(120, 0.05),
};

/**
 * Settlement lag (takas valörü, business days after the trade: T+n) per main type, on the Turkish
 * business-day calendar (decision 0042). Borsa İstanbul: Pay Piyasası (shares, ETFs, warrants,
 * structured products) T+2; Borçlanma Araçları Piyasası kesin alım-satım (DİBS, private-sector
 * debt, lease certificates) T+1 as the default valör of the order (same-day valör also exists:
 * editable); Repo-Ters Repo Pazarı and Takasbank Para Piyasası T+0; VİOP T+1. Investment fund
 * units T+2 (a fund's prospectus may say T+1: editable per run). Eurobonds T+2 (Euroclear).
 * Deposits, participation accounts, FX and precious metals T+0 (cash the same day).
 */
export const LIQUIDITY_SETTLEMENT_LAG_DEFAULTS: Readonly<Record<InstrumentMainType, number>> = {
  stock: 2,
  exchangeTradedFund: 2,
  corporateBond: 1,
  commercialPaper: 1,
  bankBill: 1,
  leaseCertificate: 1,
  assetBackedSecurity: 1,
  governmentBond: 1,
  treasuryBill: 1,
  eurobond: 2,
  fundShare: 2,
  deposit: 0,
  participationAccount: 0,
  reverseRepo: 0,
  repo: 0,
  moneyMarket: 0,
  future: 1,
  option: 1,
  warrant: 2,
  fx: 0,
  preciousMetal: 0,
  structuredProduct: 2,
  margin: 0,
  other: 2,
};

/** The calendar every date of the analysis is counted on (stated in the conventions). */
export const LIQUIDITY_CALENDAR_LABEL = 'Türkiye iş günü takvimi';

export const LIQUIDITY_PARTICIPATION_DEFAULT = 0.2;
/**
 * The fund's redemption payment lag (iade valörü), business days after the request: T+2, the
 * valör of equity-heavy funds' prospectuses (money-market funds use T+0/T+1: editable per run).
 */
export const LIQUIDITY_SETTLEMENT_DAYS_DEFAULT = 2;
export const LIQUIDITY_FIXED_REDEMPTION_DEFAULT = 0.1;
export const LIQUIDITY_HISTORY_DAYS_DEFAULT = 250;

export const SellingMethodSchema = z.enum(['waterfall', 'proRata'], {
  error: 'satış yöntemi waterfall veya proRata olmalı',
});
export type SellingMethod = z.infer<typeof SellingMethodSchema>;
export const SELLING_METHOD_LABELS: Readonly<Record<SellingMethod, string>> = {
  waterfall: 'Önce en likit (şelale)',
  proRata: 'Orantılı (dağılım korunur)',
};

export const RedemptionScenarioInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'senaryo adı boş olamaz' }).max(100),
  /** Redemptions as a fraction of NAV. */
  redemptionShare: fraction('geri ödeme oranı'),
  horizonDays: z
    .number({ error: 'vade sayı olmalı' })
    .int({ error: 'vade tam sayı olmalı' })
    .min(1, { error: 'vade en az 1 iş günü olmalı' })
    .max(365, { error: 'vade en fazla 365 iş günü olabilir' }),
});
export type RedemptionScenarioInput = z.infer<typeof RedemptionScenarioInputSchema>;

const typeSettingsShape = Object.fromEntries(
  INSTRUMENT_MAIN_TYPES.map((t) => [
    t,
    LiquidityTypeSettingSchema.default(LIQUIDITY_TYPE_DEFAULTS[t]),
  ]),
) as Record<InstrumentMainType, z.ZodDefault<typeof LiquidityTypeSettingSchema>>;

const settlementLagShape = Object.fromEntries(
  INSTRUMENT_MAIN_TYPES.map((t) => [
    t,
    z
      .number({ error: 'takas valörü sayı olmalı' })
      .int({ error: 'takas valörü tam sayı olmalı' })
      .min(0, { error: 'takas valörü negatif olamaz' })
      .max(10, { error: 'takas valörü en fazla 10 iş günü olabilir' })
      .default(LIQUIDITY_SETTLEMENT_LAG_DEFAULTS[t]),
  ]),
) as Record<InstrumentMainType, z.ZodDefault<z.ZodNumber>>;

export const LiquidityTestInputsSchema = z.strictObject({
  portfolioCodes: PortfolioCodesSchema,
  asOfDate: IsoDateSchema,
  /** Share of the ADV the fund may trade per day, fraction in (0, 1]. */
  participationRate: z
    .number({ error: 'katılım oranı sayı olmalı' })
    .gt(0, { error: 'katılım oranı sıfırdan büyük olmalı' })
    .max(1, { error: 'katılım oranı en fazla %100 olabilir' })
    .default(LIQUIDITY_PARTICIPATION_DEFAULT),
  typeSettings: z.strictObject(typeSettingsShape).default(LIQUIDITY_TYPE_DEFAULTS),
  /** Settlement lag (takas valörü) per main type, business days (T+n). */
  settlementLagDays: z.strictObject(settlementLagShape).default(LIQUIDITY_SETTLEMENT_LAG_DEFAULTS),
  /** The fund's redemption settlement period (iade valörü), business days. */
  settlementDays: z
    .number({ error: 'valör sayı olmalı' })
    .int({ error: 'valör tam sayı olmalı' })
    .min(1, { error: 'valör en az 1 iş günü olmalı' })
    .max(30, { error: 'valör en fazla 30 iş günü olabilir' })
    .default(LIQUIDITY_SETTLEMENT_DAYS_DEFAULT),
  /** Fixed redemption scenario: this share of NAV over the settlement period. */
  fixedRedemptionShare: fraction('sabit geri ödeme oranı').default(
    LIQUIDITY_FIXED_REDEMPTION_DEFAULT,
  ),
  /** Business days of stored history searched for the worst net outflow. */
  historyDays: z
    .number({ error: 'geçmiş gün sayısı sayı olmalı' })
    .int({ error: 'geçmiş gün sayısı tam sayı olmalı' })
    .min(20, { error: 'geçmiş en az 20 iş günü olmalı' })
    .max(2600, { error: 'geçmiş en fazla 2600 iş günü olabilir' })
    .default(LIQUIDITY_HISTORY_DAYS_DEFAULT),
  scenarios: z.array(RedemptionScenarioInputSchema).max(20).default([]),
  sellingMethod: SellingMethodSchema.default('waterfall'),
  /** Pass when liquidatable / redemptions ≥ this ratio. */
  minimumCoverage: z
    .number({ error: 'en az karşılama oranı sayı olmalı' })
    .gt(0, { error: 'en az karşılama oranı sıfırdan büyük olmalı' })
    .max(100)
    .default(1),
});
export type LiquidityTestInputs = z.infer<typeof LiquidityTestInputsSchema>;

export const LIQUIDITY_BUCKET_LABELS = ['1', '2-7', '8-30', '31-90', '>90'] as const;

export const LiquidityScenarioKind = {
  Fixed: 'fixed',
  Historical: 'historical',
  User: 'user',
} as const;
export type LiquidityScenarioKind =
  (typeof LiquidityScenarioKind)[keyof typeof LiquidityScenarioKind];

export const LiquidityFundSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  /** The holdings date used (latest on or before the asked date). */
  date: z.string(),
  nav: z.number(),
  buckets: z.array(
    z.object({
      label: z.string(),
      valueTry: z.number(),
      /** Share of NAV in the bucket. */
      share: z.number(),
      /** Share of NAV sold by the end of the bucket, waterfall and pro-rata. */
      cumulativeWaterfall: z.number(),
      cumulativeProRata: z.number(),
    }),
  ),
  scenarios: z.array(
    z.object({
      kind: z.enum(['fixed', 'historical', 'user']),
      name: z.string(),
      redemptionShare: z.number(),
      horizonDays: z.number().int(),
      /** Historical: the window's last date. */
      observedTo: z.string().nullable(),
      redemptionTry: z.number(),
      liquidTry: z.number(),
      coverageRatio: z.number().nullable(),
      passes: z.boolean(),
      /** The redemption payment date: trade date + horizon business days (absent before 0042). */
      paymentDate: IsoDateSchema.optional(),
      /** Cash settled (takas) by the payment date at each position's valör. */
      settledCashTry: z.number().optional(),
      /** settledCashTry / redemptionTry; null without redemptions. */
      settledCoverageRatio: z.number().nullable().optional(),
    }),
  ),
  /** Dates of the liquidation on the Turkish calendar (absent in runs before decision 0042). */
  settlement: z
    .object({
      /** First trade day: the holdings date, or the next business day. */
      tradeDate: IsoDateSchema,
      /** Redemption payment date: trade date + settlementDays business days (iade valörü). */
      paymentDate: IsoDateSchema,
      /** Cash settled by the payment date, all positions at their maximum pace. */
      cashByPaymentDateTry: z.number(),
    })
    .optional(),
  liquidationCostTry: z.number(),
  /** Positions whose days came from the type setting because no volume series was found. */
  positionsWithoutVolume: z.number().int(),
  notes: z.array(z.string()),
});
export type LiquidityFund = z.infer<typeof LiquidityFundSchema>;

export const LiquidityTestResultSchema = z.object({
  asOfDate: z.string(),
  conventions: z.object({
    participationRate: z.number(),
    sellingMethod: SellingMethodSchema,
    settlementDays: z.number().int(),
    minimumCoverage: z.number(),
    impactModel: z.string(),
    volatilityWindowDays: z.number().int(),
    /** Last volume date read per fund (data dates). */
    volumeDataTo: z.string().nullable(),
    /** The business-day calendar of the dates ('Türkiye iş günü takvimi'; absent before 0042). */
    calendar: z.string().optional(),
    /** Settlement lag per main type used, business days. */
    settlementLagDays: z.record(z.string(), z.number().int()).optional(),
  }),
  funds: z.array(LiquidityFundSchema),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type LiquidityTestResult = z.infer<typeof LiquidityTestResultSchema>;

export const liquidityTestAnalysis = defineAnalysis({
  id: 'liquidity-test',
  module: 2,
  title: 'Likidite Testi',
  runRoute: 'liquidity-test',
  resultRoute: 'liquidity-test-result',
  inputsSchema: LiquidityTestInputsSchema,
  resultSchema: LiquidityTestResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const LIQUIDITY_TEST_TABLES = {
  summary: defineTable(
    'Likidite özeti',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('portfolioName', 'Fon adı', 'text'),
      col('date', 'Portföy tarihi', 'date'),
      col('nav', 'Fon toplam değeri', 'money'),
      col('liquid1', '1 günde satılabilir (% FTD)', 'percent'),
      col('liquid7', '7 günde satılabilir (% FTD)', 'percent'),
      col('liquid30', '30 günde satılabilir (% FTD)', 'percent'),
      col('liquidationCostTry', 'Tasfiye maliyeti', 'money'),
      col('liquidationCost', 'Tasfiye maliyeti (% FTD)', 'percent'),
      col('worstCoverage', 'En düşük karşılama oranı', 'number'),
      col('result', 'Sonuç', 'text'),
    ],
    ['passes'],
  ),
  buckets: defineTable('Likidite dilimleri (gün)', [
    col('portfolioCode', 'Fon', 'text'),
    col('bucket', 'Dilim (gün)', 'text'),
    col('valueTry', 'Tutar', 'money'),
    col('share', '% FTD', 'percent'),
    col('cumulativeWaterfall', 'Dilim sonuna dek satılan: önce en likit', 'percent'),
    col('cumulativeProRata', 'Dilim sonuna dek satılan: orantılı', 'percent'),
  ]),
  scenarios: defineTable(
    'Geri ödeme senaryoları',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('name', 'Senaryo', 'text'),
      col('redemptionShare', 'Geri ödeme (% FTD)', 'percent'),
      col('horizonDays', 'Süre (iş günü)', 'number'),
      col('redemptionTry', 'Geri ödeme tutarı', 'money'),
      col('liquidTry', 'Süre içinde satılabilir', 'money'),
      col('coverageRatio', 'Karşılama oranı', 'number'),
      col('result', 'Sonuç', 'text'),
    ],
    ['passes'],
  ),
  positions: defineTable(
    'Pozisyon likiditesi',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('instrumentCode', 'Varlık', 'text'),
      col('instrumentName', 'Varlık adı', 'text'),
      col('mainType', 'Tür', 'text'),
      col('valueTry', 'Değer', 'money'),
      col('weight', '% FTD', 'percent'),
      col('basis', 'Ölçü', 'text'),
      col('quantity', 'Miktar', 'number'),
      col('adv', 'Ortalama günlük hacim', 'number'),
      col('windowDays', 'Hacim penceresi (gün)', 'number'),
      col('daysToLiquidate', 'Tasfiye süresi (gün)', 'number'),
      col('bucket', 'Dilim', 'text'),
      col('haircut', 'İskonto', 'percent'),
      col('impact', 'Piyasa etkisi', 'percent'),
      col('costTry', 'Tasfiye maliyeti', 'money'),
    ],
    [],
    { perHolding: true },
  ),
  /** Per position: valör, last trade date and cash date on the Turkish calendar. */
  settlementDates: defineTable(
    'Takas tarihleri (Türkiye iş günü takvimi)',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('instrumentCode', 'Varlık', 'text'),
      col('mainType', 'Tür', 'text'),
      col('valueTry', 'Değer', 'money'),
      col('settlementLag', 'Takas valörü', 'text'),
      col('daysToLiquidate', 'Tasfiye süresi (gün)', 'number'),
      col('liquidationEndDate', 'Son satış tarihi', 'date'),
      col('cashDate', 'Nakde dönüş (takas) tarihi', 'date'),
      col('settledByPaymentTry', 'İade tarihine dek nakde dönen', 'money'),
    ],
    [],
    { perHolding: true },
  ),
  /** Per fund and redemption scenario: payment date and the settled cash available by then. */
  redemptionPayment: defineTable(
    'İade ödeme tarihi ve takas edilmiş nakit',
    [
      col('portfolioCode', 'Fon', 'text'),
      col('name', 'Senaryo', 'text'),
      col('tradeDate', 'Talep (işlem) tarihi', 'date'),
      col('horizonDays', 'İade valörü (iş günü)', 'number'),
      col('paymentDate', 'İade ödeme tarihi', 'date'),
      col('redemptionTry', 'Geri ödeme tutarı', 'money'),
      col('settledCashTry', 'Ödeme tarihine dek takas edilen nakit', 'money'),
      col('settledCoverageRatio', 'Nakit karşılama oranı', 'number'),
      col('result', 'Nakit sonucu', 'text'),
    ],
    ['passes'],
  ),
};
