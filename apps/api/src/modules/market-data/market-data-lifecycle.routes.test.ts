import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq, instruments, marketSeries, marketValues, sql } from '@fonrisk/db';
import type {
  CalendarYear,
  CorporateActionView,
  DerivedValue,
  ImportResponse,
  MarketDataValidation,
  Problem,
  SeriesDetail,
  SeriesQuality,
  SeriesQualityDetail,
  SeriesSummary,
} from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { stock, upload } from '../data-imports/test-support.ts';

/** A price upload with the `newSeries` confirmation field, as the upload screen sends it. */
function uploadWithSeries(
  api: TestApi,
  token: string,
  csv: string,
  newSeries: unknown,
  query = '',
) {
  const boundary = '----fonrisk-i10';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="newSeries"\r\n\r\n${JSON.stringify(newSeries)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fiyat.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return api.app.inject({
    method: 'POST',
    url: `/api/imports/prices${query}`,
    headers: {
      ...api.headers(token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('market data a risk unit can run on (issue 10)', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const db = () => api.database.db;
  const valuesOf = async (ticker: string) =>
    db()
      .select({ date: marketValues.date, value: marketValues.value })
      .from(marketValues)
      .where(eq(marketValues.ticker, ticker))
      .orderBy(marketValues.date);
  const seriesCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(marketSeries)
    )[0]!.n;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await db()
      .insert(instruments)
      .values([
        stock('AKSA', 'Aksa Akrilik'),
        stock('TUPRS', 'Tüpraş'),
        stock('FROTO', 'Ford Otosan'),
      ]);
  });
  afterAll(() => api.close());

  describe('series lifecycle', () => {
    it('creates, edits, retires and reactivates a series through the API, each audited', async () => {
      const created = await api.call('POST', '/api/series', {
        token: runner,
        body: {
          ticker: 'AKSA',
          name: 'Aksa kapanış',
          kind: 'price',
          currency: 'TRY',
          unit: 'TL/pay',
          instrumentCode: 'AKSA',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json<SeriesDetail>()).toMatchObject({
        ticker: 'AKSA',
        source: 'manual',
        instrumentCode: 'AKSA',
        retiredAt: null,
      });
      const taken = await api.call('POST', '/api/series', {
        token: runner,
        body: { ticker: 'AKSA', name: 'x', kind: 'price', currency: 'TRY' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<Problem>().detail).toBe("'AKSA' kodlu bir seri zaten var.");
      const badInstrument = await api.call('POST', '/api/series', {
        token: runner,
        body: { ticker: 'YOK', name: 'x', kind: 'price', currency: 'TRY', instrumentCode: 'YOK' },
      });
      expect(badInstrument.statusCode).toBe(400);
      expect(badInstrument.json<Problem>().errors).toEqual([
        { field: 'instrumentCode', message: 'bilinmeyen yatırım aracı kodu' },
      ]);
      expect(
        (await api.call('POST', '/api/series', { token: observer, body: {} })).statusCode,
      ).toBe(403);

      const edit = (retired: boolean) =>
        api.call('PUT', '/api/series/AKSA', {
          token: runner,
          body: {
            name: 'Aksa Akrilik',
            kind: 'price',
            currency: 'TRY',
            unit: 'TL/pay',
            source: 'vendor',
            instrumentCode: 'AKSA',
            retired,
          },
        });
      const retired = await edit(true);
      expect(retired.json<SeriesDetail>().retiredAt).not.toBeNull();
      const listed = await api.call('GET', '/api/series?q=AKSA', { token: observer });
      expect(listed.json<SeriesSummary[]>(), 'retired series leave the default list').toEqual([]);
      const withRetired = await api.call('GET', '/api/series?q=AKSA&includeRetired=true', {
        token: observer,
      });
      expect(withRetired.json<SeriesSummary[]>()[0]).toMatchObject({ retired: true });
      const refused = await upload(
        api,
        runner,
        'prices',
        'Sembol;Tarih;Kapanış\nAKSA;02.01.2025;80\n',
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json<Problem>().errors![0]!.message).toBe(
        "Satır 2, 'Sembol' sütunu: 'AKSA' kullanımdan kaldırılmış seri (önce yeniden etkinleştirin).",
      );
      const back = await edit(false);
      expect(back.json<SeriesDetail>()).toMatchObject({ retiredAt: null, name: 'Aksa Akrilik' });
      const trail = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, 'AKSA'))
        .orderBy(auditLog.id);
      expect(trail.map((t) => t.action)).toEqual([
        'market-series.create',
        'market-series.retire',
        'market-series.reactivate',
      ]);
    });
  });

  describe('a price file naming unknown tickers', () => {
    const csv = [
      'Sembol;Tarih;Kapanış;Seri Türü;Döviz;Seri Adı',
      'YENI1;02.01.2025;10;Fiyat;TRY;Yeni Hisse',
      'YENI1;03.01.2025;10,5;;;',
      'YENIX;02.01.2025;3,1;;;',
    ].join('\n');

    it('answers 409 with the list (kind and currency from the file) and writes nothing', async () => {
      const before = await seriesCount();
      const response = await upload(api, runner, 'prices', csv);
      expect(response.statusCode).toBe(409);
      const problem = response.json<Problem>();
      expect(problem.unknownTickers).toEqual([
        { ticker: 'YENI1', row: 2, rows: 2, kind: 'price', currency: 'TRY', name: 'Yeni Hisse' },
        { ticker: 'YENIX', row: 4, rows: 1, kind: null, currency: null, name: null },
      ]);
      expect(problem.detail).toMatch(/^Onay gerekiyor: 2 bilinmeyen sembol \(YENI1, YENIX\)/);
      expect(await seriesCount()).toBe(before);
      expect(await valuesOf('YENI1')).toEqual([]);
    });

    it('still answers 409 while one ticker is unconfirmed, then creates both on confirmation', async () => {
      const partial = await uploadWithSeries(api, runner, csv, [
        { ticker: 'YENI1', kind: 'price', currency: 'TRY' },
      ]);
      expect(partial.statusCode).toBe(409);
      expect(partial.json<Problem>().unknownTickers!.map((t) => t.ticker)).toEqual(['YENIX']);

      const done = await uploadWithSeries(api, runner, csv, [
        { ticker: 'YENI1', kind: 'price', currency: 'TRY', name: 'Yeni Hisse' },
        { ticker: 'YENIX', kind: 'index', currency: 'USD', name: 'Yeni Endeks' },
      ]);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<ImportResponse>()).toMatchObject({
        rowCount: 3,
        inserted: 3,
        createdSeries: ['YENI1', 'YENIX'],
      });
      const [x] = await db().select().from(marketSeries).where(eq(marketSeries.ticker, 'YENIX'));
      expect(x).toMatchObject({
        kind: 'index',
        currency: 'USD',
        name: 'Yeni Endeks',
        source: 'file',
      });
      expect(await valuesOf('YENI1')).toEqual([
        { date: '2025-01-02', value: 10 },
        { date: '2025-01-03', value: 10.5 },
      ]);
    });

    it('refuses an unreadable newSeries field in Turkish', async () => {
      const response = await uploadWithSeries(api, runner, csv, [{ ticker: 'YENI2' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().detail).toMatch(/^Oluşturulacak seriler okunamadı/);
    });
  });

  describe('validation by kind', () => {
    beforeAll(async () => {
      await db()
        .insert(marketSeries)
        .values([
          { ticker: 'V-PRC', name: 'Fiyat', kind: 'price', currency: 'TRY' },
          { ticker: 'V-FX', name: 'Kur', kind: 'fxRate', currency: 'USD' },
          { ticker: 'V-YLD', name: 'Faiz', kind: 'yield', currency: 'TRY' },
          { ticker: 'V-RET', name: 'Getiri', kind: 'return', currency: 'TRY' },
        ]);
    });

    it('refuses zero and negative levels, rates outside the band and returns at -100 %, naming row, column, value and reason; nothing is written', async () => {
      const csv = [
        'Sembol;Tarih;Kapanış',
        'V-PRC;02.01.2025;0',
        'V-PRC;03.01.2025;-4,5',
        'V-PRC;06.01.2025;0,0001',
        'V-FX;02.01.2025;-1',
        'V-YLD;02.01.2025;-5',
        'V-YLD;03.01.2025;-5,01',
        'V-YLD;06.01.2025;200',
        'V-YLD;07.01.2025;200,01',
        'V-RET;02.01.2025;-100',
        'V-RET;03.01.2025;-99,99',
      ].join('\n');
      const response = await upload(api, runner, 'prices', csv);
      expect(response.statusCode).toBe(422);
      const errors = response.json<Problem>().errors!;
      expect(errors.map((e) => [e.row, e.field, e.value])).toEqual([
        [2, 'Kapanış', '0'],
        [3, 'Kapanış', '-4,5'],
        [5, 'Kapanış', '-1'],
        [7, 'Kapanış', '-5,01'],
        [9, 'Kapanış', '200,01'],
        [10, 'Kapanış', '-100'],
      ]);
      expect(errors[0]!.message).toBe(
        "Satır 2, 'Kapanış' sütunu: '0' sıfırdan büyük olmalı (fiyat, kur ve endeks değerleri pozitiftir).",
      );
      expect(errors[3]!.message).toBe(
        "Satır 7, 'Kapanış' sütunu: '-5,01' faiz/getiri oranı %-5 ile %200 arasında olmalı.",
      );
      expect(errors[5]!.message).toBe(
        "Satır 10, 'Kapanış' sütunu: '-100' getiri -%100'den büyük olmalı.",
      );
      for (const t of ['V-PRC', 'V-FX', 'V-YLD', 'V-RET']) expect(await valuesOf(t)).toEqual([]);
    });

    it('lists a move beyond the kind limit as a warning that needs acceptance (25 % passes, 25.01 % does not)', async () => {
      const csv = [
        'Sembol;Tarih;Kapanış',
        'V-PRC;02.01.2025;100',
        'V-PRC;03.01.2025;125',
        'V-PRC;06.01.2025;156,2625', // +25.01 %
        'V-YLD;02.01.2025;40',
        'V-YLD;03.01.2025;45',
        'V-YLD;06.01.2025;50,5', // +5.5 points
      ].join('\n');
      const refused = await upload(api, runner, 'prices', csv);
      expect(refused.statusCode).toBe(409);
      const warnings = refused.json<Problem>().warnings!;
      expect(warnings.map((w) => [w.row, w.ticker, w.previous, w.value])).toEqual([
        [4, 'V-PRC', 125, 156.2625],
        [7, 'V-YLD', 45, 50.5],
      ]);
      expect(warnings[0]!.move).toBeCloseTo(25.01, 10);
      expect(warnings[0]!.message).toBe(
        'günlük değişim %25,01, sınır %25: doğru olduğunu onaylayın',
      );
      expect(warnings[1]!.message).toBe(
        'günlük değişim puan 5,5, sınır puan 5: doğru olduğunu onaylayın',
      );
      expect(await valuesOf('V-PRC')).toEqual([]);
      const accepted = await upload(api, runner, 'prices', csv, '?acceptWarnings=true');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json<ImportResponse>()).toMatchObject({ inserted: 6, acceptedWarnings: 2 });
    });

    it('checks the first new value against the last stored one and uses the configured limits', async () => {
      // The stored V-PRC ends at 156.2625 on 06.01.
      const next = 'Sembol;Tarih;Kapanış\nV-PRC;07.01.2025;100\n';
      const warned = await upload(api, runner, 'prices', next);
      expect(warned.json<Problem>().warnings![0]).toMatchObject({
        previousDate: '2025-01-06',
        previous: 156.2625,
      });
      const settings = await api.call('GET', '/api/market-data/validation-settings', {
        token: observer,
      });
      const rules = settings.json<{ jumpLimits: Record<string, number> }>();
      const put = await api.call('PUT', '/api/market-data/validation-settings', {
        token: runner,
        body: { ...rules, jumpLimits: { ...rules.jumpLimits, price: 40 } },
      });
      expect(put.statusCode, put.body).toBe(200);
      const passes = await upload(api, runner, 'prices', next);
      expect(passes.statusCode, 'a 36 % fall is within a 40 % limit').toBe(200);
      const badBand = await api.call('PUT', '/api/market-data/validation-settings', {
        token: runner,
        body: { ...rules, rateBand: { min: 10, max: 5 } },
      });
      expect(badBand.statusCode).toBe(400);
    });
  });

  describe('history changes', () => {
    it('lists every change with old and new value, replaces only on confirmation, and keeps the old values in the audit log', async () => {
      await db()
        .insert(marketSeries)
        .values({ ticker: 'H-1', name: 'H', kind: 'price', currency: 'TRY' });
      await upload(
        api,
        runner,
        'prices',
        'Sembol;Tarih;Kapanış\nH-1;02.01.2025;10\nH-1;03.01.2025;11\nH-1;06.01.2025;12\n',
      );
      const file =
        'Sembol;Tarih;Kapanış\nH-1;02.01.2025;10\nH-1;03.01.2025;11,5\nH-1;06.01.2025;12,5\nH-1;07.01.2025;13\n';
      const refused = await upload(api, runner, 'prices', file);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<Problem>().changes).toEqual([
        { ticker: 'H-1', date: '2025-01-03', old: 11, new: 11.5 },
        { ticker: 'H-1', date: '2025-01-06', old: 12, new: 12.5 },
      ]);
      expect((await valuesOf('H-1')).map((v) => v.value)).toEqual([10, 11, 12]);
      const done = await upload(api, runner, 'prices', file, '?confirmReplace=true');
      expect(done.json<ImportResponse>()).toMatchObject({ inserted: 1, updated: 3 });
      expect((await valuesOf('H-1')).map((v) => v.value)).toEqual([10, 11.5, 12.5, 13]);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'import.prices'))
        .orderBy(sql`${auditLog.id} DESC`)
        .limit(1);
      expect(entry!.before).toEqual({
        changes: [
          { ticker: 'H-1', date: '2025-01-03', old: 11, new: 11.5 },
          { ticker: 'H-1', date: '2025-01-06', old: 12, new: 12.5 },
        ],
      });
    });
  });

  describe('corporate actions', () => {
    const ret = (v: DerivedValue[], key: 'raw' | 'adjusted' | 'totalReturn') =>
      v.slice(1).map((p, i) => p[key] / v[i]![key] - 1);

    it('a 2:1 split and a bedelsiz issue leave the adjusted return series smooth (hand values)', async () => {
      await api.call('POST', '/api/series', {
        token: runner,
        body: {
          ticker: 'TUPRS',
          name: 'Tüpraş',
          kind: 'price',
          currency: 'TRY',
          instrumentCode: 'TUPRS',
        },
      });
      // Raw: 100, 102 | split 2:1 on 06.01 -> 51, 52 | bedelsiz 100 % on 08.01 -> 26.5, 27.
      const csv =
        'Sembol;Tarih;Kapanış\n' +
        [
          '02.01.2025;100',
          '03.01.2025;102',
          '06.01.2025;51',
          '07.01.2025;52',
          '08.01.2025;26,5',
          '09.01.2025;27',
        ]
          .map((r) => `TUPRS;${r}`)
          .join('\n');
      expect((await upload(api, runner, 'prices', csv, '?acceptWarnings=true')).statusCode).toBe(
        200,
      );
      const split = await api.call('POST', '/api/corporate-actions', {
        token: runner,
        body: { instrumentCode: 'TUPRS', kind: 'split', exDate: '2025-01-06', ratio: 2 },
      });
      expect(split.statusCode, split.body).toBe(200);
      expect(split.json<CorporateActionView>().seriesTickers).toEqual(['TUPRS']);
      await api.call('POST', '/api/corporate-actions', {
        token: runner,
        body: { instrumentCode: 'TUPRS', kind: 'bonus', exDate: '2025-01-08', ratio: 100 },
      });
      const derived = (
        await api.call('GET', '/api/series/TUPRS/derived', { token: observer })
      ).json<DerivedValue[]>();
      expect(derived.map((d) => d.adjusted)).toEqual([25, 25.5, 25.5, 26, 26.5, 27]);
      expect(derived.map((d) => d.raw)).toEqual([100, 102, 51, 52, 26.5, 27]);
      const r = ret(derived, 'adjusted');
      // 2 %, 0 %, 1/51, 1.923 %, 1.887 %: no -50 % days.
      expect(r[0]).toBeCloseTo(0.02, 12);
      expect(r[1]).toBeCloseTo(0, 12);
      expect(r[3]).toBeCloseTo(26.5 / 26 - 1, 12);
      expect(Math.min(...r)).toBeGreaterThan(-0.01);
      expect(Math.min(...ret(derived, 'raw'))).toBeLessThan(-0.49);
    });

    it('total return carries a cash dividend; changing or deleting the action rebuilds the series', async () => {
      await api.call('POST', '/api/series', {
        token: runner,
        body: {
          ticker: 'FROTO',
          name: 'Ford Otosan',
          kind: 'price',
          currency: 'TRY',
          instrumentCode: 'FROTO',
        },
      });
      await upload(
        api,
        runner,
        'prices',
        'Sembol;Tarih;Kapanış\nFROTO;02.01.2025;100\nFROTO;03.01.2025;101\nFROTO;06.01.2025;99\nFROTO;07.01.2025;100\n',
      );
      const created = await api.call('POST', '/api/corporate-actions', {
        token: runner,
        body: { instrumentCode: 'FROTO', kind: 'dividend', exDate: '2025-01-06', amount: 2 },
      });
      const id = created.json<CorporateActionView>().id;
      let derived = (await api.call('GET', '/api/series/FROTO/derived', { token: observer })).json<
        DerivedValue[]
      >();
      expect(
        derived.map((d) => d.adjusted),
        'dividends stay out of the adjusted price',
      ).toEqual([100, 101, 99, 100]);
      expect(ret(derived, 'totalReturn')[1]).toBeCloseTo((99 + 2) / 101 - 1, 12);
      expect(derived[0]!.totalReturn).toBeCloseTo(100 * (99 / 101), 12);

      const changed = await api.call('PUT', `/api/corporate-actions/${id}`, {
        token: runner,
        body: { instrumentCode: 'FROTO', kind: 'dividend', exDate: '2025-01-06', amount: 3 },
      });
      expect(changed.statusCode).toBe(200);
      derived = (await api.call('GET', '/api/series/FROTO/derived', { token: observer })).json();
      expect(derived[0]!.totalReturn).toBeCloseTo(100 * (98 / 101), 12);

      const tooBig = await api.call('PUT', `/api/corporate-actions/${id}`, {
        token: runner,
        body: { instrumentCode: 'FROTO', kind: 'dividend', exDate: '2025-01-06', amount: 150 },
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json<Problem>().detail).toBe(
        '2025-01-06 tarihli temettü, hak kullanım tarihinden önceki kapanış fiyatından küçük olmalı.',
      );
      derived = (await api.call('GET', '/api/series/FROTO/derived', { token: observer })).json();
      expect(derived[0]!.totalReturn, 'the refused change wrote nothing').toBeCloseTo(
        100 * (98 / 101),
        12,
      );

      expect(
        (await api.call('DELETE', `/api/corporate-actions/${id}`, { token: runner })).statusCode,
      ).toBe(204);
      derived = (await api.call('GET', '/api/series/FROTO/derived', { token: observer })).json();
      expect(derived.map((d) => d.totalReturn)).toEqual([100, 101, 99, 100]);
    });

    it('refuses an action without its figures in Turkish', async () => {
      const response = await api.call('POST', '/api/corporate-actions', {
        token: runner,
        body: { instrumentCode: 'FROTO', kind: 'rights', exDate: '2025-01-06', ratio: 50 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().errors).toEqual([
        { field: 'subscriptionPrice', message: 'bedelli için pay başına fiyat gerekli' },
      ]);
    });

    it('imports actions from a file all-or-nothing and rebuilds the adjusted series', async () => {
      const bad = [
        'Yatırım Aracı Kodu;İşlem Türü;Hak Kullanım Tarihi;Oran;Pay Başına Temettü;Bedelli Fiyatı',
        'FROTO;Bölünme;06.01.2025;2;;',
        'YOKKOD;Bedelsiz sermaye artırımı;06.01.2025;50;;',
      ].join('\n');
      const refused = await upload(api, runner, 'corporateActions', bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<Problem>().errors![0]!.message).toBe(
        "Satır 3, 'Yatırım Aracı Kodu' sütunu: 'YOKKOD' bilinmeyen yatırım aracı kodu.",
      );
      const list = await api.call('GET', '/api/corporate-actions?instrumentCode=FROTO', {
        token: observer,
      });
      expect(list.json<CorporateActionView[]>()).toEqual([]);
      const good = await upload(
        api,
        runner,
        'corporateActions',
        bad.split('\n').slice(0, 2).join('\n'),
      );
      expect(good.statusCode, good.body).toBe(200);
      const derived = (
        await api.call('GET', '/api/series/FROTO/derived', { token: observer })
      ).json<DerivedValue[]>();
      expect(derived.map((d) => d.adjusted)).toEqual([50, 50.5, 99, 100]);
    });
  });

  describe('calendar and data quality', () => {
    it('shows Kurban Bayramı 2025 with its eve and lets a user add and remove a holiday', async () => {
      // 2025 is an announced year: its religious holidays cite the official announcement (issue 23).
      const OFFICIAL_SOURCE = 'Diyanet İşleri Başkanlığı dini günler takvimi (yılın resmî ilanı)';
      const year = (
        await api.call('GET', '/api/calendar?year=2025', { token: observer })
      ).json<CalendarYear>();
      expect(year.days.filter((d) => d.date >= '2025-06-05' && d.date <= '2025-06-09')).toEqual([
        {
          date: '2025-06-05',
          kind: 'halfDay',
          name: 'Kurban Bayramı arifesi',
          confirmed: true,
          origin: 'builtin',
          source: OFFICIAL_SOURCE,
        },
        {
          date: '2025-06-06',
          kind: 'holiday',
          name: 'Kurban Bayramı 1. gün',
          confirmed: true,
          origin: 'builtin',
          source: OFFICIAL_SOURCE,
        },
        {
          date: '2025-06-07',
          kind: 'holiday',
          name: 'Kurban Bayramı 2. gün',
          confirmed: true,
          origin: 'builtin',
          source: OFFICIAL_SOURCE,
        },
        {
          date: '2025-06-08',
          kind: 'holiday',
          name: 'Kurban Bayramı 3. gün',
          confirmed: true,
          origin: 'builtin',
          source: OFFICIAL_SOURCE,
        },
        {
          date: '2025-06-09',
          kind: 'holiday',
          name: 'Kurban Bayramı 4. gün',
          confirmed: true,
          origin: 'builtin',
          source: OFFICIAL_SOURCE,
        },
      ]);
      expect(year.source).toMatch(/Diyanet/);
      const put = await api.call('PUT', '/api/calendar/2025-01-09', {
        token: runner,
        body: { kind: 'holiday', name: 'İdari izin' },
      });
      expect(put.statusCode).toBe(204);
      const after = (
        await api.call('GET', '/api/calendar?year=2025', { token: observer })
      ).json<CalendarYear>();
      expect(after.days.find((d) => d.date === '2025-01-09')).toMatchObject({
        origin: 'override',
        name: 'İdari izin',
      });
      expect(
        (
          await api.call('PUT', '/api/calendar/2025-01-09', {
            token: observer,
            body: { kind: 'holiday' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await api.call('PUT', '/api/calendar/2025-02-30', {
            token: runner,
            body: { kind: 'holiday' },
          })
        ).statusCode,
      ).toBe(400);
      // Quality sees the holiday: H-1 has no value on 09.01 but that is now closed.
      const q = (
        await api.call('GET', '/api/series/FROTO/quality', { token: observer })
      ).json<SeriesQualityDetail>();
      expect(q.gapDates).toEqual([]);
      await api.call('DELETE', '/api/calendar/2025-01-09', { token: runner });
    });

    it('reports gaps against the calendar (not on Bayram days), stale runs, jumps and the last date; filters by them', async () => {
      await db()
        .insert(marketSeries)
        .values([
          { ticker: 'Q-GAP', name: 'Eksikli', kind: 'index', currency: 'TRY' },
          { ticker: 'Q-OK', name: 'Tam', kind: 'index', currency: 'TRY' },
        ]);
      // Business days 02.06-13.06.2025 are 02,03,04,05 (eve), 10,11,12,13; 06-09 is Kurban Bayramı.
      const okDates = [
        '02.06.2025',
        '03.06.2025',
        '04.06.2025',
        '05.06.2025',
        '10.06.2025',
        '11.06.2025',
        '12.06.2025',
        '13.06.2025',
      ];
      const okRows = okDates.map((d, i) => `Q-OK;${d};${100 + i}`);
      // Q-GAP misses 04.06, is frozen at 50 from 05.06 to 13.06 (5 values) while Q-OK moves,
      // and jumps 20 % on 03.06.
      const gapRows = [
        '02.06.2025;50',
        '03.06.2025;60',
        '05.06.2025;50',
        '10.06.2025;50',
        '11.06.2025;50',
        '12.06.2025;50',
        '13.06.2025;50',
      ].map((r) => `Q-GAP;${r}`);
      const res = await upload(
        api,
        runner,
        'prices',
        ['Sembol;Tarih;Kapanış', ...okRows, ...gapRows].join('\n'),
        '?acceptWarnings=true',
      );
      expect(res.statusCode, res.body).toBe(200);
      const detail = (
        await api.call('GET', '/api/series/Q-GAP/quality', { token: observer })
      ).json<SeriesQualityDetail>();
      expect(detail).toMatchObject({
        lastDate: '2025-06-13',
        gaps: 1,
        gapDates: ['2025-06-04'],
        staleRuns: 1,
        staleRunList: [{ from: '2025-06-05', to: '2025-06-13', days: 5 }],
        jumps: 2,
      });
      const ok = (
        await api.call('GET', '/api/series/Q-OK/quality', { token: observer })
      ).json<SeriesQualityDetail>();
      expect(ok).toMatchObject({ gaps: 0, staleRuns: 0, jumps: 0 });
      const gaps = (
        await api.call('GET', '/api/series/quality?kind=index&filter=gaps', { token: observer })
      ).json<SeriesQuality[]>();
      expect(gaps.map((g) => g.ticker)).toEqual(['Q-GAP']);
      const stale = (
        await api.call('GET', '/api/series/quality?filter=stale', { token: observer })
      ).json<SeriesQuality[]>();
      expect(stale.map((g) => g.ticker)).toEqual(['Q-GAP']);
      expect(
        (await api.call('GET', '/api/series/quality?filter=eski', { token: observer })).statusCode,
      ).toBe(400);
    });

    it('checks again when the values, the calendar, the rules or the series change, not before (decision 0140)', async () => {
      const listed = async (filter: string) =>
        (
          await api.call('GET', `/api/series/quality?kind=index&filter=${filter}`, {
            token: observer,
          })
        )
          .json<SeriesQuality[]>()
          .map((q) => q.ticker);
      expect(await listed('gaps')).toEqual(['Q-GAP']);
      expect(await listed('jumps')).toEqual(['Q-GAP']);
      // The calendar: 04.06.2025 made a holiday, Q-GAP misses no business day; then undone.
      await api.call('PUT', '/api/calendar/2025-06-04', {
        token: runner,
        body: { kind: 'holiday', name: 'İdari izin' },
      });
      expect(await listed('gaps')).toEqual([]);
      await api.call('DELETE', '/api/calendar/2025-06-04', { token: runner });
      expect(await listed('gaps')).toEqual(['Q-GAP']);
      // The rules: a 25 % limit for indices leaves Q-GAP's 20 % and −16,7 % moves.
      const rules = (
        await api.call('GET', '/api/market-data/validation-settings', { token: observer })
      ).json<MarketDataValidation>();
      const put = (body: MarketDataValidation) =>
        api.call('PUT', '/api/market-data/validation-settings', { token: runner, body });
      await put({ ...rules, jumpLimits: { ...rules.jumpLimits, index: 25 } });
      expect(await listed('jumps')).toEqual([]);
      await put(rules);
      expect(await listed('jumps')).toEqual(['Q-GAP']);
      // The values: the missing day imported.
      const res = await upload(
        api,
        runner,
        'prices',
        ['Sembol;Tarih;Kapanış', 'Q-GAP;04.06.2025;55'].join('\n'),
        '?acceptWarnings=true',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await listed('gaps')).toEqual([]);
      // The series: Q-GAP retired is no longer checked.
      const retired = await api.call('PUT', '/api/series/Q-GAP', {
        token: runner,
        body: { name: 'Eksikli', kind: 'index', currency: 'TRY', retired: true },
      });
      expect(retired.statusCode, retired.body).toBe(200);
      expect(await listed('jumps')).toEqual([]);
    });
  });
});
