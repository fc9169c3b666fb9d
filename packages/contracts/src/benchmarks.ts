import { z } from 'zod';
import { CodeSchema, IsoDateSchema, TextSchema } from './market-values.ts';
import { PriceBasisSchema } from './market-data-admin.ts';

export const BenchmarkKindSchema = z.enum(['composite', 'holdings'], {
  error: 'bileşik veya portföy tabanlı olmalı',
});
export type BenchmarkKind = z.infer<typeof BenchmarkKindSchema>;
export const RebalancingSchema = z.enum(['daily', 'monthly', 'quarterly', 'annual'], {
  error: 'geçerli bir yeniden dengeleme sıklığı değil',
});
export type Rebalancing = z.infer<typeof RebalancingSchema>;
export const REBALANCING_LABELS: Readonly<Record<Rebalancing, string>> = {
  daily: 'Günlük',
  monthly: 'Aylık',
  quarterly: 'Üç Aylık',
  annual: 'Yıllık',
};
export const BENCHMARK_KIND_LABELS: Readonly<Record<BenchmarkKind, string>> = {
  composite: 'Bileşik Endeks',
  holdings: 'Portföy Tabanlı',
};

const ComponentSchema = z.object({
  seriesTicker: CodeSchema,
  weightPct: z
    .number({ error: 'sayı değil' })
    .gt(0, { error: 'sıfırdan büyük olmalı' })
    .max(100, { error: 'en fazla 100 olabilir' }),
});

export const BenchmarkSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: BenchmarkKindSchema,
  rebalancing: RebalancingSchema,
  components: z.array(z.object({ seriesTicker: z.string(), weightPct: z.number() })),
  holdingsPortfolioCode: z.string().nullable(),
});
export type Benchmark = z.infer<typeof BenchmarkSchema>;

/** Tolerance on the sum of composite weights (percent). */
export const WEIGHT_SUM_TOLERANCE = 0.0001;

/**
 * POST benchmarks and PUT benchmarks/{code} (the code in the body must equal the path's). A
 * composite benchmark has components whose weights sum to 100; a holdings benchmark names the
 * portfolio whose holdings it follows.
 */
export const BenchmarkRequestSchema = z
  .object({
    code: CodeSchema,
    name: TextSchema.trim().min(1, { error: 'boş olamaz' }),
    kind: BenchmarkKindSchema,
    rebalancing: RebalancingSchema,
    components: z.array(ComponentSchema),
    holdingsPortfolioCode: CodeSchema.nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'composite') {
      const sum = b.components.reduce((s, c) => s + c.weightPct, 0);
      if (b.components.length === 0 || Math.abs(sum - 100) > WEIGHT_SUM_TOLERANCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['components'],
          message: `bileşen ağırlıklarının toplamı 100 olmalı (şu an ${sum})`,
        });
      }
      const tickers = b.components.map((c) => c.seriesTicker);
      if (new Set(tickers).size !== tickers.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['components'],
          message: 'aynı seri iki kez kullanılamaz',
        });
      }
    } else if (!b.holdingsPortfolioCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['holdingsPortfolioCode'],
        message: 'portföy tabanlı karşılaştırma ölçütünde portföy seçilmeli',
      });
    }
  });
export type BenchmarkRequest = z.infer<typeof BenchmarkRequestSchema>;

/** GET benchmarks/{code}/returns?from=&to= */
export const BenchmarkReturnsQuerySchema = z.object({ from: IsoDateSchema, to: IsoDateSchema });

/** `return` is the simple daily return (0.01 = %1); `index` starts at 100 on `from`. */
export const BenchmarkReturnPointSchema = z.object({
  date: IsoDateSchema,
  return: z.number(),
  index: z.number(),
});
export type BenchmarkReturnPoint = z.infer<typeof BenchmarkReturnPointSchema>;

/**
 * An instrument of a holdings benchmark's portfolio that could not be priced over the period
 * (no ticker mapping, no series value, or no FX rate for the series' currency); it is held at
 * its snapshot value, i.e. at a zero return. `reason` is Turkish, for the user.
 */
export const BenchmarkUnmappedInstrumentSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  /** Largest share of NAV (percent) in any snapshot the period used. */
  maxWeightPct: z.number(),
  reason: z.string(),
});
export type BenchmarkUnmappedInstrument = z.infer<typeof BenchmarkUnmappedInstrumentSchema>;

/**
 * GET benchmarks/{code}/returns: the points (index 100 on the first date) and, for a holdings
 * benchmark, the instruments carried at a zero return (always empty for a composite).
 */
export const BenchmarkReturnsSchema = z.object({
  points: z.array(BenchmarkReturnPointSchema),
  unmapped: z.array(BenchmarkUnmappedInstrumentSchema),
  /**
   * Which prices the returns came from: benchmarks serve performance and risk value, so share
   * prices are read as total return (dividends reinvested; PRICE_BASIS_BY_CONVENTION); index,
   * FX and rate series have no corporate actions and read the same under every basis.
   */
  priceBasis: PriceBasisSchema,
});
export type BenchmarkReturns = z.infer<typeof BenchmarkReturnsSchema>;

/** GET reference-benchmarks */
export const ReferenceBenchmarkSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  benchmarkCode: z.string().nullable(),
});
export type ReferenceBenchmark = z.infer<typeof ReferenceBenchmarkSchema>;

/** PUT reference-benchmarks/{portfolioCode} */
export const ReferenceBenchmarkRequestSchema = z.object({ benchmarkCode: CodeSchema.nullable() });
export type ReferenceBenchmarkRequest = z.infer<typeof ReferenceBenchmarkRequestSchema>;
