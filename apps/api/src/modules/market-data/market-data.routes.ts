import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CodeSchema,
  DateRangeQuerySchema,
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
import { sql, type Database } from '@fonrisk/db';
import { currentUser } from '../../http/access.ts';
import { listInstruments } from '../instruments/instruments.repository.ts';
import { SeriesNotFoundError } from './market-data.errors.ts';
import type { MarketFetchService } from './market-fetch.ts';
import { listSeries, seriesValues } from './series.repository.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Piyasa Verileri'];
const SEARCH_LIMIT = 50;

export const marketDataRoutes: FastifyPluginCallbackZod<{
  db: Database;
  fetcher: MarketFetchService;
}> = (app, { db, fetcher }, done) => {
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
      const found = await listInstruments(db, { q, limit: SEARCH_LIMIT });
      return {
        instruments: found.map((i) => ({
          code: i.code,
          name: i.name,
          mainType: i.mainType as InstrumentMainType,
          isin: i.isin,
          currency: i.currency,
        })),
        series: await listSeries(db, { q, limit: SEARCH_LIMIT }),
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
