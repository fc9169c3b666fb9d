import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CodeSchema,
  DateRangeQuerySchema,
  DerivedValueSchema,
  MarketDataValidationSchema,
  MarketSeriesKindSchema,
  QualityFilterSchema,
  SeriesCreateSchema,
  SeriesDetailSchema,
  SeriesQualityDetailSchema,
  SeriesQualitySchema,
  SeriesUpdateSchema,
  FetchResultSchema,
  FxRatesQuerySchema,
  FxRateViewSchema,
  RUN_ROLES,
  SearchQuerySchema,
  SearchResultSchema,
  SeriesListQuerySchema,
  SeriesSummarySchema,
  SeriesValueSchema,
  TcmbFetchRequestSchema,
  TefasFetchRequestSchema,
  type InstrumentMainType,
  type SearchResult,
} from '@fonrisk/contracts';
import { readSeriesValues, sql, type Database } from '@fonrisk/db';
import { currentUser } from '../../http/access.ts';
import { listInstruments } from '../instruments/instruments.repository.ts';
import { SeriesNotFoundError } from './market-data.errors.ts';
import type { MarketFetchService } from './market-fetch.ts';
import { matchesFilter } from './quality.ts';
import { seriesQualityService } from './quality.service.ts';
import { listSeries, seriesValues } from './series.repository.ts';
import type { SeriesService } from './series.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Piyasa Verileri'];
const SEARCH_LIMIT = 50;

const TickerParams = z.object({ ticker: CodeSchema });
const QualityQuerySchema = z.object({
  kind: MarketSeriesKindSchema.optional(),
  filter: QualityFilterSchema.optional(),
});

export const marketDataRoutes: FastifyPluginCallbackZod<{
  db: Database;
  fetcher: MarketFetchService;
  series: SeriesService;
  now?: () => number;
}> = (app, { db, fetcher, series, now = Date.now }, done) => {
  const quality = seriesQualityService(db, now);

  app.post('/series', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Piyasa serisi oluştur',
      body: SeriesCreateSchema,
      response: { 200: SeriesDetailSchema },
    },
    handler: (request) => series.create(currentUser(request), request.body),
  });

  app.get('/series/quality', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Serilerin veri kalitesi (eksik günler, donmuş değerler, sıçramalar, son tarih)',
      querystring: QualityQuerySchema,
      response: { 200: z.array(SeriesQualitySchema) },
    },
    handler: async (request) =>
      (await quality.ofKind(request.query.kind))
        .filter((q) => matchesFilter(q, request.query.filter))
        .map(({ ticker, lastDate, staleDays, gaps, staleRuns, jumps }) => ({
          ticker,
          lastDate,
          staleDays,
          gaps,
          staleRuns,
          jumps,
        })),
  });

  app.get('/market-data/validation-settings', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Veri doğrulama kuralları (sıçrama sınırları, faiz bandı)',
      response: { 200: MarketDataValidationSchema },
    },
    handler: () => series.getValidation(),
  });

  app.put('/market-data/validation-settings', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Veri doğrulama kurallarını kaydet',
      body: MarketDataValidationSchema,
      response: { 200: MarketDataValidationSchema },
    },
    handler: (request) => series.putValidation(currentUser(request), request.body),
  });

  app.get('/series/:ticker', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Piyasa serisi',
      params: TickerParams,
      response: { 200: SeriesDetailSchema },
    },
    handler: (request) => series.get(request.params.ticker),
  });

  app.put('/series/:ticker', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Piyasa serisini değiştir, kullanımdan kaldır veya yeniden etkinleştir',
      params: TickerParams,
      body: SeriesUpdateSchema,
      response: { 200: SeriesDetailSchema },
    },
    handler: (request) => series.update(currentUser(request), request.params.ticker, request.body),
  });

  app.get('/series/:ticker/quality', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Bir serinin veri kalitesi ayrıntısı',
      params: TickerParams,
      response: { 200: SeriesQualityDetailSchema },
    },
    handler: async (request) => {
      const detail = await series.get(request.params.ticker);
      const found = await quality.ofSeries(detail.kind, detail.ticker);
      if (!found) throw new SeriesNotFoundError(detail.ticker);
      return found;
    },
  });

  app.get('/series/:ticker/derived', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Ham, düzeltilmiş ve toplam getiri değerleri',
      params: TickerParams,
      querystring: DateRangeQuerySchema,
      response: { 200: z.array(DerivedValueSchema) },
    },
    handler: async (request) => {
      const { ticker } = request.params;
      await series.get(ticker);
      const { from, to } = request.query;
      const [raw, adjusted, total] = await Promise.all(
        (['raw', 'adjusted', 'totalReturn'] as const).map((basis) =>
          readSeriesValues(db, { tickers: [ticker], from, to, basis }),
        ),
      );
      return raw!.map((p, i) => ({
        date: p.date,
        raw: p.value,
        adjusted: adjusted![i]!.value,
        totalReturn: total![i]!.value,
      }));
    },
  });

  app.get('/series', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Piyasa serileri',
      querystring: SeriesListQuerySchema,
      response: { 200: z.array(SeriesSummarySchema) },
    },
    handler: (request) => listSeries(db, request.query),
  });

  app.get('/series/:ticker/values', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Serinin günlük değerleri',
      params: z.object({ ticker: CodeSchema }),
      querystring: DateRangeQuerySchema,
      response: { 200: z.array(SeriesValueSchema) },
    },
    handler: async (request) => {
      const { ticker } = request.params;
      if ((await listSeries(db, { tickers: [ticker] })).length === 0)
        throw new SeriesNotFoundError(ticker);
      return seriesValues(db, ticker, request.query.from, request.query.to);
    },
  });

  app.get('/search', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Araç ve seri ara (kod, ISIN, ad)',
      querystring: SearchQuerySchema,
      response: { 200: SearchResultSchema },
    },
    handler: async (request): Promise<SearchResult> => {
      const { q } = request.query;
      const found = await listInstruments(db, { q, limit: SEARCH_LIMIT, offset: 0 });
      return {
        instruments: found.map((i) => ({
          code: i.code,
          name: i.name,
          mainType: i.mainType as InstrumentMainType,
          isin: i.isin,
          currency: i.currency,
        })),
        // Retired series are found too (marked), so that they can be reactivated.
        series: await listSeries(db, { q, limit: SEARCH_LIMIT, includeRetired: true }),
      };
    },
  });

  app.get('/fx-rates', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Döviz kurları (TL karşılığı)',
      querystring: FxRatesQuerySchema,
      response: { 200: z.array(FxRateViewSchema) },
    },
    handler: async (request) => {
      const { currency, from, to } = request.query;
      const result = await db.execute(sql`
        SELECT currency, to_char(date, 'YYYY-MM-DD') AS date, forex_buying, forex_selling, banknote_buying, banknote_selling
        FROM fx_rates WHERE (${currency ?? null}::text IS NULL OR currency = ${currency ?? null})
          AND date >= ${from ?? '0001-01-01'} AND date <= ${to ?? '9999-12-31'}
        ORDER BY currency, date`);
      const n = (v: unknown) => (v === null ? null : Number(v));
      return result.rows.map((r) => ({
        currency: String(r.currency),
        date: String(r.date),
        forexBuying: n(r.forex_buying),
        forexSelling: n(r.forex_selling),
        banknoteBuying: n(r.banknote_buying),
        banknoteSelling: n(r.banknote_selling),
      }));
    },
  });

  app.post('/market-data/tcmb/fetch', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'TCMB kurlarını çek',
      body: TcmbFetchRequestSchema,
      response: { 200: FetchResultSchema },
    },
    handler: (request) =>
      fetcher.tcmb(currentUser(request), request.body.date, request.body.acceptChanges),
  });

  app.post('/market-data/tefas/fetch', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'TEFAS fon fiyatlarını çek',
      body: TefasFetchRequestSchema,
      response: { 200: FetchResultSchema },
    },
    handler: (request) => {
      const { fundCodes, from, to, acceptChanges } = request.body;
      return fetcher.tefas(currentUser(request), fundCodes, from, to, acceptChanges);
    },
  });
  done();
};
