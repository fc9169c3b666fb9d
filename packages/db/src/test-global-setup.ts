import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * Vitest globalSetup for every workspace whose tests need PostgreSQL: one embedded server per
 * test run on a throw-away data directory, unless `TEST_DATABASE_URL` names a server to use.
 * Test files then call `createTestDatabase()` from `@fonrisk/db/testing`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('fonriskTestAdminUrl', given);
    return () => Promise.resolve();
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'fonrisk-test-'));
  // The postgres OS user must traverse it when the tests run as root.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, logFile: null });
  project.provide('fonriskTestAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (!server.clusterDir.startsWith(dataDir))
      await rm(server.clusterDir, { recursive: true, force: true });
  };
}
