import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, eq, holdings, marketValues, sql } from '@fonrisk/db';
import type { ImportResponse, Problem } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from './test-support.ts';

const P = 'T';
const FUND = `${P}FONA`;

describe('imports/{kind}', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  const count = async (table: typeof marketValues | typeof holdings) =>
    (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  it('loads prices under Turkish headers with Turkish decimals and reports inserted and updated', async () => {
    const csv = `Sembol;Tarih;Fiyat\n${P}HIS1;02.01.2025;12,5\n${P}HIS1;03.01.2025;13,25\n`;
    const first = await upload(api, runner, 'prices', csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportResponse>()).toEqual({
      kind: 'prices',
      rowCount: 2,
      inserted: 2,
      updated: 0,
      replacedSnapshots: [],
      createdSeries: [],
      createdPortfolios: [],
      changes: [],
      acceptedWarnings: 0,
      fieldChanges: [],
      cachedFormulaCount: 0,
      cachedFormulaCells: [],
    });
    const file = `ticker,date,close\n${P}HIS1,2025-01-03,14\n${P}HIS1,2025-01-06,15\n`;
    const refused = await upload(api, runner, 'prices', file);
    expect(refused.statusCode, 'a changed stored value needs confirmation').toBe(409);
    expect(refused.json<Problem>().changes).toEqual([
      { ticker: `${P}HIS1`, date: '2025-01-03', old: 13.25, new: 14 },
    ]);
    const again = await upload(api, runner, 'prices', file, '?confirmReplace=true');
    expect(again.json<ImportResponse>()).toMatchObject({ inserted: 1, updated: 1 });
    const stored = await api.database.db
      .select({ date: marketValues.date, value: marketValues.value })
      .from(marketValues)
      .where(eq(marketValues.ticker, `${P}HIS1`))
      .orderBy(marketValues.date);
    expect(stored).toEqual([
      { date: '2025-01-02', value: 12.5 },
      { date: '2025-01-03', value: 14 },
      { date: '2025-01-06', value: 15 },
    ]);
  });

  it('rejects a prices file with any bad row whole: 422 with every error and the table unchanged', async () => {
    const before = await count(marketValues);
    const csv = [
      'Sembol;Tarih;Kapanış',
      `${P}HIS2;02.01.2025;10`,
      `${P}HIS2;31.02.2025;11`,
      `${P}HIS2;03.01.2025;12`,
      `${P}HIS2;06.01.2025;abc`,
    ].join('\n');
    const response = await upload(api, runner, 'prices', csv);
    expect(response.statusCode).toBe(422);
    const problem = response.json<Problem>();
    expect(problem.detail).toBe('Dosya reddedildi: 2 satırda hata var. Hiçbir kayıt yazılmadı.');
    expect(problem.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'Tarih', value: '31.02.2025' }),
      expect.objectContaining({ row: 5, field: 'Kapanış', value: 'abc' }),
    ]);
    expect(await count(marketValues), 'the good row 2 was not written either').toBe(before);
  });

  it('loads a large prices file (12,000 rows) through the endpoint in one go', async () => {
    const lines = ['ticker,date,close'];
    const start = Date.UTC(1990, 0, 1);
    for (let i = 0; i < 12_000; i++) {
      const date = new Date(start + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${P}HIS${(i % 2) + 1},${date},${(100 + i / 7).toFixed(4)}`);
    }
    const response = await upload(api, runner, 'prices', lines.join('\n'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toMatchObject({
      rowCount: 12_000,
      inserted: 12_000,
      updated: 0,
    });
  });

  const holdingsCsv = (date: string, value1: number, extra = '') =>
    [
      'Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;Nominal Değer;ISIN Kodu;Not',
      `${FUND};${date};${P}HIS1;${value1};100;;ilk satır`,
      `${FUND};${date};${P}MEVD;500;500;;`,
      extra,
    ]
      .filter(Boolean)
      .join('\n');

  it('loads a holdings snapshot, then answers 409 on re-loading the date until confirmReplace', async () => {
    const first = await upload(api, runner, 'holdings', holdingsCsv('2025-01-31', 1500));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportResponse>()).toMatchObject({
      rowCount: 2,
      inserted: 2,
      updated: 0,
      replacedSnapshots: [],
    });

    const conflict = await upload(api, runner, 'holdings', holdingsCsv('2025-01-31', 2000));
    expect(conflict.statusCode).toBe(409);
    const problem = conflict.json<Problem>();
    expect(problem.detail).toMatch(
      /^Bu portföy tarihleri zaten yüklü: .*Değiştirmek için onaylayın\.$/,
    );
    expect(problem.conflicts).toEqual([
      { portfolioCode: FUND, portfolioDate: '2025-01-31', existingRows: 2 },
    ]);
    const kept = await api.database.db
      .select()
      .from(holdings)
      .where(eq(holdings.portfolioCode, FUND));
    expect(
      kept.find((r) => r.instrumentCode === `${P}HIS1`)?.currentValue,
      'nothing replaced yet',
    ).toBe(1500);

    const confirmed = await upload(
      api,
      runner,
      'holdings',
      holdingsCsv('2025-01-31', 2000),
      '?confirmReplace=true',
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ImportResponse>()).toMatchObject({
      inserted: 0,
      updated: 2,
      replacedSnapshots: [{ portfolioCode: FUND, portfolioDate: '2025-01-31' }],
    });
    const replaced = await api.database.db
      .select()
      .from(holdings)
      .where(eq(holdings.portfolioCode, FUND));
    expect(replaced).toHaveLength(2);
    expect(replaced.find((r) => r.rowNo === 1)).toMatchObject({
      instrumentCode: `${P}HIS1`,
      currentValue: 2000,
      nominalValue: 100,
      columns: { annotation: 'ilk satır' },
    });
    const audit = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import.holdings'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('loads a holdings file of more rows than one statement with its decimals, blanks and extra columns as written', async () => {
    const rows = 12_345;
    const date = '2025-03-31';
    const lines = ['Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;Nominal Değer;Not'];
    for (let i = 1; i <= rows; i++)
      lines.push(
        `${FUND};${date};${P}HIS${(i % 2) + 1};${String(i)},0${String(i)};${i % 3 === 0 ? '' : String(i * 10)};${i % 5 === 0 ? `satır ${String(i)}` : ''}`,
      );
    const response = await upload(api, runner, 'holdings', lines.join('\n'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toMatchObject({ rowCount: rows, inserted: rows });
    const stored = await api.database.db.execute<{
      row_no: number;
      instrument_code: string;
      current_value: string;
      nominal_value: string | null;
      columns: Record<string, unknown>;
    }>(sql`SELECT row_no, instrument_code, current_value::text, nominal_value::text, columns
      FROM holdings WHERE portfolio_code = ${FUND} AND portfolio_date = ${date} ORDER BY row_no`);
    expect(stored.rows).toHaveLength(rows);
    stored.rows.forEach((r, at) => {
      const i = at + 1;
      expect(r).toEqual({
        row_no: i,
        instrument_code: `${P}HIS${(i % 2) + 1}`,
        // The file's decimal, as JavaScript writes the number it reads (10,010 → 10.01).
        current_value: String(Number(`${String(i)}.0${String(i)}`)),
        nominal_value: i % 3 === 0 ? null : String(i * 10),
        columns: i % 5 === 0 ? { annotation: `satır ${String(i)}` } : {},
      });
    });
  });

  it('rejects a holdings file naming an unknown instrument and writes no row of it', async () => {
    const before = await count(holdings);
    const bad = holdingsCsv('2025-02-28', 100, `${FUND};2025-02-28;YOKBOYLE;10;;;`);
    const response = await upload(api, runner, 'holdings', bad);
    expect(response.statusCode).toBe(422);
    expect(response.json<Problem>().errors).toEqual([
      expect.objectContaining({ row: 4, field: 'Yatırım Aracı Kodu', value: 'YOKBOYLE' }),
    ]);
    expect(await count(holdings)).toBe(before);
  });

  it('gives back the heap after every import, accepted or refused (decision 0121)', async () => {
    const exposed = globalThis.gc;
    const gc = vi.fn();
    globalThis.gc = gc;
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      const accepted = await upload(api, runner, 'holdings', holdingsCsv('2025-04-30', 700));
      expect(accepted.statusCode, accepted.body).toBe(200);
      await turn();
      expect(gc).toHaveBeenCalledTimes(1);
      const refused = await upload(api, runner, 'prices', 'ticker,date,close\nYOK,2025-01-02,abc');
      expect(refused.statusCode, refused.body).toBe(422);
      await turn();
      expect(gc).toHaveBeenCalledTimes(2);
    } finally {
      globalThis.gc = exposed;
    }
  });

  it('refuses uploads by an observer (403) and a request without a file (400)', async () => {
    const refused = await upload(
      api,
      observer,
      'prices',
      `ticker,date,close\n${P}HIS1,2025-03-03,1\n`,
    );
    expect(refused.statusCode).toBe(403);
    const noFile = await api.call('POST', '/api/imports/prices', { token: runner, body: {} });
    expect(noFile.statusCode).toBe(400);
  });

  it('serves each template as xlsx and csv', async () => {
    const xlsx = await api.call('GET', '/api/imports/templates/holdings?format=xlsx', {
      token: observer,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const csv = await api.call('GET', '/api/imports/templates/prices?format=csv', {
      token: observer,
    });
    expect(csv.body).toMatch(/Sembol/);
  });
});
