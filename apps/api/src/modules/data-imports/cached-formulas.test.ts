import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResponse } from '@fonrisk/contracts';
import { xlsxOf } from '../../imports/test-support.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from './test-support.ts';

/**
 * Issue 22, decision 0056: a formula cell with a saved result is read by that result, and the
 * answer names every such cell (for every kind: the reader and the service are shared).
 */
const P = 'CF';

describe('cells read from a saved formula result', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.login('hesaplayici')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  it('are read by their saved result and named in the answer of a prices upload', async () => {
    const file = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      [`${P}HIS1`, '02.01.2025', { formula: '100+185.75', result: 285.75 }],
      [`${P}HIS1`, '03.01.2025', 290],
    ]);
    const r = await upload(api, token, 'prices', Buffer.from(file));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ImportResponse>()).toMatchObject({
      rowCount: 2,
      cachedFormulaCount: 1,
      cachedFormulaCells: [{ cell: 'C2', row: 2, column: 'Kapanış' }],
    });
  });

  it('are named for another kind (FX rates) too, and a file without formulas names none', async () => {
    const file = await xlsxOf([
      ['Tarih', 'Döviz Kodu', 'Döviz Alış'],
      ['02.01.2025', 'USD', { formula: 'B1', result: 35.2 }],
      ['02.01.2025', 'EUR', { sharedFormula: 'C2', result: 36.9 }],
    ]);
    const r = await upload(api, token, 'fxRates', Buffer.from(file));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ImportResponse>()).toMatchObject({
      cachedFormulaCount: 2,
      cachedFormulaCells: [
        { cell: 'C2', row: 2, column: 'Döviz Alış' },
        { cell: 'C3', row: 3, column: 'Döviz Alış' },
      ],
    });
    const plain = await xlsxOf([
      ['Tarih', 'Döviz Kodu', 'Döviz Alış'],
      ['03.01.2025', 'USD', 35.3],
    ]);
    const again = await upload(api, token, 'fxRates', Buffer.from(plain));
    expect(again.json<ImportResponse>()).toMatchObject({
      cachedFormulaCount: 0,
      cachedFormulaCells: [],
    });
  });
});
