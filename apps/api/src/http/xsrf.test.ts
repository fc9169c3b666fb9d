import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.ts';

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
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
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
});
