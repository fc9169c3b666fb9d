import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
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
