import { afterEach, describe, expect, it } from 'vitest';
import { ConnectorFormatError, TefasApiError, TefasUnavailableError } from './errors.ts';
import type { Clock } from './http.ts';
import { DEFAULT_CONNECTOR_SETTINGS, type ConnectorSettings } from './settings.ts';
import { TefasFundPriceSource } from './tefas.ts';
import {
  fixture,
  startFixtureServer,
  type FixtureResponse,
  type FixtureRoute,
  type FixtureServer,
} from './testing/fixture-server.ts';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const json = async (file: string, status = 200): Promise<FixtureResponse> => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: await fixture(`tefas/${file}`),
});
const deniedPage = async (): Promise<FixtureResponse> => ({
  status: 403,
  headers: { 'content-type': 'text/html' },
  body: await fixture('tefas/access-denied.html'),
});

/** A TEFAS stand-in: `jsonApi` answers /api/funds/…, the legacy endpoint and session page behave like TEFAS. */
function tefas(
  jsonApi: FixtureRoute,
  legacy: FixtureRoute = () => json('BindHistoryInfo-AAK.json'),
): FixtureRoute {
  return (req) => {
    if (req.path === '/api/funds/fonGnlBlgSiraliGetir') return jsonApi(req);
    if (req.path === '/TarihselVeriler.aspx') {
      return {
        headers: {
          'set-cookie': ['ASP.NET_SessionId=abc123; path=/; HttpOnly', 'TS01=xyz; Path=/'],
        },
        body: '<html></html>',
      };
    }
    if (req.path === '/api/DB/BindHistoryInfo') {
      if (req.headers.cookie !== 'ASP.NET_SessionId=abc123; TS01=xyz')
        return { status: 403, body: 'no session' };
      return legacy(req);
    }
    return { status: 404, body: '' };
  };
}

async function source(
  route: FixtureRoute,
  overrides: Partial<ConnectorSettings['tefas']> = {},
  clock?: Clock,
) {
  server = await startFixtureServer(route);
  const settings: ConnectorSettings['tefas'] = {
    ...DEFAULT_CONNECTOR_SETTINGS.tefas,
    baseUrl: `${server.baseUrl}api/funds/`,
    legacyBaseUrl: `${server.baseUrl}api/DB/`,
    legacySessionUrl: `${server.baseUrl}TarihselVeriler.aspx`,
    requestsPerMinute: 1000,
    ...overrides,
  };
  return new TefasFundPriceSource(settings, fetch, clock);
}

const query = { fundCode: 'AAK', from: '2025-01-02', to: '2025-01-06' } as const;

describe('TefasFundPriceSource', () => {
  it('asks the JSON API with every required body key and reads its result list', async () => {
    const api = await source(tefas(() => json('fonGnlBlgSiraliGetir-AAK.json')));
    const result = await api.getFundPrices(query);
    const [req] = server?.requests ?? [];
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      fonTipi: 'YAT',
      fonKodu: 'AAK',
      aramaMetni: null,
      fonTurKod: null,
      fonGrubu: null,
      sfonTurKod: null,
      fonTurAciklama: null,
      kurucuKod: null,
      basTarih: '20250102',
      bitTarih: '20250106',
      basSira: 1,
      bitSira: 100000,
      dil: 'TR',
      sFonTurKod: '',
      fonKod: '',
      fonGrup: '',
      fonUnvanTip: '',
    });
    expect(result.periods).toEqual([{ from: '2025-01-02', to: '2025-01-06', endpoint: 'json' }]);
    expect(result.prices[0]).toEqual({
      fundCode: 'AAK',
      fundTitle: 'AK PORTFÖY ÇOKLU VARLIK DEĞİŞKEN FON',
      date: '2025-01-02',
      price: 21.498735,
      sharesOutstanding: 10234567,
      investorCount: 1523,
      totalValue: 220031456.12,
    });
    expect(result.prices.map((p) => p.date)).toEqual(['2025-01-02', '2025-01-03', '2025-01-06']);
  });

  it('treats "Index 0 out of bounds" as no data, without asking the legacy endpoint', async () => {
    const api = await source(tefas(() => json('fonGnlBlgSiraliGetir-no-data.json')));
    const result = await api.getFundPrices(query);
    expect(result.prices).toEqual([]);
    expect(server?.requests).toHaveLength(1);
  });

  it.each([
    ['an error envelope', () => json('fonGnlBlgSiraliGetir-null-pointer.json')],
    ['a WAF page with 403', deniedPage],
    ['an HTML page with 200', async () => ({ ...(await deniedPage()), status: 200 })],
    ['a body that is not JSON', () => ({ body: '{"errorCode":null,"resultList":[{"fonKodu":"AA' })],
  ])(
    'falls back to the legacy endpoint after %s, converting TARIH in Istanbul time',
    async (_what, answer) => {
      const api = await source(tefas(answer));
      const result = await api.getFundPrices(query);
      expect(result.periods).toEqual([
        { from: '2025-01-02', to: '2025-01-06', endpoint: 'legacy' },
      ]);
      expect(result.prices.map((p) => [p.date, p.price])).toEqual([
        ['2025-01-02', 21.498735],
        ['2025-01-03', 21.512044],
        ['2025-01-06', 21.530871],
      ]);
      const legacy = server?.requests.find((r) => r.path === '/api/DB/BindHistoryInfo');
      expect(legacy?.headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(Object.fromEntries(new URLSearchParams(legacy?.body))).toEqual({
        fontip: 'YAT',
        sfontur: '',
        fonkod: 'AAK',
        fongrup: '',
        bastarih: '02.01.2025',
        bittarih: '06.01.2025',
        fonturkod: '',
        fonunvantip: '',
      });
    },
  );

  it('reports both failures in Turkish when the legacy endpoint fails too', async () => {
    const api = await source(tefas(deniedPage, () => ({ body: '<html>Bakım</html>' })));
    const error = await api.getFundPrices(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TefasUnavailableError);
    expect((error as Error).message).toMatch(
      /^TEFAS fon fiyatları 02\.01\.2025 - 06\.01\.2025 için alınamadı: TEFAS isteği HTTP 403 hatası/,
    );
    expect((error as Error).message).toMatch(/geçerli JSON değil/);
  });

  it('names the envelope error when the fallback is off', async () => {
    const api = await source(
      tefas(() => json('fonGnlBlgSiraliGetir-null-pointer.json')),
      { useLegacyFallback: false },
    );
    const error = await api.getFundPrices(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TefasApiError);
    expect((error as Error).message).toContain('TEFAS hata döndürdü');
    expect((error as Error).message).toContain('java.lang.NullPointerException');
  });

  it('rejects a record without a price as a format error', async () => {
    const api = await source(
      tefas(() => json('fonGnlBlgSiraliGetir-missing-price.json')),
      { useLegacyFallback: false },
    );
    const error = await api.getFundPrices(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorFormatError);
    expect((error as Error).message).toMatch(/AAK 2025-01-02 için fiyat alanı yok/);
  });

  it('splits a year into periods of at most three months', async () => {
    const api = await source(tefas(() => json('fonGnlBlgSiraliGetir-no-data.json')));
    const result = await api.getFundPrices({
      fundCode: 'AAK',
      from: '2024-01-15',
      to: '2024-12-31',
    });
    const asked = server?.requests.map((r) => {
      const body = JSON.parse(r.body) as { basTarih: string; bitTarih: string };
      return `${body.basTarih}-${body.bitTarih}`;
    });
    expect(asked).toEqual([
      '20240115-20240414',
      '20240415-20240714',
      '20240715-20241014',
      '20241015-20241231',
    ]);
    expect(result.periods).toHaveLength(4);
  });

  it('waits between requests to stay within the configured requests per minute', async () => {
    let now = 1_000_000;
    const waits: number[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    };
    const api = await source(
      tefas(() => json('fonGnlBlgSiraliGetir-no-data.json')),
      { requestsPerMinute: 2 },
      clock,
    );
    await api.getFundPrices({ fundCode: 'AAK', from: '2024-01-01', to: '2025-03-31' });
    expect(server?.requests).toHaveLength(5);
    expect(waits, 'requests 3-4 wait for the second minute, request 5 for the third').toEqual([
      60_000, 60_000,
    ]);
  });
});
