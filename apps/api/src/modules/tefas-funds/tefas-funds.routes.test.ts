import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, eq, officialRiskValues, settings } from '@fonrisk/db';
import type { Problem, TefasFundList, TefasRiskValuesResult } from '@fonrisk/contracts';
import {
  fixture,
  startFixtureServer,
  type FixtureResponse,
  type FixtureServer,
  type RecordedRequest,
} from '../../connectors/testing/fixture-server.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { CONNECTORS_SETTING_KEY } from '../market-data/market-fetch.ts';
import { istanbulToday } from './tefas-funds.service.ts';

const json = async (file: string): Promise<FixtureResponse> => ({
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: await fixture(`tefas/${file}`),
});

/** TEFAS stand-in: recorded answers of the fund list and of AAK's profile; 'blocked' is the WAF. */
describe('TEFAS fund list and official risk values against recorded answers', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let server: FixtureServer;
  let blocked = false;

  async function answer(req: RecordedRequest): Promise<FixtureResponse> {
    if (blocked)
      return {
        status: 403,
        headers: { 'content-type': 'text/html' },
        body: await fixture('tefas/access-denied.html'),
      };
    if (req.path === '/api/funds/fonGetiriBazliBilgiGetir') {
      const body = JSON.parse(req.body) as { fonTipi: string; calismaTipi: number };
      expect(body).toMatchObject({ fonTipi: 'YAT', calismaTipi: 2 });
      return json('fonGetiriBazliBilgiGetir-YAT.json');
    }
    if (req.path === '/api/funds/fonProfilBilgiGetir') {
      const { fonKodu } = JSON.parse(req.body) as { fonKodu: string };
      return json(
        fonKodu === 'AAK' ? 'fonProfilBilgiGetir-AAK.json' : 'fonGnlBlgSiraliGetir-no-data.json',
      );
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
      value: { tefas: { baseUrl: `${server.baseUrl}api/funds/`, requestsPerMinute: 1000 } },
    });
  });
  beforeEach(() => {
    blocked = false;
    server.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  const list = (refresh: boolean) =>
    api.call('GET', `/api/market-data/tefas/funds?refresh=${String(refresh)}`, { token: observer });

  it('says there is no stored copy yet, then refreshes the list from TEFAS and stores it', async () => {
    const empty = (await list(false)).json<TefasFundList>();
    expect(empty).toMatchObject({ source: 'stored', items: [] });
    expect(empty.notice).toContain('Kayıtlı fon listesi yok');

    const fresh = await list(true);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const body = fresh.json<TefasFundList>();
    expect(body.source).toBe('tefas');
    expect(body.items.map((f) => [f.fundCode, f.category, f.listedRiskValue])).toEqual([
      ['AAK', 'Değişken Fon', 4],
      ['NNF', 'Para Piyasası Fonu', null],
      ['TTE', 'Hisse Senedi Fonu', 6],
    ]);
    expect(body.items[0]!.title).toBe('AK PORTFÖY ÇOKLU VARLIK DEĞİŞKEN FON');
  });

  it('answers with the stored copy, and says so, when TEFAS cannot be reached', async () => {
    blocked = true;
    const res = await list(true);
    expect(res.statusCode).toBe(200);
    const body = res.json<TefasFundList>();
    expect(body.source).toBe('stored');
    expect(body.notice).toContain("TEFAS'a ulaşılamadı; kayıtlı kopya gösteriliyor");
    expect(body.items.map((f) => f.fundCode)).toEqual(['AAK', 'NNF', 'TTE']);
  });

  it('imports official risk values, lists a changed value of the same day until confirmed, keeps history', async () => {
    const db = api.database.db;
    const today = istanbulToday();
    await db.insert(officialRiskValues).values({
      fundCode: 'AAK',
      date: '2025-01-03',
      riskValue: 5,
      source: 'TEFAS',
    });
    const post = (body: object, token = runner) =>
      api.call('POST', '/api/market-data/tefas/risk-values', { token, body });
    expect((await post({ fundCodes: ['AAK'] }, observer)).statusCode).toBe(403);

    const first = await post({ fundCodes: ['AAK', 'YOKFON'] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TefasRiskValuesResult>()).toEqual({
      date: today,
      inserted: 1,
      unchanged: 0,
      changed: [],
      missing: ['YOKFON'],
      classChanges: [{ fundCode: 'AAK', previousDate: '2025-01-03', previous: 5, now: 4 }],
    });
    // Someone stored another value for today: TEFAS's 4 is listed, not written, until confirmed.
    await db
      .update(officialRiskValues)
      .set({ riskValue: 3 })
      .where(eq(officialRiskValues.date, today));
    const refused = (await post({ fundCodes: ['AAK'] })).json<TefasRiskValuesResult>();
    expect(refused.changed).toEqual([{ key: 'AAK', date: today, stored: 3, fetched: 4 }]);
    const kept = await db
      .select()
      .from(officialRiskValues)
      .where(eq(officialRiskValues.date, today));
    expect(kept[0]!.riskValue).toBe(3);
    await post({ fundCodes: ['AAK'], acceptChanges: true });
    const rows = await db
      .select()
      .from(officialRiskValues)
      .where(eq(officialRiskValues.fundCode, 'AAK'));
    expect(rows.map((r) => [r.date, r.riskValue]).sort()).toEqual([
      ['2025-01-03', 5],
      [today, 4],
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market-data.tefas-risk-values'));
    expect(audit.length).toBe(3);

    // The fund list shows the latest official value beside the listed one.
    const listed = (await list(false))
      .json<TefasFundList>()
      .items.find((f) => f.fundCode === 'AAK')!;
    expect(listed).toMatchObject({
      officialRiskValue: 4,
      officialRiskDate: today,
      listedRiskValue: 4,
    });
  });

  it('answers 503 in Turkish and writes nothing when TEFAS cannot be reached', async () => {
    blocked = true;
    const res = await api.call('POST', '/api/market-data/tefas/risk-values', {
      token: runner,
      body: { fundCodes: ['TTE'] },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json<Problem>().detail).toContain("TEFAS'a ulaşılamadı; hiçbir kayıt değişmedi.");
    const rows = await api.database.db
      .select()
      .from(officialRiskValues)
      .where(eq(officialRiskValues.fundCode, 'TTE'));
    expect(rows).toEqual([]);
  });
});
