import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectorFormatError,
  ConnectorHttpError,
  ConnectorTimeoutError,
  FxRatesNotFoundError,
} from './errors.ts';
import { DEFAULT_CONNECTOR_SETTINGS } from './settings.ts';
import { bulletinToFxRateRows, TcmbFxRateSource } from './tcmb.ts';
import {
  fixture,
  startFixtureServer,
  type FixtureRoute,
  type FixtureServer,
} from './testing/fixture-server.ts';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves fixtures/tcmb/<path> where one exists, TCMB's HTML 404 page otherwise. */
const archive: FixtureRoute = async (req) => {
  try {
    return { headers: { 'content-type': 'text/xml' }, body: await fixture(`tcmb${req.path}`) };
  } catch {
    return {
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: await fixture('tcmb/not-found.html'),
    };
  }
};

async function source(
  route: FixtureRoute,
  overrides: Partial<typeof DEFAULT_CONNECTOR_SETTINGS.tcmb> = {},
) {
  server = await startFixtureServer(route);
  return new TcmbFxRateSource({
    ...DEFAULT_CONNECTOR_SETTINGS.tcmb,
    baseUrl: server.baseUrl,
    ...overrides,
  });
}

describe('TcmbFxRateSource', () => {
  it('reads today.xml with per-unit rates (JPY quoted per 100) and empty values as null', async () => {
    const tcmb = await source(archive);
    const bulletin = await tcmb.getDailyRates();
    expect(server?.requests.map((r) => r.path)).toEqual(['/today.xml']);
    expect(bulletin).toMatchObject({
      requestedDate: null,
      date: '2025-01-03',
      bulletinNo: '2025/2',
    });
    const byCode = new Map(bulletin.rates.map((r) => [r.currency, r]));
    expect(byCode.get('USD')).toMatchObject({
      unit: 1,
      forexBuying: 35.3388,
      forexSelling: 35.4025,
      banknoteBuying: 35.3141,
      banknoteSelling: 35.4556,
      crossRateUsd: null,
    });
    expect(byCode.get('JPY')?.unit).toBe(100);
    expect(byCode.get('JPY')?.forexBuying, 'TRY per ONE yen').toBeCloseTo(0.223816, 10);
    expect(byCode.get('JPY')?.crossRateUsd, 'cross rates are not divided').toBe(157.68);
    expect(byCode.get('XDR')).toMatchObject({
      nameTr: 'ÖZEL ÇEKME HAKKI (SDR)',
      forexBuying: 45.9701,
      forexSelling: null,
      banknoteBuying: null,
      banknoteSelling: null,
    });
  });

  it('reads the dated archive file YYYYMM/DDMMYYYY.xml for a business day', async () => {
    const tcmb = await source(archive);
    const bulletin = await tcmb.getDailyRates('2025-01-02');
    expect(server?.requests.map((r) => r.path)).toEqual(['/202501/02012025.xml']);
    expect(bulletin).toMatchObject({
      requestedDate: '2025-01-02',
      date: '2025-01-02',
      bulletinNo: '2025/1',
    });
  });

  it('walks back over a weekend (404) to the previous business day', async () => {
    const tcmb = await source(archive);
    const bulletin = await tcmb.getDailyRates('2025-01-05');
    expect(server?.requests.map((r) => r.path)).toEqual([
      '/202501/05012025.xml',
      '/202501/04012025.xml',
      '/202501/03012025.xml',
    ]);
    expect(bulletin.date).toBe('2025-01-03');
    expect(bulletin.requestedDate).toBe('2025-01-05');
  });

  it('gives up after the configured number of days with a Turkish message', async () => {
    const tcmb = await source(archive, { maxWalkBackDays: 2 });
    const error = await tcmb.getDailyRates('2024-12-29').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FxRatesNotFoundError);
    expect((error as Error).message).toBe(
      'TCMB 29.12.2024 tarihinde ve önceki 2 günde kur yayımlamamış.',
    );
    expect(server?.requests).toHaveLength(3);
  });

  it('does not walk back over a server error: a 500 is an error, not a holiday', async () => {
    const tcmb = await source(async () => ({
      status: 500,
      body: await fixture('tcmb/maintenance.html'),
    }));
    await expect(tcmb.getDailyRates('2025-01-02')).rejects.toBeInstanceOf(ConnectorHttpError);
    expect(server?.requests).toHaveLength(1);
  });

  it.each([
    ['a cut-off download', 'tcmb/truncated.xml', /geçerli XML değil/],
    ['an HTML page answered with status 200', 'tcmb/maintenance.html', /geçerli XML değil/],
    ['a currency without Unit', 'tcmb/missing-unit.xml', /USD için Unit öğesi yok/],
    [
      'a comma decimal',
      'tcmb/comma-decimal.xml',
      /USD ForexBuying değeri sayı değil \('35,2233'\)/,
    ],
    ['a bulletin without currencies', 'tcmb/empty-bulletin.xml', /bültende hiç döviz yok/],
  ])('rejects %s as a format error', async (_what, file, message) => {
    const tcmb = await source(async () => ({ body: await fixture(file) }));
    const error = await tcmb.getDailyRates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorFormatError);
    expect((error as Error).message).toMatch(/^TCMB yanıtı beklenen biçimde değil/);
    expect((error as Error).message).toMatch(message);
  });

  it('rejects an empty answer', async () => {
    const tcmb = await source(() => ({ body: '' }));
    await expect(tcmb.getDailyRates()).rejects.toThrow(/belge boş/);
  });

  it('times out a server that does not answer', async () => {
    const tcmb = await source(() => ({ delayMs: 500, body: '' }), { timeoutMs: 50 });
    await expect(tcmb.getDailyRates()).rejects.toBeInstanceOf(ConnectorTimeoutError);
  });

  it('turns a bulletin into FX-rate rows, leaving out currencies with no forex rate', async () => {
    const tcmb = await source(archive);
    const rows = bulletinToFxRateRows(await tcmb.getDailyRates('2025-01-02'));
    expect(rows.map((r) => r.currency)).toEqual(['USD', 'EUR', 'JPY', 'XDR']);
    expect(rows[0]).toEqual({
      currency: 'USD',
      date: '2025-01-02',
      forexBuying: 35.2233,
      forexSelling: 35.2868,
      banknoteBuying: 35.1987,
      banknoteSelling: 35.3397,
    });
  });
});
