import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq } from '@fonrisk/db';
import { Role, type User, type UserModules } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

const USERS = '/api/Authorization/Users';

describe('Authorization user management', () => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await createTestApi();
    for (const name of ['superadmin', 'admin', 'hesaplayici', 'gozlemleyici', 'kisitli']) {
      const login = await api.login(name);
      tokens[name] = login.accessToken;
      ids[name] = login.userId;
    }
  });
  afterAll(() => api.close());

  const newUser = (username: string, role: Role = Role.Hesaplayici) => ({
    username,
    fullName: `Test ${username}`,
    password: 'Gecici.Parola1',
    role,
    modules: [2, 1, 2],
  });

  it('lets only Admin and Super Admin list users and their modules', async () => {
    for (const [name, status] of [
      ['superadmin', 200],
      ['admin', 200],
      ['hesaplayici', 403],
      ['gozlemleyici', 403],
      ['kisitli', 403],
    ] as const) {
      expect(
        (await api.call('GET', USERS, { token: tokens[name] })).statusCode,
        `${name} lists users`,
      ).toBe(status);
      expect(
        (await api.call('GET', '/api/Authorization/GetUsersModule', { token: tokens[name] }))
          .statusCode,
      ).toBe(status);
    }
    const list = (await api.call('GET', USERS, { token: tokens.admin })).json<User[]>();
    expect(list.map((u) => u.username)).toEqual(expect.arrayContaining(['superadmin', 'kisitli']));
    expect(JSON.stringify(list), 'no password hash leaves the server').not.toMatch(/argon2/);
  });

  it('lets a user read its own record and modules but not another user’s', async () => {
    const own = await api.call('GET', `/api/Authorization/UserListById?Id=${ids.kisitli}`, {
      token: tokens.kisitli,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<User>()).toMatchObject({
      username: 'kisitli',
      modules: [1, 3],
      role: Role.Hesaplayici,
    });
    const modules = await api.call('GET', `/api/Authorization/UserModul?Id=${ids.kisitli}`, {
      token: tokens.kisitli,
    });
    expect(modules.json<UserModules>()).toEqual({
      userId: ids.kisitli,
      username: 'kisitli',
      fullName: 'Zeynep Arslan',
      modules: [1, 3],
    });
    const other = await api.call('GET', `/api/Authorization/UserListById?Id=${ids.admin}`, {
      token: tokens.kisitli,
    });
    expect(other.statusCode).toBe(403);
    const adminReads = await api.call('GET', `/api/Authorization/UserModul?Id=${ids.kisitli}`, {
      token: tokens.admin,
    });
    expect(adminReads.statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist and 400 for a malformed id', async () => {
    expect(
      (await api.call('GET', '/api/Authorization/UserListById?Id=999999', { token: tokens.admin }))
        .statusCode,
    ).toBe(404);
    const bad = await api.call('GET', '/api/Authorization/UserListById?Id=abc', {
      token: tokens.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('Id');
  });

  it('creates, updates, changes modules of and deletes a user, auditing each change', async () => {
    const created = await api.call('POST', USERS, {
      token: tokens.admin,
      body: newUser('ayse.tas'),
    });
    expect(created.statusCode).toBe(200);
    const user = created.json<User>();
    expect(user).toMatchObject({
      username: 'ayse.tas',
      role: Role.Hesaplayici,
      modules: [1, 2],
      active: true,
      lastLoginAt: null,
    });
    expect((await api.login('ayse.tas', 'Gecici.Parola1')).module).toBe('1,2');

    const updated = await api.call('PUT', `${USERS}/${user.id}`, {
      token: tokens.admin,
      body: { fullName: 'Ayşe Taş', role: Role.Gozlemleyici, active: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<User>()).toMatchObject({ fullName: 'Ayşe Taş', role: Role.Gozlemleyici });

    const modules = await api.call('PUT', `/api/Authorization/UserModul?Id=${user.id}`, {
      token: tokens.admin,
      body: { modules: [5, 3] },
    });
    expect(modules.statusCode).toBe(200);
    expect(modules.json<UserModules>().modules).toEqual([3, 5]);

    const deleted = await api.call('DELETE', `${USERS}/${user.id}`, { token: tokens.admin });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(
      (
        await api.call('GET', `/api/Authorization/UserListById?Id=${user.id}`, {
          token: tokens.admin,
        })
      ).statusCode,
    ).toBe(404);

    const trail = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(trail.map((r) => r.action)).toEqual([
      'user.create',
      'user.login',
      'user.update',
      'user.modules',
      'user.delete',
    ]);
    expect(trail.every((r) => r.actorUserId === ids.admin || r.action === 'user.login')).toBe(true);
    expect(trail.find((r) => r.action === 'user.update')?.before).toMatchObject({
      role: Role.Hesaplayici,
    });
  });

  it('answers 409 when the username is taken', async () => {
    const r = await api.call('POST', USERS, { token: tokens.admin, body: newUser('admin') });
    expect(r.statusCode).toBe(409);
    expect(r.json<{ detail: string }>().detail).toBe('Bu kullanıcı adı zaten kullanılıyor.');
  });

  it('forbids observers and calculators every change', async () => {
    for (const name of ['hesaplayici', 'gozlemleyici']) {
      const token = tokens[name];
      expect(
        (await api.call('POST', USERS, { token, body: newUser(`x-${name}`) })).statusCode,
      ).toBe(403);
      expect(
        (
          await api.call('PUT', `${USERS}/${ids.kisitli}`, {
            token,
            body: { fullName: 'X', role: Role.Admin, active: true },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await api.call('PUT', `/api/Authorization/UserModul?Id=${ids.kisitli}`, {
            token,
            body: { modules: [1] },
          })
        ).statusCode,
      ).toBe(403);
      expect((await api.call('DELETE', `${USERS}/${ids.kisitli}`, { token })).statusCode).toBe(403);
    }
  });

  it('keeps Super Admin accounts in the hands of Super Admins', async () => {
    const sa = Role.SuperAdmin;
    expect(
      (await api.call('POST', USERS, { token: tokens.admin, body: newUser('yeni.sa', sa) }))
        .statusCode,
      'Admin creates SA',
    ).toBe(403);
    expect(
      (
        await api.call('PUT', `${USERS}/${ids.superadmin}`, {
          token: tokens.admin,
          body: { fullName: 'X', role: sa, active: true },
        })
      ).statusCode,
      'Admin edits SA',
    ).toBe(403);
    expect(
      (
        await api.call('PUT', `${USERS}/${ids.kisitli}`, {
          token: tokens.admin,
          body: { fullName: 'Zeynep Arslan', role: sa, active: true },
        })
      ).statusCode,
      'Admin promotes to SA',
    ).toBe(403);
    expect(
      (
        await api.call('PUT', `/api/Authorization/UserModul?Id=${ids.superadmin}`, {
          token: tokens.admin,
          body: { modules: [1] },
        })
      ).statusCode,
      'Admin edits SA modules',
    ).toBe(403);
    expect(
      (await api.call('DELETE', `${USERS}/${ids.superadmin}`, { token: tokens.admin })).statusCode,
      'Admin deletes SA',
    ).toBe(403);

    const created = await api.call('POST', USERS, {
      token: tokens.superadmin,
      body: newUser('ikinci.sa', sa),
    });
    expect(created.statusCode, 'SA creates SA').toBe(200);
    const second = created.json<User>().id;
    const demoted = await api.call('PUT', `${USERS}/${second}`, {
      token: tokens.superadmin,
      body: { fullName: 'İkinci', role: Role.Admin, active: true },
    });
    expect(demoted.statusCode, 'SA demotes another SA').toBe(200);
    expect(
      (await api.call('DELETE', `${USERS}/${second}`, { token: tokens.superadmin })).statusCode,
    ).toBe(204);
  });

  it('never removes, deactivates or demotes the last active Super Admin', async () => {
    const sa = tokens.superadmin;
    const deactivate = await api.call('PUT', `${USERS}/${ids.superadmin}`, {
      token: sa,
      body: { fullName: 'Selin Aydın', role: Role.SuperAdmin, active: false },
    });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json<{ detail: string }>().detail).toMatch(/^Son Süper Yönetici/);
    const demote = await api.call('PUT', `${USERS}/${ids.superadmin}`, {
      token: sa,
      body: { fullName: 'Selin Aydın', role: Role.Admin, active: true },
    });
    expect(demote.statusCode).toBe(409);

    // With a second Super Admin the first may be demoted, and then the second is the last one.
    const other = (
      await api.call('POST', USERS, { token: sa, body: newUser('yedek.sa', Role.SuperAdmin) })
    ).json<User>();
    const otherToken = (await api.login('yedek.sa', 'Gecici.Parola1')).accessToken;
    expect(
      (await api.call('DELETE', `${USERS}/${other.id}`, { token: otherToken })).statusCode,
      'nobody deletes themselves',
    ).toBe(409);
    const rename = await api.call('PUT', `${USERS}/${ids.superadmin}`, {
      token: sa,
      body: { fullName: 'Selin Aydın', role: Role.SuperAdmin, active: true },
    });
    expect(rename.statusCode, 'editing a Super Admin that stays one is fine').toBe(200);
    expect(
      (await api.call('DELETE', `${USERS}/${ids.superadmin}`, { token: otherToken })).statusCode,
    ).toBe(204);
    const last = await api.call('PUT', `${USERS}/${other.id}`, {
      token: otherToken,
      body: { fullName: 'Yedek', role: Role.Admin, active: true },
    });
    expect(last.statusCode).toBe(409);
  });
});
