import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { defineAnalysis } from './definition.ts';
import { col, defineTable, ResultTablesSchema } from './result-tables.ts';

/**
 * 'fund-statistics' (Module 3, fund-statistics → fund-statistics-result): performance and risk
 * figures of chosen funds from their unit prices (stored market series whose ticker is the fund
 * code: the demo's, TEFAS-fetched or imported), over a period, against a benchmark series.
 * Figures: packages/risk `fundStatistics`, conventions docs/decisions/0003-risk-conventions.md.
 */
export const FundStatisticsInputsSchema = z
  .strictObject({
    fundCodes: z
      .array(CodeSchema, { error: 'fon listesi gerekli' })
      .min(1, { error: 'en az bir fon seçilmeli' })
      .max(50, { error: 'en fazla 50 fon seçilebilir' }),
    fromDate: IsoDateSchema,
    toDate: IsoDateSchema,
    /** Benchmark series (index or price) for beta, alpha, tracking error, IR and capture. */
    benchmarkTicker: CodeSchema.optional(),
    /** Annual risk-free rate in percent (Sharpe, beta, alpha); default 0. */
    riskFreeRatePct: z
      .number({ error: 'risksiz faiz sayı olmalı' })
      .min(0, { error: 'negatif olamaz' })
      .max(200, { error: 'en fazla %200 olabilir' })
      .optional(),
    /** Return frequency: daily prices, or the last price of each ISO week / month; default daily. */
    frequency: z
      .enum(['daily', 'weekly', 'monthly'], { error: 'sıklık günlük, haftalık veya aylık olmalı' })
      .optional(),
    /** Historical VaR/ES confidence level; default 0.95. */
    confidenceLevel: z
      .number({ error: 'güven düzeyi sayı olmalı' })
      .min(0.8, { error: 'güven düzeyi en az 0,80 olmalı' })
      .max(0.999, { error: 'güven düzeyi en fazla 0,999 olmalı' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromDate >= v.toDate)
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'bitiş tarihi başlangıçtan sonra olmalı',
      });
    if (new Set(v.fundCodes).size !== v.fundCodes.length)
      ctx.addIssue({
        code: 'custom',
        path: ['fundCodes'],
        message: 'bir fon birden fazla seçilmiş',
      });
  });
export type FundStatisticsInputs = z.infer<typeof FundStatisticsInputsSchema>;

/**
 * The figure keys of the peer table, in display order, with their Turkish names, hover texts,
 * display format (percent values are fractions) and direction for the peer ranking.
 */
export const FUND_FIGURES = {
  cumulativeReturn: {
    label: 'Dönem getirisi',
    format: 'percent',
    hint: 'Seçilen dönemde birim pay fiyatının toplam (bileşik) değişimi.',
    higherIsBetter: true,
  },
  annualizedReturn: {
    label: 'Yıllık getiri',
    format: 'percent',
    hint: 'Dönem getirisinin yıllığa çevrilmiş bileşik karşılığı (252 iş günü).',
    higherIsBetter: true,
  },
  annualizedVolatility: {
    label: 'Yıllık oynaklık',
    format: 'percent',
    hint: 'Günlük getirilerin örneklem standart sapması × √252.',
    higherIsBetter: false,
  },
  sharpe: {
    label: 'Sharpe oranı (yıllık)',
    format: 'number',
    hint: 'Risksiz faizin üzerindeki ortalama getirinin oynaklığa oranı (yıllık).',
    higherIsBetter: true,
  },
  sortino: {
    label: 'Sortino oranı (yıllık)',
    format: 'number',
    hint: 'Ortalama günlük getirinin yalnızca aşağı yönlü sapmaya oranı (MAR 0) × √252, Sharpe gibi yıllık.',
    higherIsBetter: true,
  },
  maxDrawdown: {
    label: 'En büyük düşüş',
    format: 'percent',
    hint: 'Dönem içinde bir tepeden sonraki dibe kadar yaşanan en büyük kayıp.',
    higherIsBetter: false,
  },
  calmar: {
    label: 'Calmar oranı',
    format: 'number',
    hint: 'Yıllık getirinin en büyük düşüşe oranı.',
    higherIsBetter: true,
  },
  beta: {
    label: 'Beta',
    format: 'number',
    hint: 'Fonun karşılaştırma ölçütündeki değişime duyarlılığı (risksiz faiz üstü getirilerle).',
    higherIsBetter: null,
  },
  alpha: {
    label: 'Alfa (yıllık)',
    format: 'percent',
    hint: 'Betayla açıklanamayan, yıllığa çevrilmiş fazla getiri (Jensen alfası).',
    higherIsBetter: true,
  },
  trackingError: {
    label: 'İzleme hatası',
    format: 'percent',
    hint: 'Fon ile ölçüt getirileri farkının yıllık standart sapması.',
    higherIsBetter: false,
  },
  informationRatio: {
    label: 'Bilgi oranı (yıllık)',
    format: 'number',
    hint: 'Ölçütün üzerindeki yıllık getirinin izleme hatasına oranı.',
    higherIsBetter: true,
  },
  upCapture: {
    label: 'Yukarı yakalama',
    format: 'number',
    hint: 'Ölçütün yükseldiği günlerde fonun bileşik getirisinin ölçütünkine oranı.',
    higherIsBetter: true,
  },
  downCapture: {
    label: 'Aşağı yakalama',
    format: 'number',
    hint: 'Ölçütün düştüğü günlerde fonun bileşik getirisinin ölçütünkine oranı (düşük iyi).',
    higherIsBetter: false,
  },
  skewness: {
    label: 'Çarpıklık',
    format: 'number',
    hint: 'Getiri dağılımının asimetrisi; negatif değer sol kuyruğun uzun olduğunu gösterir.',
    higherIsBetter: true,
  },
  excessKurtosis: {
    label: 'Fazla basıklık',
    format: 'number',
    hint: 'Normal dağılıma göre kalın kuyruk ölçüsü; yüksek değer uç getirilerin sık olduğunu gösterir.',
    higherIsBetter: false,
  },
  historicalVar: {
    label: 'Tarihsel RMD (1 gün)',
    format: 'percent',
    hint: 'Günlük getirilerin seçilen güven düzeyindeki tarihsel kayıp eşiği.',
    higherIsBetter: false,
  },
  historicalEs: {
    label: 'Beklenen kayıp (ES, 1 gün)',
    format: 'percent',
    hint: 'RMD eşiğini aşan günlerin ortalama kaybı.',
    higherIsBetter: false,
  },
} as const;
export type FundFigureKey = keyof typeof FUND_FIGURES;
export const FUND_FIGURE_KEYS = Object.keys(FUND_FIGURES) as FundFigureKey[];

export const PERIOD_RETURN_LABELS: Readonly<Record<string, string>> = {
  '1M': '1 Ay',
  '3M': '3 Ay',
  '6M': '6 Ay',
  YTD: 'Yılbaşından beri',
  '1Y': '1 Yıl',
  '3Y': '3 Yıl',
  '5Y': '5 Yıl',
};

const n = z.number().nullable();
export const FundStatisticsRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  observations: z.number().int(),
  figures: z.object(
    Object.fromEntries(FUND_FIGURE_KEYS.map((k) => [k, n])) as Record<FundFigureKey, typeof n>,
  ),
  drawdownPeakDate: z.string().nullable(),
  drawdownTroughDate: z.string().nullable(),
  drawdownRecoveryDate: z.string().nullable(),
  /** The latest official SPK risk value (TEFAS riskDegeri) on or before the end, with its date. */
  officialRiskValue: z.number().int().nullable().optional(),
  officialRiskDate: z.string().nullable().optional(),
  periodReturns: z.array(z.object({ period: z.string(), cumulative: n, annualized: n })),
  monthly: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), return: z.number() }),
  ),
  yearly: z.array(z.object({ year: z.number().int(), return: z.number() })),
  curve: z.object({
    dates: z.array(z.string()),
    cumulative: z.array(z.number()),
    drawdown: z.array(z.number()),
  }),
});
export type FundStatisticsRow = z.infer<typeof FundStatisticsRowSchema>;

export const RETURN_FREQUENCY_LABELS = {
  daily: 'Günlük',
  weekly: 'Haftalık',
  monthly: 'Aylık',
} as const;

export const FundStatisticsResultSchema = z.object({
  fromDate: z.string(),
  frequency: z.enum(['daily', 'weekly', 'monthly']).default('daily'),
  toDate: z.string(),
  riskFreeRatePct: z.number(),
  confidenceLevel: z.number(),
  funds: z.array(FundStatisticsRowSchema),
  benchmark: z
    .object({
      ticker: z.string(),
      name: z.string(),
      curve: z.object({
        dates: z.array(z.string()),
        cumulative: z.array(z.number()),
        drawdown: z.array(z.number()),
      }),
    })
    .nullable(),
  /** Rank of each fund on each figure (1 = best), where the figure has a direction. */
  ranks: z.record(z.string(), z.record(z.string(), z.number().int())),
  tables: ResultTablesSchema,
});
export type FundStatisticsResult = z.infer<typeof FundStatisticsResultSchema>;

export const fundStatisticsAnalysis = defineAnalysis({
  id: 'fund-statistics',
  module: 3,
  title: 'Fon İstatistikleri',
  runRoute: 'fund-statistics',
  resultRoute: 'fund-statistics-result',
  inputsSchema: FundStatisticsInputsSchema,
  resultSchema: FundStatisticsResultSchema,
});

// --- result tables (export and grids): each column's label, unit and format, written once ---

const MONTH_SHORT_LABELS = [
  'Oca',
  'Şub',
  'Mar',
  'Nis',
  'May',
  'Haz',
  'Tem',
  'Ağu',
  'Eyl',
  'Eki',
  'Kas',
  'Ara',
] as const;

export const FUND_STATISTICS_TABLES = {
  figures: defineTable('Fon İstatistikleri', [
    col('code', 'Fon Kodu', 'text'),
    col('name', 'Fon Adı', 'text'),
    col('firstDate', 'Başlangıç', 'date'),
    col('lastDate', 'Bitiş', 'date'),
    ...FUND_FIGURE_KEYS.map((key) => col(key, FUND_FIGURES[key].label, FUND_FIGURES[key].format)),
    col('officialRiskValue', 'Resmi Risk Değeri (TEFAS)', 'number'),
    ...Object.entries(PERIOD_RETURN_LABELS).map(([p, label]) =>
      col(`r${p}`, `Getiri ${label}`, 'percent'),
    ),
  ]),
  calendar: defineTable('Aylık Getiri Takvimi', [
    col('code', 'Fon Kodu', 'text'),
    col('year', 'Yıl', 'text'),
    ...MONTH_SHORT_LABELS.map((m, i) => col(`m${String(i + 1)}`, m, 'percent')),
    col('total', 'Yıl', 'percent'),
  ]),
};
