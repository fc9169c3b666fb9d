import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, auditLog, eq, marketSeries, marketValues, settings, sql } from '@fonrisk/db';
import type { FetchResult, Problem } from '@fonrisk/contracts';
import {
  fixture,
  startFixtureServer,
  type FixtureResponse,
  type FixtureServer,
  type RecordedRequest,
} from '../../connectors/testing/fixture-server.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { CONNECTORS_SETTING_KEY } from './market-fetch.ts';

const json = async (file: string): Promise<FixtureResponse> => ({
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: await fixture(`tefas/${file}`),
});
const denied = async (): Promise<FixtureResponse> => ({
  status: 403,
  headers: { 'content-type': 'text/html' },
  body: await fixture('tefas/access-denied.html'),
});

/** What the TEFAS stand-in does: recorded answers for AAK, "no data" for any other fund. */
type Mode = 'json' | 'jsonBlocked' | 'allBlocked';

const PERIOD = { from: '2025-01-02', to: '2025-01-06' } as const;
const AAK_PRICES = [
  ['2025-01-02', 21.498735],
  ['2025-01-03', 21.512044],
  ['2025-01-06', 21.530871],
] as const;

describe('POST market-data/tefas/fetch against recorded TEFAS answers', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let server: FixtureServer;
  let mode: Mode = 'json';

  async function answer(req: RecordedRequest): Promise<FixtureResponse> {
    if (req.path === '/api/funds/fonGnlBlgSiraliGetir') {
      if (mode !== 'json') return denied();
      const { fonKodu } = JSON.parse(req.body) as { fonKodu: string };
      return json(
        fonKodu === 'AAK' ? 'fonGnlBlgSiraliGetir-AAK.json' : 'fonGnlBlgSiraliGetir-no-data.json',
      );
    }
    if (req.path === '/TarihselVeriler.aspx')
      return {
        headers: { 'set-cookie': 'ASP.NET_SessionId=abc123; path=/' },
        body: '<html></html>',
      };
    if (req.path === '/api/DB/BindHistoryInfo') {
      if (mode === 'allBlocked') return { body: '<html>Bakım</html>' };
      return req.headers.cookie === 'ASP.NET_SessionId=abc123'
        ? json('BindHistoryInfo-AAK.json')
        : { status: 403, body: '' };
    }
    return { status: 404, body: '' };
  }

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    server = await startFixtureServer(answer);
    await api.database.db.insert(settings).values({
      key: CONNECTORS_SETTING_KEY,
      value: {
        tefas: {
          baseUrl: `${server.baseUrl}api/funds/`,
          legacyBaseUrl: `${server.baseUrl}api/DB/`,
          legacySessionUrl: `${server.baseUrl}TarihselVeriler.aspx`,
          requestsPerMinute: 1000,
        },
      },
    });
  });
  beforeEach(() => {
    mode = 'json';
    server.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  const fetchFunds = (body: object, token = runner) =>
    api.call('POST', '/api/market-data/tefas/fetch', { token, body: { ...PERIOD, ...body } });
  const stored = async (ticker: string) =>
    (
      await api.database.db
        .select({ date: marketValues.date, value: marketValues.value })
        .from(marketValues)
        .where(eq(marketValues.ticker, ticker))
        .orderBy(marketValues.date)
    ).map((r) => [r.date, r.value]);

  it('refuses observers before asking TEFAS', async () => {
    expect((await fetchFunds({ fundCodes: ['AAK'] }, observer)).statusCode).toBe(403);
    expect(server.requests).toEqual([]);
  });

  it('stores new prices under the fund code as a price series and audits the fetch', async () => {
    const res = await fetchFunds({ fundCodes: ['AAK'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FetchResult>()).toEqual({ inserted: 3, unchanged: 0, changed: [] });
    expect(await stored('AAK')).toEqual(AAK_PRICES);
    const [series] = await api.database.db
      .select()
      .from(marketSeries)
      .where(eq(marketSeries.ticker, 'AAK'));
    expect(series).toMatchObject({
      name: 'AK PORTFÖY ÇOKLU VARLIK DEĞİŞKEN FON',
      kind: 'price',
      currency: 'TRY',
    });
    const [audit] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market-data.tefas-fetch'));
    expect(audit?.after).toMatchObject({
      inserted: 3,
      acceptChanges: false,
      endpoints: [{ fundCode: 'AAK', ...PERIOD, endpoint: 'json' }],
    });
  });

  it('counts an identical answer as unchanged', async () => {
    expect((await fetchFunds({ fundCodes: ['AAK'] })).json<FetchResult>()).toEqual({
      inserted: 0,
      unchanged: 3,
      changed: [],
    });
  });

  it('reports a changed stored price without overwriting it, and overwrites it on acceptChanges', async () => {
    const jan3 = and(eq(marketValues.ticker, 'AAK'), eq(marketValues.date, '2025-01-03'));
    await api.database.db.update(marketValues).set({ value: 21 }).where(jan3);

    const reported = (await fetchFunds({ fundCodes: ['AAK'] })).json<FetchResult>();
    expect(reported).toEqual({
      inserted: 0,
      unchanged: 2,
      changed: [{ key: 'AAK', date: '2025-01-03', stored: 21, fetched: 21.512044 }],
    });
    expect((await stored('AAK'))[1], 'not overwritten silently').toEqual(['2025-01-03', 21]);

    const accepted = (
      await fetchFunds({ fundCodes: ['AAK'], acceptChanges: true })
    ).json<FetchResult>();
    expect(accepted.changed).toEqual(reported.changed);
    expect(await stored('AAK')).toEqual(AAK_PRICES);
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market-data.tefas-fetch'));
    expect(audits.at(-1)?.after).toMatchObject({ acceptChanges: true, changed: reported.changed });
  });

  it('falls back to the legacy endpoint when the JSON API is blocked, storing the same Istanbul dates', async () => {
    await api.database.db.execute(sql`DELETE FROM market_values WHERE ticker = 'AAK'`);
    mode = 'jsonBlocked';
    const res = await fetchFunds({ fundCodes: ['AAK'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FetchResult>()).toEqual({ inserted: 3, unchanged: 0, changed: [] });
    expect(await stored('AAK')).toEqual(AAK_PRICES);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/funds/fonGnlBlgSiraliGetir',
      '/TarihselVeriler.aspx',
      '/api/DB/BindHistoryInfo',
    ]);
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market-data.tefas-fetch'));
    expect(audits.at(-1)?.after).toMatchObject({
      endpoints: [{ fundCode: 'AAK', endpoint: 'legacy' }],
    });
  });

  it('answers an empty result for an unknown fund code, creating no series', async () => {
    const res = await fetchFunds({ fundCodes: ['YOKFON'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FetchResult>()).toEqual({ inserted: 0, unchanged: 0, changed: [] });
    expect(
      await api.database.db.select().from(marketSeries).where(eq(marketSeries.ticker, 'YOKFON')),
    ).toEqual([]);
    expect(
      server.requests,
      '"no data" is an answer, not a reason to try the legacy endpoint',
    ).toHaveLength(1);

    const mixed = (await fetchFunds({ fundCodes: ['YOKFON', 'AAK'] })).json<FetchResult>();
    expect(mixed).toEqual({ inserted: 0, unchanged: 3, changed: [] });
  });

  it('answers 503 with both failures in Turkish when TEFAS cannot be reached, writing nothing', async () => {
    await api.database.db.execute(sql`DELETE FROM market_values WHERE ticker = 'AAK'`);
    mode = 'allBlocked';
    const res = await fetchFunds({ fundCodes: ['AAK'] });
    expect(res.statusCode).toBe(503);
    expect(res.json<Problem>().detail).toMatch(
      /^TEFAS fon fiyatları 02\.01\.2025 - 06\.01\.2025 için alınamadı/,
    );
    expect(await stored('AAK')).toEqual([]);
  });
});
