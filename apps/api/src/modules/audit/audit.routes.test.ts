import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListResponseSchema, Role } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { listEndpoints } from '../../testing/endpoints.ts';

describe('GET audit-log', () => {
  let api: TestApi;
  let admin: string;
  let userId: number;

  beforeAll(async () => {
    api = await createTestApi();
    admin = (await api.login('admin')).accessToken;
    const created = await api.call('POST', '/api/Authorization/Users', {
      token: admin,
      body: {
        username: 'iz.kisi',
        fullName: 'İz Kişi',
        password: 'Gecici.Parola1',
        role: Role.Gozlemleyici,
        modules: [1],
      },
      remoteAddress: '192.0.2.77',
    });
    userId = created.json<{ id: number }>().id;
    await api.call('PUT', `/api/Authorization/Users/${String(userId)}`, {
      token: admin,
      body: { fullName: 'İz Kişi', role: Role.Hesaplayici, active: true },
    });
  });
  afterAll(() => api.close());

  it('records who, when, from where, what and the values before and after', async () => {
    const r = await api.call('GET', '/api/audit-log?entity=user&action=user.&actor=admin', {
      token: admin,
    });
    expect(r.statusCode).toBe(200);
    const body = AuditListResponseSchema.parse(r.json());
    const create = body.items.find(
      (e) => e.action === 'user.create' && e.entityId === String(userId),
    );
    expect(create).toMatchObject({
      actorUsername: 'admin',
      entity: 'user',
      clientAddress: '192.0.2.77',
    });
    expect(create?.traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(create!.occurredAt)).toBeLessThan(60_000);
    const update = body.items.find((e) => e.action === 'user.update');
    expect(update?.before).toMatchObject({ role: Role.Gozlemleyici });
    expect(update?.after).toMatchObject({ role: Role.Hesaplayici });
    expect(body.items[0]!.id, 'newest first').toBeGreaterThan(body.items.at(-1)!.id);
  });

  it('filters by date, user and action', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const none = await api.call('GET', '/api/audit-log?to=2000-01-01', { token: admin });
    expect(AuditListResponseSchema.parse(none.json()).total).toBe(0);
    const todays = await api.call('GET', `/api/audit-log?from=${today}&action=update`, {
      token: admin,
    });
    const items = AuditListResponseSchema.parse(todays.json()).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.action.includes('update'))).toBe(true);
    const other = await api.call('GET', '/api/audit-log?actor=kimse', { token: admin });
    expect(AuditListResponseSchema.parse(other.json()).total).toBe(0);
    const bad = await api.call('GET', '/api/audit-log?from=dün', { token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered trail as Excel with Turkish headers', async () => {
    const r = await api.call('GET', '/api/audit-log/export?entity=user', { token: admin });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/denetim-izi-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Denetim İzi')!;
    expect(sheet.getRow(1).values).toContain('Önceki Değer');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Zaman',
      'Kullanıcı',
      'Kullanıcı No',
      'İşlem',
      'İşlem Kodu',
      'Kayıt Türü',
      'Kayıt',
      'İstemci Adresi',
      'İz No',
      'Önceki Değer',
      'Sonraki Değer',
    ]);
    // Each action in Turkish, its code beside it; the kind of record in Turkish.
    const actions = sheet.getColumn(4).values.slice(2);
    expect(actions).toContain('Kullanıcı ekleme');
    expect(actions).toContain('Kullanıcı güncelleme');
    expect(sheet.getColumn(5).values.slice(2)).toContain('user.update');
    expect(new Set(sheet.getColumn(6).values.slice(2))).toEqual(new Set(['Kullanıcı']));
  });

  it('is for Admin and Super Admin only, and cannot be edited or deleted through the API', async () => {
    for (const user of ['hesaplayici', 'gozlemleyici']) {
      const token = (await api.login(user)).accessToken;
      expect((await api.call('GET', '/api/audit-log', { token })).statusCode).toBe(403);
    }
    const writes = listEndpoints(api.app).filter(
      (e) => e.path.startsWith('/api/audit-log') && e.method !== 'GET',
    );
    expect(writes, 'no write route exists on the trail').toEqual([]);
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'] as const) {
      const r = await api.call(method, '/api/audit-log', { token: admin, body: {} });
      expect(r.statusCode, method).toBe(404);
    }
  });
});
