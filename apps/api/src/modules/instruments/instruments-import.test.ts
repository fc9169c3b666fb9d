// An instruments file larger than one upsert statement (decision 0120): every row of every
// statement is written, new and replaced rows are counted apart, a replaced row takes the file's
// values and keeps what the file does not give (demo flag, creation time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, instruments } from '@fonrisk/db';
import type { ImportResponse } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { stock, upload } from '../data-imports/test-support.ts';
import { INSTRUMENTS_CHUNK } from './instruments.repository.ts';

describe('instruments import of more rows than one statement', () => {
  let api: TestApi;
  let runner: string;
  /** Two and a half statements' worth: the last statement is a partial one. */
  const count = INSTRUMENTS_CHUNK * 2 + INSTRUMENTS_CHUNK / 2;
  const code = (i: number) => `BTC${String(i).padStart(5, '0')}`;
  /** Stored before the import: one in each statement, the first and the last row of the file. */
  const stored = [0, INSTRUMENTS_CHUNK + 7, count - 1];

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await api.database.db.insert(instruments).values(
      stored.map((i) => ({
        ...stock(code(i), `Eski Ad ${String(i)}`),
        sector: 'Eski Sektör',
        isDemo: true,
        createdAt: new Date('2026-01-02T00:00:00Z'),
        updatedAt: new Date('2026-01-02T00:00:00Z'),
      })),
    );
  });
  afterAll(() => api.close());

  it('writes all rows, counts the new ones, and replaces the stored ones on confirmation', async () => {
    const lines = ['Yatırım Aracı Kodu;Yatırım Aracı Adı;Ana Tür;Döviz Cinsi;Sektör'];
    // The file's order is not the code order: the rows are written in code order all the same.
    for (let i = count - 1; i >= 0; i--)
      lines.push(`${code(i)};Hisse ${String(i)};Hisse Senedi;TRY;Sektör ${String(i % 7)}`);
    const csv = lines.join('\n');

    const refused = await upload(api, runner, 'instruments', csv);
    expect(refused.statusCode, refused.body).toBe(409);
    const untouched = await api.database.db
      .select()
      .from(instruments)
      .where(eq(instruments.code, code(INSTRUMENTS_CHUNK + 7)));
    expect(untouched[0]).toMatchObject({ name: `Eski Ad ${String(INSTRUMENTS_CHUNK + 7)}` });
    expect(await api.database.db.$count(instruments)).toBe(stored.length);

    const confirmed = await upload(api, runner, 'instruments', csv, '?confirmReplace=true');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ImportResponse>()).toMatchObject({
      rowCount: count,
      inserted: count - stored.length,
      updated: stored.length,
    });

    const rows = await api.database.db.select().from(instruments).orderBy(asc(instruments.code));
    expect(rows).toHaveLength(count);
    rows.forEach((row, i) => {
      expect(row).toMatchObject({
        code: code(i),
        name: `Hisse ${String(i)}`,
        mainType: 'stock',
        currency: 'TRY',
        sector: `Sektör ${String(i % 7)}`,
        isDemo: stored.includes(i),
      });
    });
    for (const i of stored) {
      const row = rows[i]!;
      expect(row.createdAt.toISOString()).toBe('2026-01-02T00:00:00.000Z');
      expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }
  });
});
