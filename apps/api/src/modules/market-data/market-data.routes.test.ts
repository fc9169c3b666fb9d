import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, fxRates, instruments, marketSeries, settings, sql } from '@fonrisk/db';
import type { FetchResult, FxRateView, SearchResult, SeriesSummary } from '@fonrisk/contracts';
import {
  fixture,
  startFixtureServer,
  type FixtureServer,
} from '../../connectors/testing/fixture-server.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData } from '../data-imports/test-support.ts';

const P = 'M';

describe('market data: series, search, FX rates and the TCMB fetch', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let server: FixtureServer | undefined;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
    await api.database.db.insert(instruments).values({
      code: `${P}ISIN1`,
      name: 'Işıklı Çelik Sanayi',
      mainType: 'stock',
      currency: 'TRY',
      isin: 'TRAEREGL91G3',
      terms: { kind: 'none' },
    });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => api.close());

  it('searches instruments by name without case or Turkish diacritics, and by ISIN', async () => {
    const byName = (
      await api.call('GET', `/api/search?q=${encodeURIComponent('ISIKLI CELIK')}`, {
        token: observer,
      })
    ).json<SearchResult>();
    expect(byName.instruments.map((i) => i.code)).toEqual([`${P}ISIN1`]);
    const byIsin = (
      await api.call('GET', '/api/search?q=traeregl', { token: observer })
    ).json<SearchResult>();
    expect(byIsin.instruments[0]).toMatchObject({ code: `${P}ISIN1`, isin: 'TRAEREGL91G3' });
    const series = (
      await api.call('GET', `/api/search?q=${encodeURIComponent('ikinci hisse')}`, {
        token: observer,
      })
    ).json<SearchResult>();
    expect(series.series.map((s) => s.ticker)).toContain(`${P}HIS2`);
    const listed = (
      await api.call('GET', `/api/series?q=${P}HIS&kind=price`, { token: observer })
    ).json<SeriesSummary[]>();
    expect(listed.map((s) => s.ticker)).toEqual([`${P}HIS1`, `${P}HIS2`]);
  });

  it('stores a TCMB bulletin, reports a changed stored value without overwriting it, and overwrites on acceptChanges', async () => {
    server = await startFixtureServer(async (req) => {
      try {
        return { headers: { 'content-type': 'text/xml' }, body: await fixture(`tcmb${req.path}`) };
      } catch {
        return {
          status: 404,
          headers: { 'content-type': 'text/html' },
          body: await fixture('tcmb/not-found.html'),
        };
      }
    });
    // The demo data set may hold (fictional) rates for the day: start from an empty day.
    await api.database.db.execute(sql`DELETE FROM fx_rates WHERE date = '2025-01-03'`);
    await api.database.db
      .insert(settings)
      .values({ key: 'connectors', value: { tcmb: { baseUrl: server.baseUrl } } });
    expect(
      (
        await api.call('POST', '/api/market-data/tcmb/fetch', {
          token: observer,
          body: { date: '2025-01-03' },
        })
      ).statusCode,
    ).toBe(403);

    const first = await api.call('POST', '/api/market-data/tcmb/fetch', {
      token: runner,
      body: { date: '2025-01-03' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstResult = first.json<FetchResult>();
    expect(firstResult.inserted).toBeGreaterThan(0);
    expect(firstResult.changed).toEqual([]);
    const usd = () =>
      api.database.db
        .select()
        .from(fxRates)
        .where(and(eq(fxRates.currency, 'USD'), eq(fxRates.date, '2025-01-03')));
    expect((await usd())[0]).toMatchObject({ forexBuying: 35.3388, forexSelling: 35.4025 });

    await api.database.db.execute(
      sql`UPDATE fx_rates SET forex_buying = 35 WHERE currency = 'USD' AND date = '2025-01-03'`,
    );
    const second = (
      await api.call('POST', '/api/market-data/tcmb/fetch', {
        token: runner,
        body: { date: '2025-01-03' },
      })
    ).json<FetchResult>();
    expect(second.inserted).toBe(0);
    expect(second.changed).toEqual([
      { key: 'USD.forexBuying', date: '2025-01-03', stored: 35, fetched: 35.3388 },
    ]);
    expect((await usd())[0]!.forexBuying, 'not overwritten silently').toBe(35);

    const accepted = await api.call('POST', '/api/market-data/tcmb/fetch', {
      token: runner,
      body: { date: '2025-01-03', acceptChanges: true },
    });
    expect(accepted.json<FetchResult>().changed).toHaveLength(1);
    expect((await usd())[0]!.forexBuying).toBe(35.3388);

    const rates = (
      await api.call('GET', '/api/fx-rates?currency=USD&from=2025-01-03&to=2025-01-03', {
        token: observer,
      })
    ).json<FxRateView[]>();
    expect(rates).toEqual([
      expect.objectContaining({ currency: 'USD', date: '2025-01-03', forexBuying: 35.3388 }),
    ]);
  });

  it('answers 404 for the values of an unknown series', async () => {
    expect(
      (await api.call('GET', '/api/series/YOKSERI/values', { token: observer })).statusCode,
    ).toBe(404);
    expect(
      await api.database.db.select().from(marketSeries).where(eq(marketSeries.ticker, 'YOKSERI')),
    ).toEqual([]);
  });
});
