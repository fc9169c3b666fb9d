import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../auth/access-token.ts';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../../testing/test-api.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';

const body = (analysisType: string, inputs: Record<string, unknown> = {}) => ({
  analysisType,
  inputs: { portfolioCodes: ['DHS'], asOfDate: '2025-01-02', ...inputs },
});

describe('liquidity-test and concentration-risk runs through the API', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let moduleThreeOnly: string;

  beforeAll(async () => {
    api = await createTestApi();
    await seedHoldings(api.database.db, 'DHS', ['2025-01-02']);
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    moduleThreeOnly = await createAccessTokens(TEST_JWT_SECRET, 3600).sign({
      id: 1,
      role: 'Hesaplayici',
      modules: [3],
      fullName: 'Modül Üç',
      tokenVersion: 0,
    });
  });
  afterAll(() => api.close());

  it('queues both types for hesaplayici with their defaults filled', async () => {
    for (const type of ['liquidity-test', 'concentration-risk']) {
      const res = await api.call('POST', '/api/analyses/runs', { token: runner, body: body(type) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ status: string }>().status).toBe('queued');
    }
  });

  it('refuses gozlemleyici and users without Module 2 (403)', async () => {
    const observed = await api.call('POST', '/api/analyses/runs', {
      token: observer,
      body: body('concentration-risk'),
    });
    expect(observed.statusCode).toBe(403);
    for (const type of ['liquidity-test', 'concentration-risk']) {
      const res = await api.call('POST', '/api/analyses/runs', {
        token: moduleThreeOnly,
        body: body(type),
      });
      expect(res.statusCode, type).toBe(403);
    }
  });

  it('answers bad inputs with Turkish field errors (400)', async () => {
    const res = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: body('liquidity-test', {
        participationRate: -0.2,
        scenarios: [{ name: 'X', redemptionShare: 0.1, horizonDays: 0 }],
      }),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(errors).toContainEqual({
      field: 'inputs.participationRate',
      message: 'katılım oranı sıfırdan büyük olmalı',
    });
    expect(errors).toContainEqual({
      field: 'inputs.scenarios.0.horizonDays',
      message: 'vade en az 1 iş günü olmalı',
    });
    const limits = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: body('concentration-risk', {
        limits: { issuer: { enabled: true, limit: -0.1, threshold: null } },
      }),
    });
    expect(limits.statusCode).toBe(400);
    expect(limits.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'limit negatif olamaz',
    );
  });
});
