import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('serves the runtime config and keeps unknown API addresses as 404 problems', async () => {
    const config = await api.call('GET', '/config.json', { xsrf: false });
    expect(config.json()).toEqual({ apiBaseUrl: '/api/' });
    expect(config.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
    const missing = await api.call('GET', '/api/unknown');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/problem\+json/);
  });
});
