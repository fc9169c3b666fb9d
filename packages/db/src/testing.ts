import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance-database URL of the server the tests create their databases on. */
    fonriskTestAdminUrl: string;
  }
}

export interface TestDatabase extends DatabaseHandle {
  readonly url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A freshly migrated database of its own for one test file, on the server given by
 * `TEST_DATABASE_URL` or the embedded one started by test-global-setup.ts. Test files run in
 * parallel without seeing each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? inject('fonriskTestAdminUrl');
  const name = `fonrisk_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 5 });
  await migrateDatabase(handle.pool);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await withClient(adminUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
