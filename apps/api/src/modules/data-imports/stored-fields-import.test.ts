// Issue 22, "imports never overwrite or erase in silence": an FX-rate or instruments file keeps
// every stored value it leaves blank or lacks, lists every stored value it would change and
// writes only on confirmation; the template's example row is never data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, fxRates, instruments } from '@fonrisk/db';
import type { ImportResponse, Problem } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { databaseFingerprint } from '../../testing/db-fingerprint.ts';
import { buildTemplateCsv } from '../../imports/index.ts';
import { stock, upload } from './test-support.ts';

describe('imports that meet stored values', () => {
  let api: TestApi;
  let runner: string;

  const rate = async (currency: string, date: string) =>
    (
      await api.database.db
        .select()
        .from(fxRates)
        .where(eq(fxRates.currency, currency))
        .then((rows) => rows.filter((r) => r.date === date))
    )[0];
  const instrument = async (code: string) =>
    (await api.database.db.select().from(instruments).where(eq(instruments.code, code)))[0];

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await api.database.db.insert(fxRates).values([
      {
        currency: 'USD',
        date: '2026-11-27',
        forexBuying: 34.1,
        forexSelling: 34.2,
        banknoteBuying: 34.05,
        banknoteSelling: 34.25,
      },
      {
        currency: 'USD',
        date: '2025-01-02',
        forexBuying: 23.5909,
        forexSelling: 23.6334,
        banknoteBuying: null,
        banknoteSelling: null,
      },
    ]);
    await api.database.db.insert(instruments).values({
      ...stock('AKSUT', 'Aksu Tekstil'),
      issuer: 'Aksu Tekstil A.Ş.',
      issuerGroup: 'Aksu Grubu',
      sector: 'Tekstil',
      isin: 'TRAAKSUT91E7',
      isForeign: true,
    });
  });
  afterAll(() => api.close());

  it('FX: a file with only Döviz Alış lists the one change, writes nothing until confirmed, and keeps the other three rates', async () => {
    const csv = 'Döviz Kodu;Tarih;Döviz Alış\nUSD;27.11.2026;34,5\n';
    const before = await databaseFingerprint(api.database.db);
    const refused = await upload(api, runner, 'fxRates', csv);
    expect(refused.statusCode, refused.body).toBe(409);
    const problem = refused.json<Problem>();
    expect(problem.fieldChanges).toEqual([
      {
        record: 'USD',
        date: '2026-11-27',
        field: 'forexBuying',
        label: 'Döviz Alış',
        old: 34.1,
        new: 34.5,
      },
    ]);
    expect(problem.detail).toBe(
      'Kayıtlı 1 değer değişecek: USD 27.11.2026 Döviz Alış: 34,1 → 34,5. Değiştirmek için onaylayın; hiçbir kayıt yazılmadı.',
    );
    expect(await databaseFingerprint(api.database.db)).toEqual(before);

    const confirmed = await upload(api, runner, 'fxRates', csv, '?confirmReplace=true');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ImportResponse>()).toMatchObject({
      updated: 1,
      fieldChanges: problem.fieldChanges,
    });
    expect(await rate('USD', '2026-11-27')).toMatchObject({
      forexBuying: 34.5,
      forexSelling: 34.2,
      banknoteBuying: 34.05,
      banknoteSelling: 34.25,
    });
  });

  it('FX: blank cells keep stored rates, unchanged values and new dates need no confirmation', async () => {
    const csv = [
      'Döviz Kodu;Tarih;Döviz Alış;Döviz Satış;Efektif Alış;Efektif Satış',
      'USD;27.11.2026;34,5;;;34,25',
      'EUR;27.11.2026;36,1;36,2;;',
    ].join('\n');
    const response = await upload(api, runner, 'fxRates', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toMatchObject({
      inserted: 1,
      updated: 1,
      fieldChanges: [],
    });
    expect(await rate('USD', '2026-11-27')).toMatchObject({
      forexSelling: 34.2,
      banknoteBuying: 34.05,
    });
    expect(await rate('EUR', '2026-11-27')).toMatchObject({
      forexBuying: 36.1,
      banknoteBuying: null,
    });
  });

  it('instruments: a re-import with only the required columns keeps issuer, group, sector, ISIN and the foreign flag', async () => {
    const csv =
      'Yatırım Aracı Kodu;Yatırım Aracı Adı;Ana Tür;Döviz Cinsi\nAKSUT;Aksu Tekstil;Hisse Senedi;TRY\n';
    const response = await upload(api, runner, 'instruments', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toMatchObject({ updated: 1, fieldChanges: [] });
    expect(await instrument('AKSUT')).toMatchObject({
      issuer: 'Aksu Tekstil A.Ş.',
      issuerGroup: 'Aksu Grubu',
      sector: 'Tekstil',
      isin: 'TRAAKSUT91E7',
      isForeign: true,
    });
  });

  it('instruments: changed attributes are listed and written only on confirmation; empty cells erase nothing', async () => {
    const csv = [
      'Yatırım Aracı Kodu;Yatırım Aracı Adı;Ana Tür;Döviz Cinsi;İhraççı;İhraççı Grubu;Sektör;Yabancı',
      'AKSUT;Aksu Tekstil;Hisse Senedi;TRY;;Yeni Grup;;',
    ].join('\n');
    const refused = await upload(api, runner, 'instruments', csv);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<Problem>().fieldChanges).toEqual([
      {
        record: 'AKSUT',
        date: null,
        field: 'issuerGroup',
        label: 'İhraççı Grubu',
        old: 'Aksu Grubu',
        new: 'Yeni Grup',
      },
    ]);
    expect(refused.json<Problem>().detail).toContain('AKSUT İhraççı Grubu: Aksu Grubu → Yeni Grup');
    expect((await instrument('AKSUT'))?.issuerGroup).toBe('Aksu Grubu');
    const confirmed = await upload(api, runner, 'instruments', csv, '?confirmReplace=true');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await instrument('AKSUT')).toMatchObject({
      issuer: 'Aksu Tekstil A.Ş.',
      issuerGroup: 'Yeni Grup',
      sector: 'Tekstil',
      isForeign: true,
    });
  });

  describe("the template's example row is never data", () => {
    /** The CSV template with its comment line removed (the example as a plain row) and `extra` rows. */
    const withExample = (kind: 'fxRates' | 'instruments', keep: number, extra: string[]) => {
      const [header, , example] = buildTemplateCsv(kind)
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      const cut = (line: string) => line.split(';').slice(0, keep).join(';');
      return [cut(header!), cut(example!), ...extra].join('\n');
    };

    it('FX: the example row with only some columns is skipped; the stored 02.01.2025 rate stays', async () => {
      const csv = withExample('fxRates', 3, ['EUR;02.01.2025;36,7']);
      const response = await upload(api, runner, 'fxRates', csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportResponse>()).toMatchObject({ rowCount: 1, inserted: 1 });
      expect((await rate('USD', '2025-01-02'))?.forexBuying).toBe(23.5909);
    });

    it('instruments: the example row with only the required columns is skipped, no ORNEK instrument', async () => {
      const csv = withExample('instruments', 5, ['YENI1;Yeni Hisse;Hisse Senedi;;TRY']);
      const response = await upload(api, runner, 'instruments', csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportResponse>()).toMatchObject({ rowCount: 1, inserted: 1 });
      expect(await instrument('ORNEK-TRT150127T11')).toBeUndefined();
    });

    it('instruments: an edited example row keeping the example code is refused, naming the row', async () => {
      const csv = withExample('instruments', 5, []).replace(
        'Örnek Devlet Tahvili',
        'Değiştirilmiş Tahvil',
      );
      const response = await upload(api, runner, 'instruments', csv);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<Problem>().errors).toEqual([
        expect.objectContaining({
          row: 2,
          value: 'ORNEK-TRT150127T11',
          message: expect.stringContaining('şablonun örnek satırındaki kod') as string,
        }),
      ]);
      expect(await instrument('ORNEK-TRT150127T11')).toBeUndefined();
    });
  });
});
