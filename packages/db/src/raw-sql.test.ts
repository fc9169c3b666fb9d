import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalsAnyText, rawSqlExecutor } from './raw-sql.ts';
import { settings } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { eq, inArray } from 'drizzle-orm';

describe('rawSqlExecutor', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('sends a repeated $n as one parameter, typed once (the pg-boss startAfter shape)', async () => {
    // pg-boss reads `startAfter` as text in one place and casts it to timestamptz in another:
    // sent as two parameters, the cast one would be typed timestamptz and refuse '5'.
    const text = `SELECT CASE WHEN right($1, 1) = 'Z' THEN CAST($1 AS timestamptz)
      ELSE now() + CAST(COALESCE($1, '0') AS interval) END > now() AS later, $2::int + $2::int AS twice`;
    const { rows } = await rawSqlExecutor(t.db).executeSql(text, ['5', 21]);
    expect(rows).toEqual([{ later: true, twice: 42 }]);
    const iso = await rawSqlExecutor(t.db).executeSql(text, ['2000-01-01T00:00:00Z', 1]);
    expect(iso.rows).toEqual([{ later: false, twice: 2 }]);
  });

  it('sends undefined as NULL and runs parameterless multi-statement text', async () => {
    const ex = rawSqlExecutor(t.db);
    expect((await ex.executeSql('SELECT $1::text IS NULL AS empty', [undefined])).rows).toEqual([
      { empty: true },
    ]);
    await ex.executeSql('CREATE TEMP TABLE raw_a (x int); DROP TABLE raw_a;');
  });

  it('writes inside the caller transaction: a rollback removes the raw write too', async () => {
    await t.db
      .transaction(async (tx) => {
        await rawSqlExecutor(tx).executeSql(
          `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())`,
          ['raw-sql-test', JSON.stringify({ seen: true })],
        );
        const inside = await tx.select().from(settings).where(eq(settings.key, 'raw-sql-test'));
        expect(inside).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await t.db.select().from(settings).where(eq(settings.key, 'raw-sql-test'))).toEqual([]);
  });
});

describe('equalsAnyText', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(settings).values(
      ["a'b", 'c,d', 'e"f', 'g{h}', 'plain'].map((key) => ({
        key,
        value: { key },
        updatedAt: new Date(),
      })),
    );
  });
  afterAll(async () => {
    await t.drop();
  });

  it('selects what inArray selects, quotes, commas and braces included, as one parameter', async () => {
    const keys = ["a'b", 'c,d', 'e"f', 'g{h}', 'missing'];
    const query = () => t.db.select({ key: settings.key }).from(settings);
    const any = await query().where(equalsAnyText(settings.key, keys));
    const listed = await query().where(inArray(settings.key, keys));
    expect(any.map((r) => r.key).sort()).toEqual(listed.map((r) => r.key).sort());
    expect(any).toHaveLength(4);
    expect(query().where(equalsAnyText(settings.key, keys)).toSQL().params).toHaveLength(1);
    expect(await query().where(equalsAnyText(settings.key, []))).toEqual([]);
  });
});
