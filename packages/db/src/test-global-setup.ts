import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';
import { databaseUrl, withClient } from './test-admin.ts';

/** The server and migrated template of one test run, shared by all its projects. */
interface TestCluster {
  readonly adminUrl: string;
  readonly template: string;
  stop(): Promise<void>;
}

interface Shared {
  cluster: Promise<TestCluster>;
  users: number;
}

/**
 * Kept on globalThis: vitest loads this file once per project (each through its own module
 * graph), all in the one main process, and the projects share one cluster.
 */
const SHARED = Symbol.for('fonrisk.testCluster');
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

/**
 * Vitest globalSetup for every workspace whose tests need PostgreSQL: one server per test run,
 * shared by the projects (an embedded one on a throw-away data directory, unless
 * `TEST_DATABASE_URL` names a server to use), with one migrated template database. Test files
 * then call `createTestDatabase()` from `@fonrisk/db/testing`, which copies the template
 * (docs/decisions/0061-test-databases-from-templates.md).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[SHARED] ??= { cluster: startCluster(), users: 0 });
  shared.users++;
  const cluster = await shared.cluster;
  project.provide('fonriskTestAdminUrl', cluster.adminUrl);
  project.provide('fonriskTestTemplate', cluster.template);
  return async () => {
    if (--shared.users > 0) return;
    registry[SHARED] = undefined;
    await cluster.stop();
  };
}

/**
 * A throw-away cluster needs no durability: without fsync a database copy and drop take about a
 * quarter of the time (0061).
 */
const THROW_AWAY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } as const;

async function startCluster(): Promise<TestCluster> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const template = await createTemplate(given);
    return { adminUrl: given, template, stop: () => dropTemplates(given, template) };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'fonrisk-test-'));
  // The postgres OS user must traverse it when the tests run as root.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, logFile: null, settings: THROW_AWAY });
  const template = await createTemplate(server.adminUrl);
  return {
    adminUrl: server.adminUrl,
    template,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (!server.clusterDir.startsWith(dataDir))
        await rm(server.clusterDir, { recursive: true, force: true });
    },
  };
}

/** A migrated database of this run's own name, closed so that it can be copied. */
async function createTemplate(adminUrl: string): Promise<string> {
  const template = `fonrisk_template_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(template)}`));
  const handle = connectDatabase(databaseUrl(adminUrl, template), { max: 1 });
  try {
    await migrateDatabase(handle.pool);
  } finally {
    await handle.close();
  }
  return template;
}

/** On a server of the user's: drops this run's templates (the migrated one and seeded ones). */
async function dropTemplates(adminUrl: string, template: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_')`,
      [template],
    );
    for (const { datname } of rows) {
      const id = c.escapeIdentifier(datname);
      await c.query(`ALTER DATABASE ${id} IS_TEMPLATE false`);
      await c.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
    }
  });
}
