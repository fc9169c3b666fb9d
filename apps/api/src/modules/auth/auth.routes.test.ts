import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, Role } from '@fonrisk/contracts';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../../testing/test-api.ts';

const LOGIN = '/api/Authorization/Login';

describe('POST Authorization/Login', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({
      jwtTtlSeconds: 1234,
      login: { maxFailures: 3, windowMinutes: 15 },
    });
  });
  afterAll(() => api.close());

  it('answers the token and the fields the SPA stores', async () => {
    const body = await api.login('kisitli');
    expect(body).toMatchObject({
      userRole: Role.Hesaplayici,
      fullName: 'Zeynep Arslan',
      module: '1,3',
    });
    expect(body.accessToken.split('.'), 'a JWT has three segments').toHaveLength(3);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      userId: body.userId,
      role: Role.Hesaplayici,
      modules: [1, 3],
      fullName: 'Zeynep Arslan',
    });
    expect(claims.exp! - claims.iat!, 'lifetime comes from JWT_TTL_SECONDS').toBe(1234);
  });

  it('records the login time', async () => {
    const { userId, accessToken } = await api.login('hesaplayici');
    const user = await api.call('GET', `/api/Authorization/UserListById?Id=${userId}`, {
      token: accessToken,
    });
    expect(user.json<{ lastLoginAt: string | null }>().lastLoginAt).not.toBeNull();
  });

  it('rejects a wrong password and an unknown user with the same 401 problem', async () => {
    for (const username of ['admin', 'kimse-yok']) {
      const r = await api.call('POST', LOGIN, {
        body: { username, password: 'yanlis-parola' },
        remoteAddress: '10.0.0.9',
      });
      expect(r.statusCode).toBe(401);
      expect(r.json<{ detail: string }>().detail).toBe('Kullanıcı adı veya parola hatalı.');
    }
  });

  it('refuses an inactive account with its own message', async () => {
    const { accessToken } = await api.login('superadmin');
    const created = await api.call('POST', '/api/Authorization/Users', {
      token: accessToken,
      body: {
        username: 'pasif',
        fullName: 'Pasif Kullanıcı',
        password: 'Gecici.Parola1',
        role: Role.Gozlemleyici,
        modules: [1],
      },
    });
    const id = created.json<{ id: number }>().id;
    await api.call('PUT', `/api/Authorization/Users/${id}`, {
      token: accessToken,
      body: { fullName: 'Pasif Kullanıcı', role: Role.Gozlemleyici, active: false },
    });
    const r = await api.call('POST', LOGIN, {
      body: { username: 'pasif', password: 'Gecici.Parola1' },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json<{ detail: string }>().detail).toBe(
      'Hesabınız pasif durumda. Yöneticinize başvurun.',
    );
  });

  it('answers 429 with Retry-After after the configured failures for one username and address', async () => {
    const attempt = (password: string, remoteAddress: string, username = 'gozlemleyici') =>
      api.call('POST', LOGIN, { body: { username, password }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await attempt('yanlis', '10.1.1.1')).statusCode).toBe(401);

    const blocked = await attempt('Fonrisk.2026', '10.1.1.1');
    expect(blocked.statusCode, 'even the right password waits out the block').toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json<{ detail: string }>().detail).toBe(
      'Çok fazla hatalı giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.',
    );
    expect(
      (await attempt('Fonrisk.2026', '10.1.1.2')).statusCode,
      'another address is not blocked',
    ).toBe(200);
    expect(
      (await attempt('Fonrisk.2026', '10.1.1.1', 'admin')).statusCode,
      'another username is not blocked',
    ).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const attempt = (password: string) =>
      api.call('POST', LOGIN, {
        body: { username: 'hesaplayici', password },
        remoteAddress: '10.2.2.2',
      });
    for (let i = 0; i < 2; i++) expect((await attempt('yanlis')).statusCode).toBe(401);
    expect((await attempt('Fonrisk.2026')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('yanlis')).statusCode).toBe(401);
    expect((await attempt('Fonrisk.2026')).statusCode, 'only two failures since the reset').toBe(
      200,
    );
  });

  it('validates the body with Turkish field messages', async () => {
    const r = await api.call('POST', LOGIN, { body: { username: '', password: '' } });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'username', message: 'Kullanıcı adı gerekli.' },
      { field: 'password', message: 'Parola gerekli.' },
    ]);
  });
});

describe('bearer tokens', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const sign = (exp: number, secret = TEST_JWT_SECRET) =>
    new SignJWT({
      userId: 1,
      role: Role.SuperAdmin,
      modules: [1, 2, 3, 4, 5],
      fullName: 'Selin Aydın',
      tv: 0,
      sid: 'elle-imzalanmis',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  it('rejects an expired token with 401', async () => {
    const expired = await sign(Math.floor(Date.now() / 1000) - 10);
    const r = await api.call('GET', '/api/Authorization/Roles', { token: expired });
    expect(r.statusCode).toBe(401);
    expect(ProblemSchema.parse(r.json()).detail).toMatch(/süresi dolmuş/);
  });

  it('rejects a token signed with another secret, a two-segment token and no token', async () => {
    const forged = await sign(
      Math.floor(Date.now() / 1000) + 600,
      'another-secret-another-secret-another-secret',
    );
    for (const token of [forged, 'abc.def', undefined]) {
      expect((await api.call('GET', '/api/Authorization/Roles', { token })).statusCode).toBe(401);
    }
  });

  it('accepts a valid token and lists the four roles with Turkish labels', async () => {
    const valid = await sign(Math.floor(Date.now() / 1000) + 600);
    const r = await api.call('GET', '/api/Authorization/Roles', { token: valid });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { name: 'Admin', label: 'Yönetici' },
      { name: 'Hesaplayici', label: 'Hesaplayıcı' },
      { name: 'Gozlemleyici', label: 'Gözlemleyici' },
      { name: 'Super Admin', label: 'Süper Yönetici' },
    ]);
  });
});

describe('POST Authorization/ChangePassword', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('changes the own password after checking the current one', async () => {
    const { accessToken } = await api.login('gozlemleyici');
    const wrong = await api.call('POST', '/api/Authorization/ChangePassword', {
      token: accessToken,
      body: { currentPassword: 'tahmin-edilen', newPassword: 'Yeni.Parola.2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'currentPassword', message: 'Mevcut parola hatalı.' },
    ]);

    const ok = await api.call('POST', '/api/Authorization/ChangePassword', {
      token: accessToken,
      body: { currentPassword: 'Fonrisk.2026', newPassword: 'Yeni.Parola.2026' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ changed: true });
    await expect(api.login('gozlemleyici'), 'old password no longer works').rejects.toThrow(/401/);
    expect((await api.login('gozlemleyici', 'Yeni.Parola.2026')).userRole).toBe(Role.Gozlemleyici);
  });

  it('refuses a new password shorter than ten characters', async () => {
    const { accessToken } = await api.login('kisitli');
    const r = await api.call('POST', '/api/Authorization/ChangePassword', {
      token: accessToken,
      body: { currentPassword: 'Fonrisk.2026', newPassword: 'kisa' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'newPassword', message: 'Parola en az 10 karakter olmalı.' },
    ]);
  });
});
