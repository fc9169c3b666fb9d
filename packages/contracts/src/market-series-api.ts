import { z } from 'zod';
import { InstrumentMainTypeSchema } from './instruments.ts';
import { MarketSeriesKindSchema } from './market-data.ts';
import { CodeSchema, CurrencyCodeSchema, IsoDateSchema } from './market-values.ts';

/** GET series?q=&kind= */
export const SeriesListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  kind: MarketSeriesKindSchema.optional(),
  /** Retired series are listed only when asked for. */
  includeRetired: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const SeriesSummarySchema = z.object({
  ticker: z.string(),
  name: z.string(),
  kind: MarketSeriesKindSchema,
  currency: z.string(),
  tenorDays: z.number().int().nullable(),
  unit: z.string().nullable(),
  source: z.string(),
  instrumentCode: z.string().nullable(),
  retired: z.boolean(),
  firstDate: IsoDateSchema.nullable(),
  lastDate: IsoDateSchema.nullable(),
  count: z.number().int(),
});
export type SeriesSummary = z.infer<typeof SeriesSummarySchema>;

/** GET series/{ticker}/values?from=&to= and GET fx-rates?currency=&from=&to= */
export const DateRangeQuerySchema = z.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export const FxRatesQuerySchema = DateRangeQuerySchema.extend({
  currency: CurrencyCodeSchema.optional(),
});

export const SeriesValueSchema = z.object({ date: IsoDateSchema, value: z.number() });
export type SeriesValue = z.infer<typeof SeriesValueSchema>;

export const FxRateViewSchema = z.object({
  currency: z.string(),
  date: IsoDateSchema,
  forexBuying: z.number().nullable(),
  forexSelling: z.number().nullable(),
  banknoteBuying: z.number().nullable(),
  banknoteSelling: z.number().nullable(),
});
export type FxRateView = z.infer<typeof FxRateViewSchema>;

/** GET search?q= : code, ISIN or name, case- and diacritic-insensitive, at most 50 each. */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'aranacak metin gerekli' }).max(100),
});

export const SearchResultSchema = z.object({
  instruments: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      mainType: InstrumentMainTypeSchema,
      isin: z.string().nullable(),
      currency: z.string(),
    }),
  ),
  series: z.array(SeriesSummarySchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** POST market-data/tcmb/fetch: the bulletin of `date` (default today), walking back over holidays. */
/** Strict: a body of unknown keys is a mistake, not a request for today's rates. */
export const TcmbFetchRequestSchema = z
  .object({
    date: IsoDateSchema.optional(),
    acceptChanges: z.boolean().default(false),
  })
  .strict();
export type TcmbFetchRequest = z.infer<typeof TcmbFetchRequestSchema>;

/** POST market-data/tefas/fetch */
export const TefasFetchRequestSchema = z
  .object({
    fundCodes: z.array(CodeSchema).min(1, { error: 'en az bir fon kodu gerekli' }).max(50),
    from: IsoDateSchema,
    to: IsoDateSchema,
    acceptChanges: z.boolean().default(false),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'başlangıç tarihinden önce olamaz' });
export type TefasFetchRequest = z.infer<typeof TefasFetchRequestSchema>;

/**
 * What a fetch did. `changed` lists stored points whose fetched value differs (key: ticker, or
 * `USD.forexBuying` style for FX rates); they are overwritten only when `acceptChanges` was true.
 */
export const FetchResultSchema = z.object({
  inserted: z.number().int(),
  unchanged: z.number().int(),
  changed: z.array(
    z.object({ key: z.string(), date: IsoDateSchema, stored: z.number(), fetched: z.number() }),
  ),
});
export type FetchResult = z.infer<typeof FetchResultSchema>;
