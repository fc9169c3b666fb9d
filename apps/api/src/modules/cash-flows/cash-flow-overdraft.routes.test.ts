import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, portfolioCashFlows } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';
import { upload } from '../data-imports/test-support.ts';

interface ProblemBody {
  readonly detail: string;
  readonly errors?: { field: string; message: string; row?: number }[];
}

/**
 * Issue 21: a withdrawal larger than the portfolio's value on its date is refused when entered,
 * on the screen and by file. MUSCEK is valued 10.000 TL on 31.01.2025 and 12.000 TL on 28.02.2025.
 */
describe('withdrawals larger than the portfolio value are refused when entered', () => {
  let api: TestApi;
  let runner: string;
  const code = 'MUSCEK';
  const path = `/api/portfolios/${code}/cash-flows`;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await seedHoldings(api.database.db, code, ['2025-01-31'], { kind: 'customer', value: 10_000 });
    await seedHoldings(api.database.db, code, ['2025-02-28'], { kind: 'customer', value: 12_000 });
  });
  afterAll(() => api.close());

  const stored = async () =>
    (
      await api.database.db
        .select({ flowDate: portfolioCashFlows.flowDate, amountTry: portfolioCashFlows.amountTry })
        .from(portfolioCashFlows)
        .where(eq(portfolioCashFlows.portfolioCode, code))
    ).length;
  const enter = (flows: unknown[]) => api.call('POST', path, { token: runner, body: { flows } });

  it('refuses a withdrawal one kuruş above the value (422 naming the flow), stores nothing, and accepts the value itself', async () => {
    const over = await enter([
      { flowDate: '2025-02-10', kind: 'deposit', amountTry: 100 },
      { flowDate: '2025-02-12', kind: 'withdrawal', amountTry: 10_100.01 },
    ]);
    expect(over.statusCode, over.body).toBe(422);
    const problem = over.json<ProblemBody>();
    expect(problem.errors).toEqual([
      {
        field: 'flows.1.amountTry',
        row: 2,
        message:
          'MUSCEK portföyü: 12.02.2025 tarihli para çıkışı (10.100,01 TL), portföyün o günkü değerini (10.100,00 TL; 31.01.2025 değerlemesi ve sonraki akışlar) aşıyor.',
      },
    ]);
    expect(problem.detail).toContain('Hiçbir akış kaydedilmedi.');
    expect(await stored()).toBe(0);
    const exact = await enter([{ flowDate: '2025-02-12', kind: 'withdrawal', amountTry: 10_000 }]);
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('counts the stored flows before it: after the whole value went out, one more lira is refused', async () => {
    const more = await enter([{ flowDate: '2025-02-20', kind: 'withdrawal', amountTry: 1 }]);
    expect(more.statusCode).toBe(422);
    expect(more.json<ProblemBody>().errors?.[0]?.message).toContain(
      'portföyün o günkü değerini (0,00 TL;',
    );
    // A later valuation starts a new sub-period with its own value.
    const next = await enter([{ flowDate: '2025-03-03', kind: 'withdrawal', amountTry: 12_000 }]);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses an entry that makes a stored withdrawal exceed the value', async () => {
    const earlier = await enter([{ flowDate: '2025-02-01', kind: 'withdrawal', amountTry: 5 }]);
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json<ProblemBody>().errors?.[0]).toMatchObject({
      field: 'flows.0.amountTry',
      message: expect.stringContaining(
        'bu akışla kayıtlı 12.02.2025 tarihli para çıkışı (10.000,00 TL)',
      ) as unknown,
    });
  });

  it('refuses a file row whose withdrawal exceeds the value, naming the row; nothing is written', async () => {
    const before = await stored();
    const csv = [
      'Portföy Kodu;Akış Tarihi;Akış Türü;Tutar (TL);Yatırım Aracı Kodu;Açıklama',
      `${code};05.03.2025;Para Girişi;1.000,00;;`,
      `${code};06.03.2025;Para Çıkışı;1.000,01;;`,
    ].join('\n');
    const response = await upload(api, runner, 'cashFlows', csv);
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json<ProblemBody>().errors ?? [];
    expect(errors.map((e) => e.row)).toEqual([3]);
    expect(errors[0]?.message).toContain('06.03.2025 tarihli para çıkışı (1.000,01 TL)');
    expect(await stored()).toBe(before);
  });
});
