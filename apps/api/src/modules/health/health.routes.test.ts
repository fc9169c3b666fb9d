import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@fonrisk/db';
import { buildServer } from '../../http/server.ts';
import {
  createTestApi,
  TEST_JWT_SECRET,
  TEST_SECRETS_KEY,
  type TestApi,
} from '../../testing/test-api.ts';

describe('GET health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('reports the API and its database as ok', async () => {
    const r = await api.call('GET', '/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers a 503 problem when the database cannot be reached', async () => {
    // Port 9 (discard) on localhost: nothing listens, so connecting fails at once.
    const unreachable = connectDatabase('postgres://nobody:x@127.0.0.1:9/none', { max: 1 });
    const app = await buildServer({
      db: unreachable.db,
      jwtSecret: TEST_JWT_SECRET,
      secretsKey: TEST_SECRETS_KEY,
      jwtTtlSeconds: 60,
      login: { maxFailures: 5, windowMinutes: 15 },
    });
    try {
      const r = await app.inject({ method: 'GET', url: '/api/health' });
      expect(r.statusCode).toBe(503);
      expect(r.json<{ detail: string }>().detail).toBe('Veritabanına ulaşılamıyor.');
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const json = await api.call('GET', '/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/Authorization/Login',
        '/api/Authorization/Users/{id}',
        '/api/blog/posts',
      ]),
    );
    const ui = await api.call('GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
