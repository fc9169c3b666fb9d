import { decodeJwt } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestDatabase } from '@fonrisk/db/testing';
import type { LoginResponse } from '@fonrisk/contracts';
import { DEMO_PASSWORD } from '../demo/index.ts';
import { buildServer, type ServerOptions } from '../http/server.ts';
import { ANONYMOUS_BINDING, xsrfValue } from '../http/xsrf.ts';
import { createDemoTestDatabase } from './demo-database.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** The connection-secrets key of test servers (32 bytes). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

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
  /**
   * Headers a browser of this session sends on a state-changing call: bearer token (when given)
   * and the anti-forgery cookie and header bound to its session.
   */
  headers(token?: string): Record<string, string>;
  /** Logs in (demo password by default) and returns the login answer; fails the test otherwise. */
  login(username: string, password?: string): Promise<LoginResponse>;
  close(): Promise<void>;
}

export interface TestApiOptions extends Partial<ServerOptions> {
  /**
   * Also load the generated demo market (series, instruments, the 13 demo portfolios and their
   * holdings, benchmarks): a copy of the run's demo template (testing/demo-database.ts), larger
   * than the base one, so only tests that read demo funds such as `DHS` opt in.
   */
  readonly demoMarket?: boolean;
  /**
   * Start from the computed first-start demo instead: the demo market plus the runs of
   * DEMO_RUN_STEPS, done by the worker process (DEMO_COMPUTED_SEED), for tests that read them.
   */
  readonly demoRuns?: boolean;
}

/** The session id a token carries, `anon` for a token that is not one of ours. */
/** The session a token's anti-forgery value is bound to (its `sid`). */
export function sessionOf(token: string): string {
  try {
    const { sid } = decodeJwt(token);
    return typeof sid === 'string' ? sid : ANONYMOUS_BINDING;
  } catch {
    return ANONYMOUS_BINDING;
  }
}

/**
 * The API on a fresh database of its own with the demo users and blog posts loaded (and the demo
 * market when `demoMarket` is set, and its computed runs with `demoRuns`), for fastify.inject
 * tests.
 */
export async function createTestApi(
  { demoMarket = false, demoRuns = false, ...overrides }: TestApiOptions = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestApi> {
  const database = await createDemoTestDatabase({ market: demoMarket, runs: demoRuns });
  const app = await buildServer({
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    jwtTtlSeconds: 3600,
    secretsKey: TEST_SECRETS_KEY,
    login: { maxFailures: 5, windowMinutes: 15 },
    ...overrides,
  });
  prepare?.(app);
  await app.ready();

  const secret = overrides.jwtSecret ?? TEST_JWT_SECRET;
  const sessionHeaders = (token: string | undefined, xsrf: boolean | string = true) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (xsrf !== false) {
      // What the browser holds: a value bound to the token's session (anonymous without one).
      const value = xsrfValue(secret, token ? sessionOf(token) : ANONYMOUS_BINDING);
      headers.cookie = `XSRF-TOKEN=${value}`;
      headers['x-xsrf-token'] = typeof xsrf === 'string' ? xsrf : value;
    }
    return headers;
  };
  const call: TestApi['call'] = (method, url, options = {}) => {
    const headers = sessionHeaders(options.token, options.xsrf);
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
    headers: (token) => sessionHeaders(token),
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
