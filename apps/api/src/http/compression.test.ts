import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/index.ts';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { acceptsGzip, API_COMPRESS_THRESHOLD_BYTES, isCompressibleType } from './compression.ts';

describe('compressed API answers (decision 0128)', () => {
  let api: TestApi;
  let token = '';
  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.login('hesaplayici')).accessToken;
  });
  afterAll(() => api.close());

  const get = (url: string, encoding: string | null) =>
    api.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(encoding === null ? {} : { 'accept-encoding': encoding }),
      },
    });

  it('sends a JSON answer Brotli- or gzip-compressed to a client that accepts it, the same JSON', async () => {
    const plain = await get('/api/blog/posts', null);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_THRESHOLD_BYTES);

    const br = await get('/api/blog/posts', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await get('/api/blog/posts', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and the login (its access token) uncompressed', async () => {
    const roles = await get('/api/Authorization/Roles', 'br');
    expect(roles.statusCode).toBe(200);
    expect(roles.rawPayload.length).toBeLessThan(API_COMPRESS_THRESHOLD_BYTES);
    expect(roles.headers['content-encoding']).toBeUndefined();

    const login = await api.app.inject({
      method: 'POST',
      url: '/api/Authorization/Login',
      headers: { ...api.headers(), 'accept-encoding': 'gzip, deflate, br' },
      payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json()).toHaveProperty('accessToken');
  });

  it('compresses JSON and text, never the event stream or files in a compressed format', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/csv; charset=utf-8',
      'text/plain',
    ])
      expect(isCompressibleType(type), type).toBe(true);
    for (const type of [
      'text/event-stream; charset=utf-8',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/png',
    ])
      expect(isCompressibleType(type), type).toBe(false);
  });

  it('reads whether a client takes gzip from its Accept-Encoding (RFC 9110)', () => {
    for (const header of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', 'x-gzip', '*', 'GZIP'])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, '', 'identity', 'br', 'gzip;q=0', '*, gzip;q=0', 'br, *;q=0'])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
