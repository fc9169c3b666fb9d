import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type { LoginResponse } from '@fonrisk/contracts';
import { DEMO_PASSWORD, loadDemoData } from '../demo/index.ts';
import { buildServer, type ServerOptions } from '../http/server.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const XSRF = 'test-xsrf-token';

export interface CallOptions {
  readonly token?: string | undefined;
  readonly body?: unknown;
  /** `false` sends no anti-forgery cookie or header; a string sends that header value. */
  readonly xsrf?: boolean | string;
  readonly remoteAddress?: string;
}

export interface TestApi {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  call(
    method: InjectOptions['method'],
    url: string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>;
  /** Logs in (demo password by default) and returns the login answer; fails the test otherwise. */
  login(username: string, password?: string): Promise<LoginResponse>;
  close(): Promise<void>;
}

/**
 * The API on a fresh database of its own with the demo data set loaded (the five demo users
 * and four blog posts), for fastify.inject tests.
 */
export async function createTestApi(
  overrides: Partial<ServerOptions> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestApi> {
  const database = await createTestDatabase();
  await loadDemoData(database.db);
  const app = await buildServer({
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    jwtTtlSeconds: 3600,
    login: { maxFailures: 5, windowMinutes: 15 },
    ...overrides,
  });
  prepare?.(app);
  await app.ready();

  const call: TestApi['call'] = (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.xsrf !== false) {
      headers.cookie = `XSRF-TOKEN=${XSRF}`;
      headers['x-xsrf-token'] = typeof options.xsrf === 'string' ? options.xsrf : XSRF;
    }
    return app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  };

  return {
    app,
    database,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const response = await call('POST', '/api/Authorization/Login', {
        body: { username, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
      return response.json<LoginResponse>();
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
