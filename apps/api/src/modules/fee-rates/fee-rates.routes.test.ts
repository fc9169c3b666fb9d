import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq, portfolios } from '@fonrisk/db';
import type { PortfolioFeeRate, Problem } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

describe('portfolios/{code}/fee-rate: the stored fee rate of the gross-of-fee add-back', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const path = '/api/portfolios/FEEFON/fee-rate';

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await api.database.db
      .insert(portfolios)
      .values({ code: 'FEEFON', name: 'Ücret Test Fonu', kind: 'fund' });
  });
  afterAll(() => api.close());

  it('reads none, stores a rate, replaces it, and keeps both in the audit trail', async () => {
    const empty = await api.call('GET', path, { token: observer });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<PortfolioFeeRate>()).toMatchObject({ annualFeeRatePct: null });

    const put = await api.call('PUT', path, { token: runner, body: { annualFeeRatePct: 2.25 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<PortfolioFeeRate>()).toMatchObject({
      portfolioCode: 'FEEFON',
      annualFeeRatePct: 2.25,
      isDemo: false,
    });
    await api.call('PUT', path, { token: runner, body: { annualFeeRatePct: 1.5 } });
    const read = await api.call('GET', path, { token: observer });
    expect(read.json<PortfolioFeeRate>().annualFeeRatePct).toBe(1.5);
    const audit = await api.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'fee-rate.update'));
    expect(audit).toHaveLength(2);
    expect(audit[1]!.before).toMatchObject({ annualFeeRatePct: 2.25 });
    expect(audit[1]!.after).toMatchObject({ annualFeeRatePct: 1.5 });
  });

  it('refuses a rate out of range in Turkish, an observer, and an unknown portfolio', async () => {
    const bad = await api.call('PUT', path, { token: runner, body: { annualFeeRatePct: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json<Problem>())).toContain('negatif olamaz');
    const observed = await api.call('PUT', path, {
      token: observer,
      body: { annualFeeRatePct: 1 },
    });
    expect(observed.statusCode).toBe(403);
    const unknown = await api.call('GET', '/api/portfolios/YOKFON/fee-rate', { token: observer });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Problem>().detail).toBe('YOKFON kodlu portföy bulunamadı.');
  });
});
