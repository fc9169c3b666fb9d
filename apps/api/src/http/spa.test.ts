import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.ts';

describe('serving the built SPA (production mode)', () => {
  let api: TestApi;
  let webRoot = '';
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'fonrisk-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Fonrisk</title>');
    await writeFile(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    // As the build writes them beside a large enough file (apps/web/precompress-assets.ts).
    const big = `console.log("${'ç'.repeat(2000)}")`;
    await writeFile(join(webRoot, 'assets', 'big.js'), big);
    await writeFile(join(webRoot, 'assets', 'big.js.br'), brotliCompressSync(big));
    await writeFile(join(webRoot, 'assets', 'big.js.gz'), gzipSync(big));
    api = await createTestApi({ webRoot });
  });
  afterAll(async () => {
    await api.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('serves index.html with the anti-forgery cookie', async () => {
    const r = await api.call('GET', '/', { xsrf: false });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Fonrisk</title>');
    expect(r.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('serves files and falls back to index.html for client routes', async () => {
    expect((await api.call('GET', '/assets/app.js')).body).toBe('console.log(1)');
    const route = await api.call('GET', '/var-analysis-result?tab=2');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Fonrisk</title>');
  });

  it('lets the browser keep the hashed build files and revalidate the rest (decision 0124)', async () => {
    const asset = await api.call('GET', '/assets/app.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/var-analysis-result?tab=2', '/config.json']) {
      const page = await api.call('GET', url, { xsrf: false });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends a hashed file compressed as the build wrote it, to a browser that accepts it', async () => {
    const big = `console.log("${'ç'.repeat(2000)}")`;
    const get = (encoding: string | null, url = '/assets/big.js') =>
      api.app.inject({
        method: 'GET',
        url,
        headers: encoding === null ? {} : { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
    const plain = await get(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    // A file without compressed copies is sent as it is, whatever the browser accepts.
    const small = await get('br', '/assets/app.js');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('serves the runtime config and keeps unknown API addresses as 404 problems', async () => {
    const config = await api.call('GET', '/config.json', { xsrf: false });
    expect(config.json()).toEqual({ apiBaseUrl: '/api/' });
    expect(config.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
    const missing = await api.call('GET', '/api/unknown');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/problem\+json/);
  });
});
