import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../testing/test-api.ts';
import { xsrfBinding, xsrfValue } from './xsrf.ts';

const XSRF_DETAIL = 'Güvenlik doğrulaması başarısız (XSRF). Sayfayı yenileyip tekrar deneyin.';
const login = { username: 'admin', password: 'Fonrisk.2026' };

describe('anti-forgery (double submit)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('hands a readable XSRF-TOKEN cookie to a request that has none', async () => {
    const r = await api.call('GET', '/api/health', { xsrf: false });
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly, 'the SPA must read it').toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
    const again = await api.call('GET', '/api/health');
    expect(again.cookies, 'no new cookie when one is sent').toHaveLength(0);
  });

  it('rejects a state-changing request without the header', async () => {
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/Authorization/Login',
      headers: { cookie: 'XSRF-TOKEN=abc' },
      payload: login,
    });
    expect(r.statusCode).toBe(403);
    expect(r.json<{ detail: string }>().detail).toBe(XSRF_DETAIL);
  });

  it('rejects a header that does not match the cookie, and a header without a cookie', async () => {
    expect(
      (await api.call('POST', '/api/Authorization/Login', { body: login, xsrf: 'other-value' }))
        .statusCode,
    ).toBe(403);
    const noCookie = await api.app.inject({
      method: 'POST',
      url: '/api/Authorization/Login',
      headers: { 'x-xsrf-token': 'abc' },
      payload: login,
    });
    expect(noCookie.statusCode).toBe(403);
  });

  it('accepts a header equal to the cookie', async () => {
    expect((await api.call('POST', '/api/Authorization/Login', { body: login })).statusCode).toBe(
      200,
    );
  });

  it('checks DELETE as well, before authentication', async () => {
    const r = await api.call('DELETE', '/api/blog/posts/1', { xsrf: false });
    expect(r.statusCode).toBe(403);
  });

  it('refuses an equal cookie and header the server did not sign (a planted cookie)', async () => {
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/Authorization/Login',
      headers: { cookie: 'XSRF-TOKEN=abc.def.ghi', 'x-xsrf-token': 'abc.def.ghi' },
      payload: login,
    });
    expect(r.statusCode).toBe(403);
    expect(r.json<{ detail: string }>().detail).toBe(XSRF_DETAIL);
  });

  it('binds the value to the session at sign-in and refuses a value of another session', async () => {
    const signIn = await api.call('POST', '/api/Authorization/Login', { body: login });
    const bound = signIn.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const { accessToken } = signIn.json<{ accessToken: string }>();
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    expect(xsrfBinding(TEST_JWT_SECRET, bound), 'sign-in hands a value of its session').toBe(
      sid.sid,
    );
    const write = (value: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/blog/posts',
        headers: {
          authorization: `Bearer ${accessToken}`,
          cookie: `XSRF-TOKEN=${value}`,
          'x-xsrf-token': value,
        },
        payload: { title: 'Başlık', summary: 'Özet', body: 'Metin' },
      });
    const other = await write(xsrfValue(TEST_JWT_SECRET, 'another-session'));
    expect(other.statusCode, 'a value of another session').toBe(403);
    expect(other.json<{ detail: string }>().detail).toBe(XSRF_DETAIL);
    const anonymous = await write(xsrfValue(TEST_JWT_SECRET, 'anon'));
    expect(anonymous.statusCode, 'a value handed out before sign-in').toBe(403);
    expect((await write(bound)).statusCode, 'the value of this session').not.toBe(403);
  });

  it('hands a signed-in page whose cookie belongs to no session a value of its own', async () => {
    const { accessToken } = await api.login('admin');
    const r = await api.app.inject({
      method: 'GET',
      url: '/api/Authorization/Roles',
      headers: {
        authorization: `Bearer ${accessToken}`,
        cookie: `XSRF-TOKEN=${xsrfValue(TEST_JWT_SECRET, 'anon')}`,
      },
    });
    expect(r.statusCode).toBe(200);
    const fresh = r.cookies.filter((c) => c.name === 'XSRF-TOKEN').at(-1)?.value ?? '';
    expect(xsrfBinding(TEST_JWT_SECRET, fresh)).not.toBe('anon');
    expect(xsrfBinding(TEST_JWT_SECRET, fresh)).not.toBeNull();
  });
});
