import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq, instruments, portfolioCashFlows, portfolios } from '@fonrisk/db';
import type { CashFlow } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

describe('cash-flow model of portfolios', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const path = '/api/portfolios/MUSTEST/cash-flows';

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await api.database.db
      .insert(portfolios)
      .values({ code: 'MUSTEST', name: 'Test Müşterisi', kind: 'customer' });
    await api.database.db
      .insert(instruments)
      .values({ code: 'HISSE1', name: 'Hisse 1', mainType: 'stock', currency: 'TRY' });
  });
  afterAll(() => api.close());

  it('stores flows of every kind and lists them by date, with an audit record', async () => {
    const res = await api.call('POST', path, {
      token: runner,
      body: {
        flows: [
          { flowDate: '2025-03-10', kind: 'withdrawal', amountTry: 2500 },
          { flowDate: '2025-02-01', kind: 'deposit', amountTry: 100000, note: 'İlk yatırım' },
          {
            flowDate: '2025-02-15',
            kind: 'transferIn',
            amountTry: 15000,
            instrumentCode: 'HISSE1',
            nominal: 300,
          },
          { flowDate: '2025-02-28', kind: 'fee', amountTry: 120.5 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const list = await api.call('GET', path, { token: observer });
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: CashFlow[] }>().items;
    expect(items.map((f) => [f.flowDate, f.kind, f.amountTry])).toEqual([
      ['2025-02-01', 'deposit', 100000],
      ['2025-02-15', 'transferIn', 15000],
      ['2025-02-28', 'fee', 120.5],
      ['2025-03-10', 'withdrawal', 2500],
    ]);
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cash-flow.create'));
    expect(audits).toHaveLength(1);
  });

  it('is all or nothing: an unknown security in row 2 stores nothing and names the row in Turkish', async () => {
    const before = await api.database.db.select().from(portfolioCashFlows);
    const res = await api.call('POST', path, {
      token: runner,
      body: {
        flows: [
          { flowDate: '2025-04-01', kind: 'deposit', amountTry: 10 },
          {
            flowDate: '2025-04-02',
            kind: 'transferOut',
            amountTry: 10,
            instrumentCode: 'YOKBOYLE',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(
      '2. akış: YOKBOYLE kodlu varlık tanımı bulunamadı.',
    );
    expect(await api.database.db.select().from(portfolioCashFlows)).toHaveLength(before.length);
  });

  it('rejects bad fields with Turkish messages: a negative amount, a transfer without security', async () => {
    const res = await api.call('POST', path, {
      token: runner,
      body: {
        flows: [
          { flowDate: '2025-04-01', kind: 'withdrawal', amountTry: -5 },
          { flowDate: '2025-04-02', kind: 'transferIn', amountTry: 10 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('tutar sıfırdan büyük olmalı');
    expect(res.body).toContain('kıymet virmanında varlık kodu gerekli');
  });

  it('lets observers read but not write, and deletes a flow for runners', async () => {
    const denied = await api.call('POST', path, {
      token: observer,
      body: { flows: [{ flowDate: '2025-04-01', kind: 'deposit', amountTry: 10 }] },
    });
    expect(denied.statusCode).toBe(403);
    const items = (await api.call('GET', path, { token: runner })).json<{ items: CashFlow[] }>()
      .items;
    const fee = items.find((f) => f.kind === 'fee')!;
    expect((await api.call('DELETE', `${path}/${fee.id}`, { token: observer })).statusCode).toBe(
      403,
    );
    expect((await api.call('DELETE', `${path}/${fee.id}`, { token: runner })).statusCode).toBe(204);
    const missing = await api.call('DELETE', `${path}/${fee.id}`, { token: runner });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toBe(
      `${fee.id} numaralı nakit akışı bulunamadı.`,
    );
  });

  it('answers an unknown portfolio with 404 in Turkish', async () => {
    const res = await api.call('GET', '/api/portfolios/YOKPORT/cash-flows', { token: runner });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toBe('YOKPORT kodlu portföy bulunamadı.');
  });
});
