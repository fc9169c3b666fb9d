import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectDatabase, type Database, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { marketSeries } from './schema/index.ts';
import { databaseUrl, withClient } from './test-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance-database URL of the server the tests create their databases on. */
    fonriskTestAdminUrl: string;
    /**
     * The migrated template database of this test run (test-global-setup.ts); every test database
     * is a copy of it, or of a seeded template made from it.
     */
    fonriskTestTemplate: string;
  }
}

export interface TestDatabase extends DatabaseHandle {
  readonly url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** The database a seed loads into, for what needs more than the pool (a process of its own). */
export interface SeedTarget {
  /** Its connection URL. Whatever connects with it must be gone when `load` resolves. */
  readonly url: string;
}

/**
 * Data that many test files start from (the demo data set, say): it is loaded once per test run
 * into a template database of its own, which each such file then copies.
 */
export interface TestSeed {
  /** Names the template: one name per content (lower-case letters, digits and `_`). */
  readonly name: string;
  /**
   * The seed this one adds to: its template is copied (made first if need be) instead of the
   * migrated one, so that its data is loaded once per run however many seeds build on it.
   */
  readonly base?: TestSeed;
  /** Loads the data into the freshly migrated template database (holding `base`'s data). */
  load(db: Database, target: SeedTarget): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Start from this seed's data instead of an empty migrated database. */
  readonly seed?: TestSeed;
}

/**
 * A migrated database of its own for one test file, on the server given by `TEST_DATABASE_URL` or
 * the embedded one started by test-global-setup.ts: a copy (`CREATE DATABASE … TEMPLATE`) of the
 * run's migrated template, or of `seed`'s template, which the first file asking for it loads
 * (docs/decisions/0061-test-databases-from-templates.md). Test files run in parallel without
 * seeing each other's rows.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? inject('fonriskTestAdminUrl');
  const template = inject('fonriskTestTemplate') as string | undefined;
  const name = `fonrisk_test_${randomBytes(6).toString('hex')}`;
  let source = template;
  if (template && options.seed) source = await seededTemplate(adminUrl, template, options.seed);
  await withClient(adminUrl, (c) =>
    c.query(
      `CREATE DATABASE ${c.escapeIdentifier(name)}` +
        (source ? ` TEMPLATE ${c.escapeIdentifier(source)}` : ''),
    ),
  );
  const url = databaseUrl(adminUrl, name);
  const handle = connectDatabase(url, { max: 5 });
  // Without a run template (a config without test-global-setup.ts): migrate, and seed, here.
  if (!template) {
    await migrateDatabase(handle.pool);
    if (options.seed) await loadSeed(options.seed, handle.db, { url });
  }
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      await withClient(adminUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

/** Loads `seed` with its bases, the deepest first. */
async function loadSeed(seed: TestSeed, db: Database, target: SeedTarget): Promise<void> {
  if (seed.base) await loadSeed(seed.base, db, target);
  await seed.load(db, target);
}

/**
 * The name of `seed`'s template for this run, made by the first caller of any test process (an
 * advisory lock orders them; the others wait and copy it) from the migrated `template`, or from
 * its base seed's template, made first the same way. A template is marked IS_TEMPLATE only once
 * loaded, so a half-made one left by a killed process is made again.
 */
async function seededTemplate(adminUrl: string, template: string, seed: TestSeed): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(seed.name)) throw new Error(`test seed name ${seed.name}: a-z, 0-9, _`);
  const seeded = `${template}_${seed.name}`;
  const source = seed.base ? await seededTemplate(adminUrl, template, seed.base) : template;
  await withClient(adminUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [seeded]);
    try {
      const made = await c.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [
        seeded,
      ]);
      if (made.rowCount) return;
      const id = c.escapeIdentifier(seeded);
      await c.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${id} TEMPLATE ${c.escapeIdentifier(source)}`);
      const url = databaseUrl(adminUrl, seeded);
      const handle = connectDatabase(url, { max: 1 });
      try {
        await seed.load(handle.db, { url });
      } finally {
        await handle.close();
      }
      await c.query(`ALTER DATABASE ${id} IS_TEMPLATE true`);
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [seeded]);
    }
  });
  return seeded;
}

/** Market series for tests: a TRY price series per ticker, named by it (values are the test's). */
export async function insertTryPriceSeries(
  db: Database,
  tickers: readonly string[],
): Promise<void> {
  await db
    .insert(marketSeries)
    .values(tickers.map((ticker) => ({ ticker, name: ticker, kind: 'price', currency: 'TRY' })));
}
