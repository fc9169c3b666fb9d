import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem, StressScenario } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { SHIPPED_SCENARIOS } from './shipped-scenarios.ts';

describe('stress scenario library', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
  });
  afterAll(() => api.close());

  const hypothetical = (name: string, shocks: Record<string, unknown>) => ({
    kind: 'hypothetical',
    name,
    description: 'test',
    shocks,
  });

  it('lists the shipped named Turkish scenarios, each with its sources in the description', async () => {
    const res = await api.call('GET', '/api/stress-scenarios', { token: observer });
    expect(res.statusCode).toBe(200);
    const list = res.json<StressScenario[]>();
    expect(list.map((s) => s.name)).toEqual(SHIPPED_SCENARIOS.map((s) => s.name));
    expect(list.every((s) => s.shipped && /kaynak|EVDS|Borsa İstanbul/i.test(s.description))).toBe(
      true,
    );
    expect(list.find((s) => s.name === 'Ağustos 2018 Kur Krizi')?.shocks?.fxPct?.['USD']).toBe(33);
  });

  it('refuses writes to observers and answers bad scenarios in Turkish, naming the field', async () => {
    const ok = hypothetical('Hisse -30', { equityPct: -30 });
    expect(
      (await api.call('POST', '/api/stress-scenarios', { token: observer, body: ok })).statusCode,
    ).toBe(403);
    const crash = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: hypothetical('Çöküş', { equityPct: -100 }),
    });
    expect(crash.statusCode).toBe(400);
    expect(JSON.stringify(crash.json<Problem>())).toContain(
      'hisse şoku -%100 veya daha kötü olamaz',
    );
    const empty = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: hypothetical('Boş', { equityPct: 0 }),
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json<Problem>())).toContain(
      'senaryoda en az bir sıfırdan farklı şok olmalı',
    );
    const reversed = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: {
        kind: 'historical',
        name: 'Ters',
        description: '',
        fromDate: '2021-12-20',
        toDate: '2021-11-01',
      },
    });
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json<Problem>())).toContain(
      'bitiş tarihi başlangıçtan sonra olmalı',
    );
  });

  it('creates, combines, protects and deletes scenarios', async () => {
    const a = (
      await api.call('POST', '/api/stress-scenarios', {
        token: runner,
        body: hypothetical('Hisse -30', { equityPct: -30 }),
      })
    ).json<StressScenario>();
    const b = (
      await api.call('POST', '/api/stress-scenarios', {
        token: runner,
        body: {
          kind: 'historical',
          name: 'Aralık 2021 tekrar',
          description: '',
          fromDate: '2021-11-01',
          toDate: '2021-12-20',
        },
      })
    ).json<StressScenario>();
    const dup = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: hypothetical('Hisse -30', { goldPct: 5 }),
    });
    expect(dup.statusCode).toBe(409);
    const combo = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: { kind: 'combination', name: 'Birleşim', description: '', componentIds: [a.id, b.id] },
    });
    expect(combo.statusCode, combo.body).toBe(200);
    const missing = await api.call('POST', '/api/stress-scenarios', {
      token: runner,
      body: { kind: 'combination', name: 'Eksik', description: '', componentIds: [a.id, 99999] },
    });
    expect(missing.json<Problem>().detail).toBe('99999 numaralı senaryo bulunamadı');
    const inUse = await api.call('DELETE', `/api/stress-scenarios/${a.id}`, { token: runner });
    expect(inUse.statusCode).toBe(409);
    const shippedId = (await api.call('GET', '/api/stress-scenarios', { token: runner })).json<
      StressScenario[]
    >()[0]!.id;
    expect(
      (await api.call('DELETE', `/api/stress-scenarios/${shippedId}`, { token: runner }))
        .statusCode,
    ).toBe(409);
    const edited = await api.call('PUT', `/api/stress-scenarios/${a.id}`, {
      token: runner,
      body: hypothetical('Hisse -35', { equityPct: -35 }),
    });
    expect(edited.json<StressScenario>().shocks?.equityPct).toBe(-35);
    const comboId = combo.json<StressScenario>().id;
    expect(
      (await api.call('DELETE', `/api/stress-scenarios/${comboId}`, { token: runner })).statusCode,
    ).toBe(204);
    expect(
      (await api.call('DELETE', `/api/stress-scenarios/${a.id}`, { token: runner })).statusCode,
    ).toBe(204);
  });
});
