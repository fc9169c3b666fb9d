import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestSeed } from './testing.ts';
import { users } from './schema/index.ts';
import { withClient } from './test-admin.ts';

const user = (username: string) => ({
  username,
  fullName: username,
  role: 'Admin' as const,
  modules: [1],
  passwordHash: 'x',
});

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of created) await d.drop();
  });

  it('gives each caller its own migrated database', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    created.push(a, b);
    expect(a.url).not.toBe(b.url);
    await a.db.insert(users).values({
      username: 'yalniz-a',
      fullName: 'A',
      role: 'Admin',
      modules: [1],
      passwordHash: 'x',
    });
    expect(await a.db.select().from(users)).toHaveLength(1);
    expect(
      await b.db.select().from(users),
      'rows of one database are not in the other',
    ).toHaveLength(0);
  });
});

describe('createTestDatabase with a seed', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of created) await d.drop();
  });

  it('loads the seed once per run and gives each caller its own copy of it', async () => {
    let loads = 0;
    const seed: TestSeed = {
      name: `one_user_${Date.now()}`,
      async load(db) {
        loads++;
        await db.insert(users).values({
          username: 'tohum',
          fullName: 'Tohum',
          role: 'Admin',
          modules: [1],
          passwordHash: 'x',
        });
      },
    };
    const [a, b] = await Promise.all([createTestDatabase({ seed }), createTestDatabase({ seed })]);
    created.push(a, b);
    expect(loads, 'the second caller waits for the template and copies it').toBe(1);
    expect((await a.db.select().from(users)).map((u) => u.username)).toEqual(['tohum']);
    await a.db.delete(users);
    expect(
      (await b.db.select().from(users)).map((u) => u.username),
      'a copy changed is not the template nor the other copy',
    ).toEqual(['tohum']);
    const c = await createTestDatabase({ seed });
    created.push(c);
    expect(await c.db.select().from(users)).toHaveLength(1);
    expect(loads).toBe(1);
  });

  it('builds a seed on its base: the base loaded once, the loader given the URL of the database it fills', async () => {
    const loads: string[] = [];
    const stamp = String(Date.now());
    const base: TestSeed = {
      name: `base_${stamp}`,
      async load(db) {
        loads.push('base');
        await db.insert(users).values(user('taban'));
      },
    };
    const upper: TestSeed = {
      name: `upper_${stamp}`,
      base,
      async load(db, { url }) {
        loads.push('upper');
        // A client of its own (as a worker process would connect): it sees the base's rows and
        // writes into the database being loaded, then leaves before the template is closed.
        const seen = await withClient(url, async (c) => {
          await c.query(`INSERT INTO users (username, full_name, role, modules, password_hash)
            VALUES ('ust', 'ust', 'Admin', '{1}', 'x')`);
          return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
        });
        expect(seen).toBe(2);
        expect(await db.select().from(users)).toHaveLength(2);
      },
    };
    const a = await createTestDatabase({ seed: upper });
    const b = await createTestDatabase({ seed: base });
    created.push(a, b);
    expect(loads).toEqual(['base', 'upper']);
    expect((await a.db.select().from(users)).map((u) => u.username).sort()).toEqual([
      'taban',
      'ust',
    ]);
    expect((await b.db.select().from(users)).map((u) => u.username)).toEqual(['taban']);
  });

  it('refuses a seed name that cannot name a database safely', async () => {
    await expect(
      createTestDatabase({ seed: { name: 'Kötü-ad', load: () => Promise.resolve() } }),
    ).rejects.toThrow(/test seed name/);
  });
});
