// A corporate-actions file written in two statements (decision 0120): new and replaced actions
// counted apart, the replaced ones in the audit entry with their stored figures, in the file's
// order, and every action stored with the file's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, auditLog, corporateActions, desc, eq } from '@fonrisk/db';
import type { ImportResponse } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from './test-support.ts';

const P = 'K';

describe('corporate actions import', () => {
  let api: TestApi;
  let runner: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await seedMasterData(api.database.db, P);
    await api.database.db.insert(corporateActions).values([
      { instrumentCode: `${P}HIS2`, kind: 'bonus', exDate: '2025-02-03', ratio: 25, note: 'eski' },
      { instrumentCode: `${P}HIS1`, kind: 'split', exDate: '2025-01-06', ratio: 2, note: null },
    ]);
  });
  afterAll(() => api.close());

  it('inserts the new actions, replaces the stored ones and keeps their old figures in the audit entry', async () => {
    const csv = [
      'Yatırım Aracı Kodu;İşlem Türü;Hak Kullanım Tarihi;Oran;Pay Başına Temettü;Bedelli Fiyatı;Not',
      `${P}HIS2;Bedelsiz sermaye artırımı;03.02.2025;40;;;yeni oran`,
      `${P}HIS1;Nakit temettü;10.03.2025;;1,25;;`,
      `${P}HIS1;Bölünme;06.01.2025;3;;;`,
      `${P}HIS2;Bedelli sermaye artırımı;05.05.2025;10;;12,5;`,
    ].join('\n');
    const response = await upload(api, runner, 'corporateActions', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toMatchObject({ rowCount: 4, inserted: 2, updated: 2 });

    const stored = await api.database.db
      .select()
      .from(corporateActions)
      .orderBy(asc(corporateActions.instrumentCode), asc(corporateActions.exDate));
    expect(
      stored.map(({ instrumentCode, kind, exDate, ratio, amount, subscriptionPrice, note }) => ({
        instrumentCode,
        kind,
        exDate,
        ratio,
        amount,
        subscriptionPrice,
        note,
      })),
    ).toEqual([
      {
        instrumentCode: `${P}HIS1`,
        kind: 'split',
        exDate: '2025-01-06',
        ratio: 3,
        amount: null,
        subscriptionPrice: null,
        note: null,
      },
      {
        instrumentCode: `${P}HIS1`,
        kind: 'dividend',
        exDate: '2025-03-10',
        ratio: null,
        amount: 1.25,
        subscriptionPrice: null,
        note: null,
      },
      {
        instrumentCode: `${P}HIS2`,
        kind: 'bonus',
        exDate: '2025-02-03',
        ratio: 40,
        amount: null,
        subscriptionPrice: null,
        note: 'yeni oran',
      },
      {
        instrumentCode: `${P}HIS2`,
        kind: 'rights',
        exDate: '2025-05-05',
        ratio: 10,
        amount: null,
        subscriptionPrice: 12.5,
        note: null,
      },
    ]);

    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import.corporateActions'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toEqual({
      replacedActions: [
        {
          instrumentCode: `${P}HIS2`,
          kind: 'bonus',
          ex_date: '2025-02-03',
          ratio: 25,
          amount: null,
          subscription_price: null,
          note: 'eski',
        },
        {
          instrumentCode: `${P}HIS1`,
          kind: 'split',
          ex_date: '2025-01-06',
          ratio: 2,
          amount: null,
          subscription_price: null,
          note: null,
        },
      ],
    });
  });
});
