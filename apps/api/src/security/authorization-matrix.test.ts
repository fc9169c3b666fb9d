import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  MODULES,
  ProblemSchema,
  Role,
  isAllowed,
  type ModuleNumber,
  type Run,
} from '@fonrisk/contracts';
import { users } from '@fonrisk/db';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createTestApi, TEST_JWT_SECRET, type TestApi } from '../testing/test-api.ts';
import { listEndpoints, routeUrl, sampleUrl, type Endpoint } from '../testing/endpoints.ts';
import type { RouteAccess } from '../http/access.ts';
import { seedHoldings } from '../testing/run-fixtures.ts';

const FORBIDDEN_DETAIL = 'Bu işlem için yetkiniz yok.';
const DEMO_ROLE_USERS: Readonly<Record<Role, string>> = {
  [Role.SuperAdmin]: 'superadmin',
  [Role.Admin]: 'admin',
  [Role.Hesaplayici]: 'hesaplayici',
  [Role.Gozlemleyici]: 'gozlemleyici',
};

type Expectation = 'public' | 'unauthenticated' | 'forbidden' | 'allowed';

interface Cell {
  readonly endpoint: Endpoint;
  readonly identity: string;
  readonly token: string | undefined;
  readonly expect: Expectation;
}

/**
 * Issue 14, "authorization, proved for every endpoint": every operation of the OpenAPI document
 * × (no token, expired, tampered signature, deleted user, each demo role, a user lacking the
 * endpoint's module). The access rule each route declares decides the expected answer; a route
 * without one fails the test. Calls use ids no record has, so allowed calls change nothing.
 */
describe('authorization matrix', () => {
  let api: TestApi;
  let endpoints: Endpoint[];
  const roleTokens = new Map<Role, string>();
  let expired: string;
  let tampered: string;
  let deleted: string;
  /** Users of a given role whose modules are exactly the given list. */
  const moduleUsers = new Map<string, string>();

  beforeAll(async () => {
    api = await createTestApi();
    endpoints = listEndpoints(api.app);
    for (const role of ALL_ROLES) {
      roleTokens.set(role, (await api.login(DEMO_ROLE_USERS[role])).accessToken);
    }
    const admin = roleTokens.get(Role.SuperAdmin)!;
    const [, payload, signature] = admin.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    // A forged payload (role raised) under the original signature.
    const raised = Buffer.from(JSON.stringify({ ...claims, userId: 4 })).toString('base64url');
    tampered = `${admin.split('.')[0]!}.${raised}.${signature}`;

    const ghost = await api.call('POST', '/api/Authorization/Users', {
      token: admin,
      body: {
        username: 'silinecek.yonetici',
        fullName: 'Silinecek',
        password: 'Gecici.Parola1',
        role: Role.SuperAdmin,
        modules: [...MODULES],
      },
    });
    const ghostId = ghost.json<{ id: number }>().id;
    deleted = (await api.login('silinecek.yonetici', 'Gecici.Parola1')).accessToken;
    await api.call('DELETE', `/api/Authorization/Users/${String(ghostId)}`, { token: admin });
  });
  afterAll(() => api.close());

  /** A signed-in user of `role` holding exactly `modules` (created once per combination). */
  async function tokenFor(role: Role, modules: readonly ModuleNumber[]): Promise<string> {
    const key = `${role}:${modules.join(',')}`;
    const known = moduleUsers.get(key);
    if (known) return known;
    const username = `modulsuz.${String(moduleUsers.size + 1)}`;
    await api.database.db.insert(users).values({
      username,
      fullName: 'Modülsüz Kullanıcı',
      role,
      modules: [...modules],
      passwordHash: await hashPassword('Gecici.Parola1'),
    });
    const token = (await api.login(username, 'Gecici.Parola1')).accessToken;
    moduleUsers.set(key, token);
    return token;
  }

  function accessOf(endpoint: Endpoint): RouteAccess | undefined {
    const url = routeUrl(endpoint.path);
    return api.app.declaredAccess.find((d) => d.method === endpoint.method && d.url === url)
      ?.access;
  }

  async function call(cell: Cell) {
    const json = cell.endpoint.bodyTypes.includes('application/json');
    return api.call(cell.endpoint.method, sampleUrl(cell.endpoint), {
      token: cell.token,
      ...(json ? { body: {} } : {}),
    });
  }

  it('declares an access rule on every endpoint of the OpenAPI document', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const undeclared = endpoints.filter((e) => accessOf(e) === undefined);
    expect(undeclared.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('gives every endpoint × identity the answer its rule requires: 0 leaks, 0 server errors', async () => {
    const cells: Cell[] = [];
    for (const endpoint of endpoints) {
      const access = accessOf(endpoint)!;
      // A Report-Key route ignores sessions: without the header every identity gets 401.
      if (access === 'report-key') {
        for (const [identity, token] of [
          ['no token', undefined],
          ['expired', expired],
          ...ALL_ROLES.map((role) => [role, roleTokens.get(role)] as const),
        ] as const) {
          cells.push({ endpoint, identity, token, expect: 'unauthenticated' });
        }
        continue;
      }
      const isPublic = access === 'public';
      for (const [identity, token] of [
        ['no token', undefined],
        ['expired', expired],
        ['tampered signature', tampered],
        ['deleted user', deleted],
      ] as const) {
        cells.push({ endpoint, identity, token, expect: isPublic ? 'public' : 'unauthenticated' });
      }
      for (const role of ALL_ROLES) {
        const allowed =
          isPublic || isAllowed({ role, modules: MODULES }, access.roles, access.modules);
        cells.push({
          endpoint,
          identity: role,
          token: roleTokens.get(role),
          expect: isPublic ? 'public' : allowed ? 'allowed' : 'forbidden',
        });
      }
      if (!isPublic && access.modules && access.modules.length < MODULES.length) {
        const role = access.roles?.[0] ?? Role.SuperAdmin;
        const others = MODULES.filter((m) => !access.modules!.includes(m));
        cells.push({
          endpoint,
          identity: `${role} without module ${access.modules.join(',')}`,
          token: await tokenFor(role, others),
          expect: 'forbidden',
        });
      }
    }

    const leaks: string[] = [];
    const serverErrors: string[] = [];
    const wrong: string[] = [];
    for (const cell of cells) {
      // A stream that is allowed stays open; its access is proved by the denials.
      if (cell.endpoint.stream && (cell.expect === 'allowed' || cell.expect === 'public')) continue;
      const r = await call(cell);
      const name = `${cell.endpoint.method} ${cell.endpoint.path} as ${cell.identity}: ${String(r.statusCode)}`;
      // 503 is a market-data source out of reach (no network in CI), a Turkish problem too.
      if (r.statusCode >= 500 && r.statusCode !== 503) serverErrors.push(name);
      // Report-Key refusals are plain-text bodies (the web client toasts them raw).
      const detail =
        r.statusCode >= 400 && String(r.headers['content-type']).includes('json')
          ? ProblemSchema.safeParse(r.json()).data?.detail
          : undefined;
      switch (cell.expect) {
        case 'unauthenticated':
          if (r.statusCode !== 401) (r.statusCode === 403 ? wrong : leaks).push(name);
          break;
        case 'forbidden':
          if (r.statusCode !== 403 || detail !== FORBIDDEN_DETAIL)
            (r.statusCode === 401 || r.statusCode === 403 ? wrong : leaks).push(name);
          break;
        case 'allowed':
        case 'public':
          // Record-level rules may still refuse (another user's record), never the route rule.
          if (r.statusCode === 401 || (r.statusCode === 403 && detail === FORBIDDEN_DETAIL))
            wrong.push(name);
          break;
      }
    }
    const tested = cells.filter(
      (c) => !(c.endpoint.stream && (c.expect === 'allowed' || c.expect === 'public')),
    ).length;
    console.log(
      `Yetki matrisi: ${String(endpoints.length)} uç nokta × kimlikler = ${String(tested)} istek; sızıntı: ${String(leaks.length)}; 5xx: ${String(serverErrors.length)}`,
    );
    expect(leaks, 'requests that got through a rule that should refuse them').toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(wrong, 'refused with the wrong status, or refused while the rule allows').toEqual([]);
  });
});

describe('object-level rules', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('keeps other users’ records, runs and posts out of reach unless the role allows it', async () => {
    const observer = await api.login('gozlemleyici');
    const admin = await api.login('admin');
    const other = await api.call(
      'GET',
      `/api/Authorization/UserListById?Id=${String(admin.userId)}`,
      {
        token: observer.accessToken,
      },
    );
    expect(other.statusCode, 'another user’s record').toBe(403);
    const own = await api.call(
      'GET',
      `/api/Authorization/UserListById?Id=${String(observer.userId)}`,
      {
        token: observer.accessToken,
      },
    );
    expect(own.statusCode).toBe(200);

    const runner = await api.login('hesaplayici');
    await seedHoldings(api.database.db, 'ABC', ['2025-01-02']);
    const started = await api.call('POST', '/api/analyses/runs', {
      token: runner.accessToken,
      body: {
        analysisType: 'leverage',
        inputs: { portfolioCodes: ['ABC'], asOfDate: '2025-01-02' },
      },
    });
    const run = started.json<Run>();
    expect(run.id, 'run ids are random UUIDs, not counters').toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const moduleTwoOnly = await api.call('POST', '/api/Authorization/Users', {
      token: admin.accessToken,
      body: {
        username: 'modul.iki',
        fullName: 'Modül İki',
        password: 'Gecici.Parola1',
        role: Role.Admin,
        modules: [2],
      },
    });
    expect(moduleTwoOnly.statusCode).toBe(200);
    const outsider = (await api.login('modul.iki', 'Gecici.Parola1')).accessToken;
    expect(
      (await api.call('GET', `/api/analyses/runs/${run.id}`, { token: outsider })).statusCode,
      'a run of a module the user lacks',
    ).toBe(403);
    expect(
      (
        await api.call('POST', `/api/analyses/runs/${run.id}/cancel`, {
          token: (await api.login('kisitli')).accessToken,
        })
      ).statusCode,
      'a Hesaplayıcı cancelling another user’s run',
    ).toBe(403);
    expect(
      (await api.call('DELETE', '/api/blog/posts/1', { token: runner.accessToken })).statusCode,
      'a Hesaplayıcı deleting a blog post',
    ).toBe(403);
    expect(
      (await api.call('PUT', '/api/var-settings', { token: observer.accessToken, body: {} }))
        .statusCode,
      'an observer changing settings',
    ).toBe(403);
  });
});
