import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, Role } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { listEndpoints, sampleUrl } from '../testing/endpoints.ts';
import { NUL_DETAIL } from '../http/input-guard.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../http/hardening.ts';

const LOGIN = '/api/Authorization/Login';

describe('security headers, CORS, limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({
      trustProxy: '10.9.0.1',
      connectionLimits: {
        headersTimeoutMs: 800,
        requestTimeoutMs: 60_000,
        keepAliveTimeoutMs: 600,
      },
    });
  });
  afterAll(() => api.close());

  it('sends CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy on every answer, errors included', async () => {
    for (const url of ['/api/health', '/api/yok', '/api/Authorization/Roles']) {
      const r = await api.call('GET', url);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      // The PDF previews frame the blob: URL of the PDF the SPA fetched; nothing else is framed.
      expect(csp).toMatch(/frame-src 'self' blob:(;|$)/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['strict-transport-security'], 'no HSTS over plain HTTP').toBeUndefined();
    }
  });

  it('sends HSTS when the trusted proxy says the request came over TLS, and only then', async () => {
    const viaProxy = await api.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const spoofed = await api.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps CORS closed: no Access-Control-Allow-* for another origin, preflight included', async () => {
    const r = await api.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://kotu.example' },
    });
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/Authorization/Users',
      headers: {
        origin: 'https://kotu.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('marks the anti-forgery cookie SameSite=Strict (readable by the SPA on purpose)', async () => {
    const r = await api.call('GET', '/api/health', { xsrf: false });
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });
    const secure = await createTestApi({ cookieSecure: true });
    try {
      const s = await secure.call('GET', '/api/health', { xsrf: false });
      expect(s.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('refuses a JSON body over 1 MB with a Turkish 413 problem', async () => {
    const { accessToken } = await api.login('admin');
    const r = await api.call('POST', '/api/blog/posts', {
      token: accessToken,
      body: { title: 'x', summary: 'y', body: 'z'.repeat(1_200_000) },
    });
    expect(r.statusCode).toBe(413);
    const problem = ProblemSchema.parse(r.json());
    expect(problem.detail).toMatch(/izin verilen boyutu aşıyor/);
  });

  it('refuses an upload over 50 MB with a Turkish 413 problem', async () => {
    const { accessToken } = await api.login('admin');
    const boundary = 'sinir';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="buyuk.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.alloc(51 * 1024 * 1024, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/imports/prices',
      headers: {
        ...api.headers(accessToken),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(r.statusCode).toBe(413);
    expect(ProblemSchema.parse(r.json()).detail).toMatch(/50 MB/);
  });

  async function listening(): Promise<number> {
    if (!api.app.server.listening) await api.app.listen({ host: '127.0.0.1', port: 0 });
    const address = api.app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  it('answers 431 to oversized headers and drops a slow-loris client', async () => {
    const port = await listening();
    const big = await fetch(`http://127.0.0.1:${String(port)}/api/health`, {
      headers: { 'x-dolgu': 'a'.repeat(20 * 1024) },
    });
    expect(big.status).toBe(431);

    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
        // ...and never finishes the header block.
      });
      socket.on('data', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => undefined);
    });
    expect(closedAfter, 'closed by the header timeout, not left open').toBeLessThan(20_000);
  });

  // An idle keep-alive connection stays open for the configured time (fastify's 72 s by default),
  // not Node's 5 s: the server factory used to drop it, and a client reusing its pooled connection
  // as the server closed it got ECONNRESET.
  it('keeps an idle keep-alive connection open for the configured time, then closes it', async () => {
    expect(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs).toBe(72_000);
    const port = await listening();
    const socket = connect(port, '127.0.0.1');
    const answers: string[] = [];
    socket.on('data', (chunk: Buffer) => answers.push(chunk.toString('latin1')));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const request = 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n';
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(request);
    await new Promise((r) => setTimeout(r, 150));
    socket.write(request); // the same connection, idle for half its keep-alive time
    await new Promise((r) => setTimeout(r, 100));
    const idleFrom = Date.now();
    const statuses = answers.join('').match(/HTTP\/1\.1 \d+/g);
    expect(statuses, 'both answered on one connection').toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    const closedAt = await closed;
    // Node adds its 1 s buffer to the keep-alive time: ~1.2 s here, ~5.9 s with Node's default.
    expect(closedAt - idleFrom, 'closed after its keep-alive time, not Node’s 5 s').toBeLessThan(
      4_000,
    );
  });
});

describe('login lockout and proxies', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ login: { maxFailures: 3, windowMinutes: 15 } });
  });
  afterAll(() => api.close());

  const attempt = (password: string, remoteAddress: string, forwarded?: string) =>
    api.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress,
      headers: { ...api.headers(), ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
      payload: { username: 'gozlemleyici', password },
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy: a forged header does not lock out another address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('yanlis', '198.51.100.7', '192.0.2.44')).statusCode).toBe(401);
    }
    expect(
      (await attempt('Fonrisk.2026', '198.51.100.8', '192.0.2.44')).statusCode,
      'the victim behind its own address still signs in',
    ).toBe(200);
    expect((await attempt('Fonrisk.2026', '198.51.100.7')).statusCode).toBe(429);
  });

  it('behind a trusted proxy, keys the lockout on the forwarded client address', async () => {
    const proxied = await createTestApi({
      trustProxy: '10.20.0.1',
      login: { maxFailures: 3, windowMinutes: 15 },
    });
    try {
      const via = (password: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: LOGIN,
          remoteAddress: '10.20.0.1',
          headers: { ...proxied.headers(), 'x-forwarded-for': client },
          payload: { username: 'hesaplayici', password },
        });
      for (let i = 0; i < 3; i++) expect((await via('yanlis', '192.0.2.10')).statusCode).toBe(401);
      expect((await via('Fonrisk.2026', '192.0.2.10')).statusCode).toBe(429);
      expect(
        (await via('Fonrisk.2026', '192.0.2.11')).statusCode,
        'another client behind the same proxy is not locked out',
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('passwords', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ login: { maxFailures: 3, windowMinutes: 15 } });
  });
  afterAll(() => api.close());

  it('refuses common passwords and a password containing the username, in Turkish', async () => {
    const { accessToken } = await api.login('admin');
    const create = (username: string, password: string) =>
      api.call('POST', '/api/Authorization/Users', {
        token: accessToken,
        body: { username, fullName: 'Deneme', password, role: Role.Gozlemleyici, modules: [1] },
      });
    const common = await create('yeni.kisi', 'Galatasaray');
    expect(common.statusCode).toBe(400);
    expect(common.json<{ errors: unknown[] }>().errors).toContainEqual({
      field: 'password',
      message: 'Bu parola çok yaygın ve kolay tahmin edilir; başka bir parola seçin.',
    });
    const sameName = await create('mehmet.oz', 'mehmet.oz.2026');
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json<{ errors: unknown[] }>().errors).toContainEqual({
      field: 'password',
      message: 'Parola kullanıcı adını içeremez.',
    });
    expect((await create('mehmet.oz', 'Uzun.Ve.Ozgun.77')).statusCode).toBe(200);
  });

  it('limits wrong current-password guesses on ChangePassword and refuses the username as the new one', async () => {
    const { accessToken } = await api.login('hesaplayici');
    const change = (currentPassword: string, newPassword = 'Yepyeni.Parola.9') =>
      api.call('POST', '/api/Authorization/ChangePassword', {
        token: accessToken,
        body: { currentPassword, newPassword },
      });
    const named = await change('Fonrisk.2026', 'hesaplayici.2026');
    expect(named.statusCode).toBe(400);
    expect(named.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'newPassword', message: 'Parola kullanıcı adını içeremez.' },
    ]);
    for (let i = 0; i < 3; i++) expect((await change(`tahmin-${String(i)}`)).statusCode).toBe(400);
    const blocked = await change('Fonrisk.2026');
    expect(blocked.statusCode, 'even the right password waits out the block').toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect(ProblemSchema.parse(blocked.json()).detail).toMatch(
      /^Çok fazla hatalı mevcut parola denemesi/,
    );
  });
});

describe('NUL characters', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('answers 400 with a Turkish problem, never 500, for a NUL in any endpoint’s path, query or JSON body', async () => {
    const { accessToken } = await api.login('superadmin');
    const endpoints = listEndpoints(api.app);
    let checked = 0;
    for (const endpoint of endpoints) {
      const withPathNul = endpoint.pathParams.length > 0;
      const urls = [
        `${sampleUrl(endpoint)}${sampleUrl(endpoint).includes('?') ? '&' : '?'}q=a%00b`,
        ...(withPathNul ? [sampleUrl(endpoint, () => 'a%00b')] : []),
      ];
      for (const url of urls) {
        for (const token of [undefined, accessToken]) {
          const r = await api.call(endpoint.method, url, { token });
          expect(r.statusCode, `${endpoint.method} ${url}`).toBe(400);
          expect(ProblemSchema.parse(r.json()).detail).toBe(NUL_DETAIL);
          checked += 1;
        }
      }
      if (endpoint.bodyTypes.includes('application/json')) {
        const r = await api.call(endpoint.method, sampleUrl(endpoint), {
          token: accessToken,
          body: { username: 'ad\u0000min', title: 'a\u0000', nested: [{ name: 'x\u0000y' }] },
        });
        expect(r.statusCode, `${endpoint.method} ${endpoint.path} body`).toBe(400);
        const problem = ProblemSchema.parse(r.json());
        expect(problem.detail).toBe(NUL_DETAIL);
        expect(problem.errors?.map((e) => e.field)).toContain('nested.0.name');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const login = await api.call('POST', LOGIN, {
      body: { username: 'admin\u0000', password: 'x' },
    });
    expect(login.statusCode, 'before login too').toBe(400);
  });
});
