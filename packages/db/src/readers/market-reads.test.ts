// The market-data version (decision 0078): every statement that writes market values or their
// derived values moves it (insert, update, delete, truncate, a cascade from a deleted series),
// nothing else does (the reference data's writes move a version of their own, decision 0115),
// and a REPEATABLE READ snapshot keeps the version it started with while a later one sees the
// write. Each writing transaction is noted once, however many statements it sends (decision
// 0119). The worker answers marked reads from its cache by this version, so a write it missed
// would serve stale values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { poolOf } from '../raw-sql.ts';
import {
  fxRates,
  instruments,
  marketSeries,
  marketValues,
  marketValuesDerived,
  settings,
  tickerMappings,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { MARKET_DATA_VERSION_SQL, REFERENCE_DATA_VERSION_SQL } from './market-reads.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(marketSeries).values([
    { ticker: 'AAA', name: 'A', kind: 'price', currency: 'TRY' },
    { ticker: 'BBB', name: 'B', kind: 'price', currency: 'TRY' },
  ]);
});
afterAll(async () => {
  await t.drop();
});

async function version(): Promise<string> {
  const result = await poolOf(t.db).query<{ version: string }>(MARKET_DATA_VERSION_SQL);
  return result.rows[0]!.version;
}

describe('the market-data version', () => {
  it('moves with every statement that writes market values, derived values or FX rates, and only then', async () => {
    const writes: [string, () => Promise<unknown>][] = [
      [
        'insert',
        () => t.db.insert(marketValues).values({ ticker: 'AAA', date: '2025-01-02', value: 1 }),
      ],
      [
        'update',
        () => t.db.update(marketValues).set({ value: 2 }).where(eq(marketValues.ticker, 'AAA')),
      ],
      [
        'derived insert',
        () =>
          t.db
            .insert(marketValuesDerived)
            .values({ ticker: 'AAA', date: '2025-01-02', adjusted: 1, totalReturn: 1 }),
      ],
      ['derived update', () => t.db.update(marketValuesDerived).set({ adjusted: 3 })],
      ['derived delete', () => t.db.delete(marketValuesDerived)],
      ['delete', () => t.db.delete(marketValues).where(eq(marketValues.ticker, 'AAA'))],
      [
        'copy-like insert of many rows',
        () =>
          t.db.execute(
            sql`INSERT INTO market_values SELECT 'BBB', d::date, 1 FROM generate_series(DATE '2025-01-01', DATE '2025-03-01', '1 day') d`,
          ),
      ],
      ['truncate', () => t.db.execute(sql`TRUNCATE market_values_derived`)],
      [
        'cascade from a deleted series',
        () => t.db.delete(marketSeries).where(eq(marketSeries.ticker, 'BBB')),
      ],
      // FX rates are read with the market values (decision 0096).
      [
        'fx insert',
        () => t.db.insert(fxRates).values({ currency: 'USD', date: '2025-01-02', forexBuying: 35 }),
      ],
      ['fx update', () => t.db.update(fxRates).set({ forexBuying: 36 })],
      ['fx delete', () => t.db.delete(fxRates)],
    ];
    const seen = new Set([await version()]);
    for (const [name, write] of writes) {
      await write();
      const now = await version();
      expect(seen.has(now), `${name} moved the version`).toBe(false);
      seen.add(now);
    }
    const before = await version();
    await t.db.select().from(marketValues);
    await t.db.insert(settings).values({ key: 'deneme', value: 1 });
    expect(await version(), 'a read and a write elsewhere leave it').toBe(before);
  });

  it('is apart from the reference-data version: each moves with its own tables only (decision 0115)', async () => {
    const reference = async () =>
      (await poolOf(t.db).query<{ version: string }>(REFERENCE_DATA_VERSION_SQL)).rows[0]!.version;
    const writes: [string, () => Promise<unknown>][] = [
      [
        'instrument insert',
        () =>
          t.db
            .insert(instruments)
            .values({ code: 'HX', name: 'X', mainType: 'share', currency: 'TRY' }),
      ],
      ['instrument update', () => t.db.update(instruments).set({ name: 'X2' })],
      [
        'mapping insert',
        () =>
          t.db
            .insert(tickerMappings)
            .values({ instrumentCode: 'HX', seriesTicker: 'AAA', mappingKind: 'direct' }),
      ],
      ['mapping update', () => t.db.update(tickerMappings).set({ mappingKind: 'proxy' })],
      ['mapping delete', () => t.db.delete(tickerMappings)],
      ['instrument delete', () => t.db.delete(instruments).where(eq(instruments.code, 'HX'))],
      [
        'series insert',
        () =>
          t.db
            .insert(marketSeries)
            .values({ ticker: 'RRR', name: 'R', kind: 'price', currency: 'TRY' }),
      ],
      [
        'series update',
        () => t.db.update(marketSeries).set({ name: 'R2' }).where(eq(marketSeries.ticker, 'RRR')),
      ],
      ['series delete', () => t.db.delete(marketSeries).where(eq(marketSeries.ticker, 'RRR'))],
    ];
    const seen = new Set([await reference()]);
    for (const [name, write] of writes) {
      const market = await version();
      await write();
      const now = await reference();
      expect(seen.has(now), `${name} moved the reference version`).toBe(false);
      seen.add(now);
      // A deleted series takes its values with it (a cascade): a market write too.
      if (name !== 'series delete')
        expect(await version(), `${name} left the market version`).toBe(market);
    }
    const before = await reference();
    await t.db.insert(marketValues).values({ ticker: 'AAA', date: '2025-02-03', value: 1 });
    await t.db.insert(fxRates).values({ currency: 'EUR', date: '2025-02-03', forexBuying: 40 });
    expect(await reference(), 'market and FX writes leave it').toBe(before);
  });

  it('is noted once per writing transaction, however many statements it sends (decision 0119)', async () => {
    const notes = async (table: 'market_writes' | 'reference_writes') =>
      Number(
        (await poolOf(t.db).query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))
          .rows[0]!.n,
      );
    const client = await poolOf(t.db).connect();
    try {
      const [market, reference] = [await notes('market_writes'), await notes('reference_writes')];
      const before = await version();
      await client.query('BEGIN');
      for (const date of ['2025-03-03', '2025-03-04', '2025-03-05'])
        await client.query(
          `INSERT INTO market_values (ticker, date, value) VALUES ('AAA', $1, 2)`,
          [date],
        );
      await client.query(`UPDATE market_values SET value = 3 WHERE date >= '2025-03-03'`);
      await client.query(`UPDATE market_series SET name = 'A2' WHERE ticker = 'AAA'`);
      await client.query(`UPDATE market_series SET name = 'A3' WHERE ticker = 'AAA'`);
      await client.query('COMMIT');
      expect(await notes('market_writes')).toBe(market + 1);
      expect(await notes('reference_writes')).toBe(reference + 1);
      const once = await version();
      expect(once).not.toBe(before);

      // A write rolled back to its savepoint takes its note with it; the next write notes again.
      // A transaction whose only write was rolled back notes nothing: the version stays.
      const rolledBack = async (...after: string[]) => {
        await client.query('BEGIN');
        await client.query('SAVEPOINT yazma');
        await client.query(`DELETE FROM market_values WHERE date = '2025-03-05'`);
        await client.query('ROLLBACK TO SAVEPOINT yazma');
        for (const statement of after) await client.query(statement);
        await client.query('COMMIT');
      };
      await rolledBack(`DELETE FROM market_values WHERE date = '2025-03-04'`);
      expect(await notes('market_writes')).toBe(market + 2);
      const again = await version();
      expect(again).not.toBe(once);
      await rolledBack();
      expect(await version()).toBe(again);
      expect(await notes('market_writes')).toBe(market + 2);
    } finally {
      client.release();
    }
  });

  it('stays what a snapshot began with and moves for a later one', async () => {
    const reader = await poolOf(t.db).connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const first = (await reader.query<{ version: string }>(MARKET_DATA_VERSION_SQL)).rows[0]!
        .version;
      await t.db
        .insert(marketSeries)
        .values({ ticker: 'CCC', name: 'C', kind: 'price', currency: 'TRY' });
      await t.db.insert(marketValues).values({ ticker: 'CCC', date: '2025-01-02', value: 5 });
      const again = (await reader.query<{ version: string }>(MARKET_DATA_VERSION_SQL)).rows[0]!
        .version;
      expect(again).toBe(first);
      await reader.query('ROLLBACK');
      expect(await version()).not.toBe(first);
    } finally {
      reader.release();
    }
  });
});
