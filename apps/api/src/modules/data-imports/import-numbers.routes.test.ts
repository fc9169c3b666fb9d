import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, auditLog, eq, fxRates, marketValues } from '@fonrisk/db';
import type { ImportSettings, Problem } from '@fonrisk/contracts';
import { textXlsx } from '../../imports/test-support.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from './test-support.ts';

/** Issue 21 through the API: the default number format setting and the ambiguous-cell 409. */
describe('imports: ambiguous numbers and the default number format', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const P = 'N';

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  const usdOn = async (date: string) =>
    (
      await api.database.db
        .select({ forexBuying: fxRates.forexBuying })
        .from(fxRates)
        .where(and(eq(fxRates.currency, 'USD'), eq(fxRates.date, date)))
    )[0]?.forexBuying;

  // Column keys as headers and only the form "35.223": nothing in the file shows its format.
  const ambiguous = (date: string) => `currency,date,forexBuying\nUSD,${date},35.223\n`;

  it('answers 409 listing each ambiguous cell with both readings, writes nothing, and stores the default reading once accepted', async () => {
    const refused = await upload(api, runner, 'fxRates', ambiguous('2025-01-02'));
    expect(refused.statusCode, refused.body).toBe(409);
    const problem = refused.json<Problem>();
    expect(problem.detail).toContain('1 hücre varsayılan Türkçe (1.234,56) biçimle okundu');
    expect(problem.ambiguousNumbers).toEqual([
      {
        row: 2,
        column: 'forexBuying',
        text: '35.223',
        format: 'tr',
        value: 35223,
        otherValue: 35.223,
        message:
          "Satır 2, 'forexBuying' sütunu: '35.223' varsayılan Türkçe (1.234,56) biçimle 35.223 okundu; uluslararası (1,234.56) biçimde 35,223 olurdu.",
      },
    ]);
    expect(await usdOn('2025-01-02')).toBeUndefined();
    const accepted = await upload(
      api,
      runner,
      'fxRates',
      ambiguous('2025-01-02'),
      '?acceptWarnings=true',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await usdOn('2025-01-02')).toBe(35223);
  });

  it('reads by the saved default: GET and PUT imports/settings, audited, refused to an observer', async () => {
    const get = await api.call('GET', '/api/imports/settings', { token: observer });
    expect(get.json<ImportSettings>()).toEqual({ numberFormat: 'tr' });
    const denied = await api.call('PUT', '/api/imports/settings', {
      token: observer,
      body: { numberFormat: 'intl' },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await api.call('PUT', '/api/imports/settings', {
      token: runner,
      body: { numberFormat: 'en' },
    });
    expect(bad.statusCode).toBe(400);
    const put = await api.call('PUT', '/api/imports/settings', {
      token: runner,
      body: { numberFormat: 'intl' },
    });
    expect(put.json<ImportSettings>()).toEqual({ numberFormat: 'intl' });
    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import-settings.update'));
    expect(entry).toMatchObject({
      before: { numberFormat: 'tr' },
      after: { numberFormat: 'intl' },
    });

    const refused = await upload(api, runner, 'fxRates', ambiguous('2025-01-03'));
    expect(refused.json<Problem>().ambiguousNumbers?.[0]).toMatchObject({
      format: 'intl',
      value: 35.223,
      otherValue: 35223,
    });
    await upload(api, runner, 'fxRates', ambiguous('2025-01-03'), '?acceptWarnings=true');
    expect(await usdOn('2025-01-03')).toBe(35.223);
    await api.call('PUT', '/api/imports/settings', {
      token: runner,
      body: { numberFormat: 'tr' },
    });
  });

  it('lists ambiguous price cells in the one confirmation 409 of prices', async () => {
    const file = `ticker,date,close\n${P}HIS1,2025-01-02,12.500\n`;
    const refused = await upload(api, runner, 'prices', file);
    expect(refused.statusCode, refused.body).toBe(409);
    const problem = refused.json<Problem>();
    expect(problem.detail).toContain('1 sayının biçimi belli değil');
    expect(problem.ambiguousNumbers?.map((a) => [a.value, a.otherValue])).toEqual([[12500, 12.5]]);
    const accepted = await upload(api, runner, 'prices', file, '?acceptWarnings=true');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const stored = await api.database.db
      .select({ value: marketValues.value })
      .from(marketValues)
      .where(eq(marketValues.ticker, `${P}HIS1`));
    expect(stored).toEqual([{ value: 12500 }]);
  });

  it('needs no confirmation when the file shows its format', async () => {
    const file = `Döviz Kodu;Tarih;Döviz Alış\nUSD;06.01.2025;35.223\nEUR;06.01.2025;36,5\n`;
    const r = await upload(api, runner, 'fxRates', file);
    expect(r.statusCode, r.body).toBe(200);
    expect(await usdOn('2025-01-06')).toBe(35223);
  });

  it('stores the reading the user confirms: an international .xlsx column holding only "1,000" (decision 0069)', async () => {
    // Key headers and one text cell '1,000' in the column: ambiguous, read by the default (tr).
    const file = (date: string) =>
      textXlsx([
        ['currency', 'date', 'forexBuying'],
        ['USD', date, '1,000'],
      ]);
    const listed = async (query: string, date: string) => {
      const r = await upload(api, runner, 'fxRates', file(date), query);
      expect(r.statusCode, r.body).toBe(409);
      return r
        .json<Problem>()
        .ambiguousNumbers?.map((a) => [a.text, a.format, a.value, a.otherValue]);
    };
    // The 409 shows both readings and which one the confirmation stores.
    expect(await listed('', '2025-03-03')).toEqual([['1,000', 'tr', 1, 1000]]);
    expect(await listed('?numberFormat=intl', '2025-03-03')).toEqual([['1,000', 'intl', 1000, 1]]);
    expect(await usdOn('2025-03-03'), 'nothing written before the confirmation').toBeUndefined();

    const confirmed = async (format: string, date: string) => {
      const r = await upload(
        api,
        runner,
        'fxRates',
        file(date),
        `?acceptWarnings=true&numberFormat=${format}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return usdOn(date);
    };
    // The user chose the international reading: 1000 is stored, not 1.
    expect(await confirmed('intl', '2025-03-03')).toBe(1000);
    // Confirmed as listed (Turkish default): the reading the 409 showed, 1.
    expect(await confirmed('tr', '2025-03-04')).toBe(1);

    const bad = await upload(api, runner, 'fxRates', file('2025-03-05'), '?numberFormat=de');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json<Problem>().errors)).toContain(
      "'tr' (Türkçe) veya 'intl' (uluslararası) olmalı",
    );
  });
});
