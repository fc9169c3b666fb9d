import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, type Run, type RunListResponse } from '@fonrisk/contracts';
import { analysisRuns, eq, inArray } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { runListQuery } from './analyses.repository.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';

const leverage = (code: string) => ({
  analysisType: 'leverage',
  inputs: { portfolioCodes: [code], asOfDate: '2025-01-02' },
});

/** Issue 14: found when the API was tried as an outsider would. */
describe('analysis runs under attack', () => {
  let api: TestApi;
  let runner: string;
  let otherRunner: string;
  let admin: string;

  beforeAll(async () => {
    api = await createTestApi();
    await seedHoldings(api.database.db, 'ABC', ['2025-01-02']);
    runner = (await api.login('hesaplayici')).accessToken;
    otherRunner = (await api.login('kisitli')).accessToken;
    admin = (await api.login('admin')).accessToken;
  });
  afterAll(() => api.close());

  async function start(token: string): Promise<Run> {
    const r = await api.call('POST', '/api/analyses/runs', { token, body: leverage('ABC') });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<Run>();
  }

  it('lets a Hesaplayıcı cancel only its own runs, and an Admin any run', async () => {
    const mine = await start(runner);
    const refused = await api.call('POST', `/api/analyses/runs/${mine.id}/cancel`, {
      token: otherRunner,
    });
    expect(refused.statusCode).toBe(403);
    expect(ProblemSchema.parse(refused.json()).detail).toBe(
      'Yalnızca kendi başlattığınız analizleri iptal edebilirsiniz.',
    );
    const [still] = await api.database.db
      .select({ status: analysisRuns.status })
      .from(analysisRuns)
      .where(eq(analysisRuns.id, mine.id));
    expect(still?.status, 'the refused cancel changed nothing').toBe('queued');

    const own = await api.call('POST', `/api/analyses/runs/${mine.id}/cancel`, { token: runner });
    expect(own.statusCode).toBe(200);
    const another = await start(runner);
    const byAdmin = await api.call('POST', `/api/analyses/runs/${another.id}/cancel`, {
      token: admin,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<Run>().status).toBe('cancelled');
  });

  it('lists runs without reading their result bodies', async () => {
    const run = await start(runner);
    const big = { rows: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(50) })) };
    await api.database.db
      .update(analysisRuns)
      .set({ status: 'done', result: big })
      .where(inArray(analysisRuns.id, [run.id]));
    const list = await api.call('GET', '/api/analyses/runs', { token: runner });
    expect(list.statusCode).toBe(200);
    const body = list.json<RunListResponse>();
    expect(body.items.some((item) => item.id === run.id)).toBe(true);
    expect(list.body.length, 'no result in the list answer').toBeLessThan(20_000);
    const { sql } = runListQuery(api.database.db, undefined, { limit: 10, offset: 0 }).toSQL();
    expect(sql, 'the list query selects summary columns only').not.toMatch(/"result"/);
    expect(sql).toMatch(/"progress_message"/);
  });
});
