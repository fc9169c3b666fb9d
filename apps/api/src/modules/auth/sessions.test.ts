import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, Role } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

const USERS = '/api/Authorization/Users';
const ROLES = '/api/Authorization/Roles';
const SESSION_ENDED = /^Oturumunuz sona erdi/;

/**
 * Sessions end when they must (issue 14): a token is good only while its user exists, is active
 * and has not had a password, role or module change since it was signed.
 */
describe('token version', () => {
  let api: TestApi;
  let admin: string;
  let superadmin: string;
  let counter = 0;

  beforeAll(async () => {
    api = await createTestApi();
    admin = (await api.login('admin')).accessToken;
    superadmin = (await api.login('superadmin')).accessToken;
  });
  afterAll(() => api.close());

  async function newUser(role: Role = Role.Admin, modules = [1, 2, 3, 4, 5]) {
    counter += 1;
    const username = `oturum.${String(counter)}`;
    const created = await api.call('POST', USERS, {
      token: superadmin,
      body: { username, fullName: 'Oturum Deneme', password: 'Gecici.Parola1', role, modules },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    const { accessToken } = await api.login(username, 'Gecici.Parola1');
    return { id, username, token: accessToken };
  }

  async function expectEnded(token: string, url = ROLES) {
    const r = await api.call('GET', url, { token });
    expect(r.statusCode).toBe(401);
    expect(ProblemSchema.parse(r.json()).detail).toMatch(SESSION_ENDED);
  }

  it('ends the sessions of a deleted user: 401, never 500, and no account created with it', async () => {
    const user = await newUser(Role.Admin);
    expect((await api.call('GET', ROLES, { token: user.token })).statusCode).toBe(200);
    expect((await api.call('DELETE', `${USERS}/${user.id}`, { token: admin })).statusCode).toBe(
      204,
    );
    await expectEnded(user.token);
    const create = await api.call('POST', USERS, {
      token: user.token,
      body: {
        username: 'hayalet.admin',
        fullName: 'Hayalet',
        password: 'Gecici.Parola1',
        role: Role.Admin,
        modules: [1],
      },
    });
    expect(create.statusCode, 'a deleted Admin cannot create an Admin').toBe(401);
    const run = await api.call('POST', '/api/analyses/runs', {
      token: user.token,
      body: { type: 'varAnalysis', inputs: {} },
    });
    expect(run.statusCode, 'starting a run answers 401, not a foreign-key 500').toBe(401);
  });

  it('ends the sessions of a deactivated user', async () => {
    const user = await newUser(Role.Hesaplayici);
    const r = await api.call('PUT', `${USERS}/${String(user.id)}`, {
      token: admin,
      body: { fullName: 'Oturum Deneme', role: Role.Hesaplayici, active: false },
    });
    expect(r.statusCode).toBe(200);
    await expectEnded(user.token);
  });

  it('ends the sessions of a user demoted to Gözlemleyici', async () => {
    const user = await newUser(Role.Admin);
    expect((await api.call('GET', USERS, { token: user.token })).statusCode).toBe(200);
    await api.call('PUT', `${USERS}/${String(user.id)}`, {
      token: superadmin,
      body: { fullName: 'Oturum Deneme', role: Role.Gozlemleyici, active: true },
    });
    await expectEnded(user.token, USERS);
    const again = await api.login(user.username, 'Gecici.Parola1');
    expect(again.userRole).toBe(Role.Gozlemleyici);
    expect((await api.call('GET', USERS, { token: again.accessToken })).statusCode).toBe(403);
  });

  it('keeps the sessions when an update changes only the name', async () => {
    const user = await newUser(Role.Hesaplayici);
    await api.call('PUT', `${USERS}/${String(user.id)}`, {
      token: admin,
      body: { fullName: 'Yeni Ad', role: Role.Hesaplayici, active: true },
    });
    expect((await api.call('GET', ROLES, { token: user.token })).statusCode).toBe(200);
  });

  it('ends the sessions of a user whose modules change', async () => {
    const user = await newUser(Role.Hesaplayici, [1, 2]);
    const r = await api.call('PUT', `/api/Authorization/UserModul?Id=${String(user.id)}`, {
      token: admin,
      body: { modules: [1] },
    });
    expect(r.statusCode).toBe(200);
    await expectEnded(user.token);
  });

  it('ends every session of a user who changes the password, the current one included', async () => {
    const user = await newUser(Role.Gozlemleyici);
    const other = (await api.login(user.username, 'Gecici.Parola1')).accessToken;
    const r = await api.call('POST', '/api/Authorization/ChangePassword', {
      token: user.token,
      body: { currentPassword: 'Gecici.Parola1', newPassword: 'Baska.Bir.Parola.77' },
    });
    expect(r.statusCode).toBe(200);
    await expectEnded(user.token);
    await expectEnded(other);
    const fresh = await api.login(user.username, 'Baska.Bir.Parola.77');
    expect((await api.call('GET', ROLES, { token: fresh.accessToken })).statusCode).toBe(200);
  });

  it('treats a token of a deleted user on a public route as no token', async () => {
    const user = await newUser(Role.Gozlemleyici);
    await api.call('DELETE', `${USERS}/${String(user.id)}`, { token: admin });
    expect((await api.call('GET', '/api/blog/posts', { token: user.token })).statusCode).toBe(200);
  });
});
