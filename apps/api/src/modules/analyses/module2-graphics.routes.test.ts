// Active share and risk graphics through the run endpoints: who may start them, and bad inputs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { benchmarks, eq, portfolios } from '@fonrisk/db';
import { seedHoldings } from '../../testing/run-fixtures.ts';
import { createAccessTokens } from '../auth/access-token.ts';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../../testing/test-api.ts';

const activeShare = {
  analysisType: 'active-share',
  inputs: { portfolioCodes: ['DHS'], asOfDate: '2026-01-05' },
};
const riskGraphic = {
  analysisType: 'risk-graphic',
  inputs: { portfolioCodes: ['DHS'], fromDate: '2025-01-05', toDate: '2026-01-05' },
};

describe('active-share and risk-graphic runs', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let moduleOneOnly: string;

  beforeAll(async () => {
    api = await createTestApi();
    // DHS follows the holdings of DHS-REF (its reference benchmark), as active share needs.
    const db = api.database.db;
    await seedHoldings(db, 'DHS-REF', ['2026-01-02']);
    await db.insert(benchmarks).values({
      code: 'DHS-OLCUT',
      name: 'DHS ölçütü',
      kind: 'holdings',
      holdingsPortfolioCode: 'DHS-REF',
    });
    await seedHoldings(db, 'DHS', ['2026-01-02']);
    await db
      .update(portfolios)
      .set({ referenceBenchmarkCode: 'DHS-OLCUT' })
      .where(eq(portfolios.code, 'DHS'));
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    moduleOneOnly = await createAccessTokens(TEST_JWT_SECRET, 3600).sign({
      id: 1,
      role: 'Hesaplayici',
      modules: [1],
      fullName: 'Modül Bir',
      tokenVersion: 0,
    });
  });
  afterAll(() => api.close());

  it('queues both for a runner and refuses observers and users without module 2 (403)', async () => {
    for (const body of [activeShare, riskGraphic]) {
      const ok = await api.call('POST', '/api/analyses/runs', { token: runner, body });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Run>()).toMatchObject({ analysisType: body.analysisType, status: 'queued' });
      for (const token of [observer, moduleOneOnly]) {
        const refused = await api.call('POST', '/api/analyses/runs', { token, body });
        expect(refused.statusCode).toBe(403);
      }
    }
  });

  it('answers bad inputs with Turkish field errors (400)', async () => {
    const bad = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: {
        analysisType: 'risk-graphic',
        inputs: { portfolioCodes: ['DHS'], fromDate: '2026-01-05', toDate: '2025-01-05' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string; message: string }[] }>().errors).toEqual([
      { field: 'inputs.toDate', message: 'bitiş tarihi başlangıçtan sonra olmalı' },
    ]);
    const window = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: { ...activeShare, inputs: { ...activeShare.inputs, windowDays: 3 } },
    });
    expect(window.statusCode).toBe(400);
    expect(window.json<{ errors: { field: string; message: string }[] }>().errors).toEqual([
      { field: 'inputs.windowDays', message: 'gözlem süresi en az 20 iş günü olmalı' },
    ]);
  });
});
