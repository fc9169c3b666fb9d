import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestSeed } from './testing.ts';
import { users } from './schema/index.ts';

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

  it('refuses a seed name that cannot name a database safely', async () => {
    await expect(
      createTestDatabase({ seed: { name: 'Kötü-ad', load: () => Promise.resolve() } }),
    ).rejects.toThrow(/test seed name/);
  });
});
