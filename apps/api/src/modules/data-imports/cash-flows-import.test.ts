import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, auditLog, eq, portfolioCashFlows } from '@fonrisk/db';
import type { ImportResponse, Problem } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from './test-support.ts';

const P = 'CF';
const CUSTOMER = `${P}MUS`;

/** Cash flows imported with the portfolio files (issue 13): imports/cashFlows. */
describe('imports/cashFlows', () => {
  let api: TestApi;
  let runner: string;

  const stored = () =>
    api.database.db
      .select({
        flowDate: portfolioCashFlows.flowDate,
        kind: portfolioCashFlows.kind,
        amountTry: portfolioCashFlows.amountTry,
        instrumentCode: portfolioCashFlows.instrumentCode,
      })
      .from(portfolioCashFlows)
      .where(eq(portfolioCashFlows.portfolioCode, CUSTOMER))
      .orderBy(asc(portfolioCashFlows.flowDate), asc(portfolioCashFlows.id));

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  const header = 'Portföy Kodu;Akış Tarihi;Akış Türü;Tutar (TL);Yatırım Aracı Kodu;Açıklama';

  it('loads flows under Turkish headers and kind labels, then lists the changes of a re-import until confirmed', async () => {
    const csv = [
      header,
      `${CUSTOMER};02.01.2025;Para Girişi;100.000,00;;ilk yatırım`,
      `${CUSTOMER};15.01.2025;withdrawal;25000;;`,
      `${CUSTOMER};15.01.2025;Kıymet Virmanı (Giriş);12.500,50;${P}HIS1;`,
    ].join('\n');
    const first = await upload(api, runner, 'cashFlows', csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportResponse>()).toMatchObject({
      kind: 'cashFlows',
      rowCount: 3,
      inserted: 3,
      updated: 0,
    });
    expect(await stored()).toEqual([
      { flowDate: '2025-01-02', kind: 'deposit', amountTry: 100000, instrumentCode: null },
      { flowDate: '2025-01-15', kind: 'withdrawal', amountTry: 25000, instrumentCode: null },
      {
        flowDate: '2025-01-15',
        kind: 'transferIn',
        amountTry: 12500.5,
        instrumentCode: `${P}HIS1`,
      },
    ]);

    // The same file again changes nothing: no confirmation, nothing replaced.
    const same = await upload(api, runner, 'cashFlows', csv);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<ImportResponse>()).toMatchObject({ inserted: 0, updated: 0 });
    expect(await stored()).toHaveLength(3);

    // A file that changes the flows of 15.01 and adds 31.01: 409 with the change list.
    const changed = [
      header,
      `${CUSTOMER};15.01.2025;Para Çıkışı;30000;;`,
      `${CUSTOMER};31.01.2025;Para Girişi;5000;;`,
    ].join('\n');
    const refused = await upload(api, runner, 'cashFlows', changed);
    expect(refused.statusCode).toBe(409);
    const problem = refused.json<Problem>();
    expect(problem.conflicts).toEqual([
      { portfolioCode: CUSTOMER, portfolioDate: '2025-01-15', existingRows: 2 },
    ]);
    expect(problem.detail).toContain(
      `${CUSTOMER} 2025-01-15: kayıtlı 2 akış, net -12.499,50 TL → dosyada 1 akış, net -30.000,00 TL`,
    );
    expect(await stored(), 'nothing written before the confirmation').toHaveLength(3);

    const confirmed = await upload(api, runner, 'cashFlows', changed, '?confirmReplace=true');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ImportResponse>()).toMatchObject({
      inserted: 1,
      updated: 1,
      replacedSnapshots: [{ portfolioCode: CUSTOMER, portfolioDate: '2025-01-15' }],
    });
    expect(await stored()).toEqual([
      { flowDate: '2025-01-02', kind: 'deposit', amountTry: 100000, instrumentCode: null },
      { flowDate: '2025-01-15', kind: 'withdrawal', amountTry: 30000, instrumentCode: null },
      { flowDate: '2025-01-31', kind: 'deposit', amountTry: 5000, instrumentCode: null },
    ]);
    const [audit] = await api.database.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.action, 'import.cashFlows'))
      .orderBy(asc(auditLog.id))
      .offset(2);
    expect(audit?.before, 'the replaced flows stay in the audit trail').toMatchObject({
      replacedFlows: [
        expect.objectContaining({ flowDate: '2025-01-15', kind: 'withdrawal', amountTry: 25000 }),
        expect.objectContaining({ flowDate: '2025-01-15', kind: 'transferIn' }),
      ],
    });
  });

  it('rejects a file with any bad row whole, naming the row and the field in Turkish', async () => {
    const before = await stored();
    const csv = [
      header,
      `${CUSTOMER};03.02.2025;Para Girişi;1000;;iyi satır`,
      `YOKPORTFOY;03.02.2025;Para Girişi;1000;;`,
      `${CUSTOMER};04.02.2025;Para Girişi;-5;;`,
      `${CUSTOMER};05.02.2025;Kıymet Virmanı (Çıkış);500;;`,
      `${CUSTOMER};06.02.2025;hediye;500;;`,
    ].join('\n');
    const response = await upload(api, runner, 'cashFlows', csv);
    expect(response.statusCode).toBe(422);
    const problem = response.json<Problem>();
    expect(problem.detail).toBe('Dosya reddedildi: 4 satırda hata var. Hiçbir kayıt yazılmadı.');
    expect(problem.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'Portföy Kodu', value: 'YOKPORTFOY' }),
      expect.objectContaining({ row: 4, field: 'Tutar (TL)' }),
      expect.objectContaining({ row: 5, field: 'Yatırım Aracı Kodu' }),
      expect.objectContaining({ row: 6, field: 'Akış Türü', value: 'hediye' }),
    ]);
    expect(problem.errors![1]!.message).toContain('Satır 4');
    expect(await stored(), 'the good row 2 was not written either').toEqual(before);
  });

  it('serves the cash-flows template', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/api/imports/templates/cashFlows?format=csv',
      headers: api.headers(runner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\n')[0]).toContain('Akış Türü');
  });
});
