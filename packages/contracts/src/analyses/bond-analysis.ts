import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { BondTermsSchema } from '../instruments.ts';
import { defineAnalysis } from './definition.ts';
import { ResultChartsSchema } from './result-charts.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'bond-analysis': one bond of the instrument master, a bond typed on the screen, or every bond of
 * a portfolio on a date. Price from yield or yield from price under the pricer's Turkish
 * conventions (DİBS, corporate, discount bills, TLREF/TÜFE floaters, CPI-linked with the index
 * ratio), risk figures, cash flows, the price-yield curve, key-rate durations against the TRY
 * government curve and, for a portfolio, duration and DV01 by maturity bucket and parallel shifts.
 */
export const BondSource = {
  Instrument: 'instrument',
  Manual: 'manual',
  Portfolio: 'portfolio',
} as const;
export type BondSource = (typeof BondSource)[keyof typeof BondSource];
export const BOND_SOURCE_LABELS: Readonly<Record<BondSource, string>> = {
  instrument: 'Varlık tanımından tahvil',
  manual: 'Elle girilen tahvil',
  portfolio: 'Portföydeki tüm tahviller',
};

/**
 * Yield conventions of the pricer: `tr-treasury` the Hazine DİBS formula (annual compounding on
 * ACT/365 days), `isma` compounding at the coupon frequency (corporate and eurobond practice).
 */
export const BondYieldConvention = { TrTreasury: 'tr-treasury', Isma: 'isma' } as const;
export type BondYieldConvention = (typeof BondYieldConvention)[keyof typeof BondYieldConvention];
export const BOND_YIELD_CONVENTION_LABELS: Readonly<Record<BondYieldConvention, string>> = {
  'tr-treasury': 'Hazine formülü (yıllık bileşik, gerçek/365)',
  isma: 'ISMA (kupon sıklığında bileşik)',
};

/**
 * Yield basis of discount bills (decision 0057): `compound` 100 / (1 + y)^(days/365), the Hazine
 * formula and the default; `simple` 100 / (1 + y × days/365), money-market practice.
 */
export const DiscountYieldBasis = { Compound: 'compound', Simple: 'simple' } as const;
export type DiscountYieldBasis = (typeof DiscountYieldBasis)[keyof typeof DiscountYieldBasis];
export const DISCOUNT_YIELD_BASIS_LABELS: Readonly<Record<DiscountYieldBasis, string>> = {
  compound: 'Bileşik getiri: 100 / (1 + y)^(gün/365)',
  simple: 'Basit getiri: 100 / (1 + y × gün/365)',
};
export const DiscountYieldBasisSchema = z.enum(['compound', 'simple'], {
  error: 'iskontolu bono getiri esası basit veya bileşik olmalı',
});

/** Yields above −100 % (a yield of −100 % or less has no price). */
export const YieldPctSchema = z
  .number({ error: 'getiri sayı olmalı' })
  .gt(-100, { error: 'getiri -%100’den büyük olmalı' })
  .max(1000, { error: 'getiri en fazla %1000 olabilir' });
export const CleanPriceSchema = z
  .number({ error: 'temiz fiyat sayı olmalı' })
  .gt(0, { error: 'temiz fiyat sıfırdan büyük olmalı' })
  .max(100000, { error: 'temiz fiyat çok büyük' });

export const BondAnalysisInputsSchema = z
  .strictObject({
    source: z.enum(['instrument', 'manual', 'portfolio'], {
      error: 'kaynak instrument, manual veya portfolio olmalı',
    }),
    instrumentCode: CodeSchema.optional(),
    bond: BondTermsSchema.strict().optional(),
    /** Portfolios whose bonds are analysed (source 'portfolio'), each on its latest holdings date ≤ asOfDate. */
    portfolioCodes: z
      .array(CodeSchema)
      .min(1, { error: 'en az bir portföy seçilmeli' })
      .max(200, { error: 'en fazla 200 portföy seçilebilir' })
      .optional(),
    /** Settlement (valör) date of one bond, or the holdings date of the portfolios. */
    asOfDate: IsoDateSchema,
    /** Exactly one quote for a typed bond; optional otherwise (the market or holdings price is used). */
    yieldPct: YieldPctSchema.optional(),
    cleanPrice: CleanPriceSchema.optional(),
    convention: z
      .enum(['tr-treasury', 'isma'], { error: 'geçerli bir getiri esası değil' })
      .optional(),
    /** Discount bills: the yield basis; default `compound`. */
    discountYieldBasis: DiscountYieldBasisSchema.optional(),
    /** Floating notes: projected index (TLREF) rate in percent; default the index on the date. */
    indexRatePct: z.number({ error: 'endeks oranı sayı olmalı' }).gt(-100).max(1000).optional(),
    /** CPI-linked bonds: index ratio (endeks katsayısı); default TÜFE(date) / TÜFE(issue). */
    indexRatio: z
      .number({ error: 'endeks katsayısı sayı olmalı' })
      .positive({ error: 'endeks katsayısı sıfırdan büyük olmalı' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: 'instrumentCode' | 'bond' | 'portfolioCodes', message: string) => {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.source === 'instrument') need('instrumentCode', 'tahvil kodu gerekli');
    if (v.source === 'portfolio') need('portfolioCodes', 'en az bir portföy seçilmeli');
    if (v.source === 'manual') {
      need('bond', 'tahvil koşulları gerekli');
      if ((v.yieldPct === undefined) === (v.cleanPrice === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['yieldPct'],
          message: 'getiri veya temiz fiyattan yalnızca biri verilmeli',
        });
    } else if (v.yieldPct !== undefined && v.cleanPrice !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['yieldPct'],
        message: 'getiri veya temiz fiyattan yalnızca biri verilmeli',
      });
    if (v.source === 'portfolio' && (v.yieldPct !== undefined || v.cleanPrice !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['yieldPct'],
        message: 'portföy analizinde fiyatlar piyasa verisinden alınır',
      });
    if (v.bond && v.asOfDate >= v.bond.maturityDate)
      ctx.addIssue({
        code: 'custom',
        path: ['asOfDate'],
        message: 'valör tarihi vadeden önce olmalı',
      });
  });
export type BondAnalysisInputs = z.infer<typeof BondAnalysisInputsSchema>;
export type BondAnalysisInputsRequest = z.input<typeof BondAnalysisInputsSchema>;

export const BondFiguresSchema = z.object({
  instrumentCode: z.string(),
  name: z.string(),
  couponType: z.string(),
  convention: z.string(),
  settlementDate: z.string(),
  maturityDate: z.string(),
  /** Where the quote came from: typed in, the bond's market series, or the holdings' value. */
  quoteSource: z.enum(['input', 'market', 'holdings']),
  yieldPct: z.number(),
  cleanPrice: z.number(),
  dirtyPrice: z.number(),
  accruedInterest: z.number(),
  /**
   * Rate figures: for a floater, to its next reset (the index and the discount rate moving
   * together, decision 0057); the spread figure beside them.
   */
  macaulayDuration: z.number(),
  modifiedDuration: z.number(),
  convexity: z.number(),
  /** Per 100 face: modified duration × dirty price × 1 bp (analytic). */
  dv01: z.number(),
  /** Floaters: modified duration to the discount margin, projected coupons held; else null. */
  spreadDuration: z.number().nullable(),
  /** Floaters: the next reset (the current coupon period's payment date); else null. */
  nextResetDate: z.string().nullable(),
  /** Discount bills: the yield basis the yield is quoted on; else null. */
  discountYieldBasis: DiscountYieldBasisSchema.nullable(),
  indexRatio: z.number().nullable(),
  indexRatePct: z.number().nullable(),
  /** Portfolio bonds: the portfolio, nominal, TRY value and DV01 of the position. */
  portfolioCode: z.string().nullable(),
  nominal: z.number().nullable(),
  valueTry: z.number().nullable(),
  dv01Try: z.number().nullable(),
  cashflows: z.array(
    z.object({ date: z.string(), amount: z.number(), presentValue: z.number(), years: z.number() }),
  ),
  priceYield: z.array(z.object({ yieldPct: z.number(), cleanPrice: z.number() })),
  keyRateDurations: z.array(
    z.object({ tenor: z.string(), days: z.number(), duration: z.number() }),
  ),
  /** Spread over the TRY curve (bp) that reprices the bond, used for the key-rate durations. */
  curveSpreadBp: z.number().nullable(),
});
export type BondFigures = z.infer<typeof BondFiguresSchema>;

export const MATURITY_BUCKETS = ['0-1Y', '1-3Y', '3-5Y', '5-10Y', '10Y+'] as const;
export const MATURITY_BUCKET_LABELS: Readonly<Record<(typeof MATURITY_BUCKETS)[number], string>> = {
  '0-1Y': '0-1 yıl',
  '1-3Y': '1-3 yıl',
  '3-5Y': '3-5 yıl',
  '5-10Y': '5-10 yıl',
  '10Y+': '10 yıl üzeri',
};

export const BondPortfolioSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  asOfDate: z.string(),
  navTry: z.number(),
  bondValueTry: z.number(),
  weightedModifiedDuration: z.number(),
  weightedMacaulayDuration: z.number(),
  dv01Try: z.number(),
  buckets: z.array(
    z.object({
      bucket: z.string(),
      label: z.string(),
      valueTry: z.number(),
      weight: z.number(),
      modifiedDuration: z.number(),
      dv01Try: z.number(),
    }),
  ),
  shifts: z.array(
    z.object({
      shiftBp: z.number(),
      fullRevaluationTry: z.number(),
      durationConvexityTry: z.number(),
      pctOfNav: z.number(),
    }),
  ),
  /** Bonds that could not be priced, with the Turkish reason. */
  skipped: z.array(z.object({ instrumentCode: z.string(), reason: z.string() })),
});
export type BondPortfolio = z.infer<typeof BondPortfolioSchema>;

export const BondAnalysisResultSchema = z.object({
  source: z.string(),
  asOfDate: z.string(),
  bonds: z.array(BondFiguresSchema),
  portfolios: z.array(BondPortfolioSchema),
  tables: ResultTablesSchema,
  charts: ResultChartsSchema,
});
export type BondAnalysisResult = z.infer<typeof BondAnalysisResultSchema>;

/** The 'bond-analysis' analysis type (registered in registry.ts); any module, like its routes. */
export const bondAnalysis = defineAnalysis({
  id: 'bond-analysis',
  module: null,
  title: 'Tahvil Analizi',
  runRoute: 'bond-analysis',
  resultRoute: 'bond-analysis-result',
  inputsSchema: BondAnalysisInputsSchema,
  resultSchema: BondAnalysisResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

export const BOND_ANALYSIS_TABLES = {
  /** Without `portfolioCode` when the run prices bonds given by hand (no portfolio). */
  bonds: defineTable(
    'Tahvil Analizi',
    [
      col('portfolioCode', 'Portföy Kodu', 'text'),
      col('instrumentCode', 'Varlık Kodu', 'text'),
      col('name', 'Varlık Adı', 'text'),
      col('couponTypeLabel', 'Kupon Türü', 'text'),
      col('maturityDate', 'Vade', 'date'),
      col('yield', 'Getiri', 'percent'),
      col('yieldBasisLabel', 'Getiri Esası', 'text'),
      col('cleanPrice', 'Temiz Fiyat', 'number'),
      col('accruedInterest', 'İşlemiş Faiz', 'number'),
      col('dirtyPrice', 'Kirli Fiyat', 'number'),
      col('macaulayDuration', 'Macaulay Durasyonu (yıl)', 'number'),
      col('modifiedDuration', 'Modifiye Durasyon (faiz)', 'number'),
      col('spreadDuration', 'Marj Durasyonu', 'number'),
      col('nextResetDate', 'Sonraki Faiz Belirleme', 'date'),
      col('convexity', 'Konveksite', 'number'),
      col('dv01', 'DV01 (100 nominal)', 'number'),
      col('valueTry', 'Piyasa Değeri (TL)', 'money'),
      col('dv01Try', 'DV01 (TL)', 'money'),
      col('indexRatio', 'Endeks Katsayısı', 'number'),
      col('quoteSourceLabel', 'Fiyat Kaynağı', 'text'),
    ],
    [
      'couponType',
      'convention',
      'discountYieldBasis',
      'settlementDate',
      'quoteSource',
      'yieldPct',
      'indexRatePct',
      'nominal',
      'curveSpreadBp',
      'cashflows',
      'priceYield',
      'keyRateDurations',
    ],
  ),
  cashflows: defineTable('Nakit Akışları', [
    col('instrumentCode', 'Varlık Kodu', 'text'),
    col('date', 'Ödeme Tarihi', 'date'),
    col('years', 'Süre (yıl)', 'number'),
    col('amount', 'Tutar (100 nominal)', 'number'),
    col('presentValue', 'Bugünkü Değer', 'number'),
  ]),
  keyRates: defineTable(
    'Anahtar Vade Durasyonları (TL Devlet Eğrisi)',
    [
      col('instrumentCode', 'Varlık Kodu', 'text'),
      col('tenor', 'Vade Noktası', 'text'),
      col('duration', 'Anahtar Vade Durasyonu', 'number'),
    ],
    ['days'],
  ),
  portfolios: defineTable(
    'Portföy Tahvil Özeti',
    [
      col('portfolioCode', 'Portföy Kodu', 'text'),
      col('asOfDate', 'Tarih', 'date'),
      col('navTry', 'Portföy Değeri (TL)', 'money'),
      col('bondValueTry', 'Tahvil Değeri (TL)', 'money'),
      col('weightedModifiedDuration', 'Ağırlıklı Modifiye Durasyon', 'number'),
      col('weightedMacaulayDuration', 'Ağırlıklı Macaulay Durasyonu', 'number'),
      col('dv01Try', 'DV01 (TL)', 'money'),
    ],
    ['portfolioName'],
  ),
  buckets: defineTable(
    'Vade Dilimlerine Göre Durasyon ve DV01',
    [
      col('portfolioCode', 'Portföy Kodu', 'text'),
      col('label', 'Vade Dilimi', 'text'),
      col('valueTry', 'Piyasa Değeri (TL)', 'money'),
      col('weight', 'Ağırlık', 'percent'),
      col('modifiedDuration', 'Modifiye Durasyon', 'number'),
      col('dv01Try', 'DV01 (TL)', 'money'),
    ],
    ['bucket'],
  ),
  shifts: defineTable('Paralel Kayma Etkisi', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('shiftBp', 'Kayma (baz puan)', 'number'),
    col('fullRevaluationTry', 'Tam Yeniden Değerleme (TL)', 'money'),
    col('durationConvexityTry', 'Durasyon + Konveksite Yaklaşımı (TL)', 'money'),
    col('pctOfNav', 'Portföy Değerine Oranı', 'percent'),
  ]),
  skipped: defineTable('Fiyatlanamayan Tahviller', [
    col('portfolioCode', 'Portföy Kodu', 'text'),
    col('instrumentCode', 'Varlık Kodu', 'text'),
    col('reason', 'Neden', 'text'),
  ]),
};
