// Production start without tsx (issue 14, decision 0039): the server is compiled with `tsc -b`
// (scripts/server-build.mjs, as `npm run build` and `npm start` do) and the compiled API, run by
// plain node with the `fonrisk-compiled` condition, answers /api/health.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('compiled production start', () => {
  let database: TestDatabase | undefined;
  let dataDir = '';
  let api: ChildProcess | null = null;
  const output: string[] = [];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'fonrisk-compiled-'));
  }, 300_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds every server workspace to JavaScript', () => {
    for (const entry of [
      'packages/contracts/dist/index.js',
      'packages/risk/dist/index.js',
      'packages/db/dist/index.js',
      'apps/worker/dist/main.js',
      'apps/api/dist/main.js',
      'apps/api/dist/worker-main.js',
      'apps/cli/dist/main.js',
    ])
      expect(existsSync(join(ROOT, entry)), entry).toBe(true);
  });

  it('runs the compiled API with plain node and answers /api/health with 200', async () => {
    // No tsx: a TypeScript file reached at run time would fail with ERR_UNKNOWN_FILE_EXTENSION.
    const child = spawn(
      process.execPath,
      ['--conditions=fonrisk-compiled', 'apps/api/dist/main.js'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NODE_ENV: 'production',
          DATABASE_URL: database!.url,
          FONRISK_DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          START_WORKER: 'false',
          FONRISK_DEMO_DATA: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    api = child;
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(output.join(''))), 90_000);
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        const ready = /Fonrisk hazır: http:\/\/localhost:(\d+)/.exec(output.join(''));
        if (ready) {
          clearTimeout(timer);
          resolve(Number(ready[1]));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`compiled API exited (${String(code)}): ${output.join('')}`));
      });
    });
    const response = await fetch(`http://127.0.0.1:${String(port)}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  }, 120_000);
});
