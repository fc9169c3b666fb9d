// A clean stop (issue 21): Ctrl-C in the terminal sends SIGINT to the whole process group of
// `npm start` (scripts/start.mjs, the API, the worker and, before, the embedded PostgreSQL). The
// work, the queues and the connections stop first and the embedded PostgreSQL last, so the exit
// code is 0 and the log has no error line, even with an analysis running at that moment.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunListResponse } from '@fonrisk/contracts';
import { DEMO_PASSWORD } from './demo/index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What an error looks like in our logs (pino level 50+, the worker's JSON, console.error text). */
const ERROR_LINE =
  /"level":(50|60)|"level":"(error|fatal)"|\berror\b|\bhata\b|released to the pool|administrator command|başarısız/i;

function xsrfOf(response: Response): string {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^XSRF-TOKEN=([^;]*)/.exec(cookie);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error('no anti-forgery cookie');
}

async function tokenOf(base: string, username: string): Promise<string> {
  const xsrf = xsrfOf(await fetch(`${base}/api/health`));
  const login = await fetch(`${base}/api/Authorization/Login`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

describe('Ctrl-C on npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fonrisk-clean-stop-'));
  let app: ChildProcess | null = null;
  const output: string[] = [];

  afterAll(() => {
    if (app?.pid !== undefined && app.exitCode === null) process.kill(-app.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops everything with exit code 0 and no error line while a run is going', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      FONRISK_DATA_DIR: dataDir,
    };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    // Its own process group, as a terminal's foreground job: the group gets the signal.
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app = child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        const ready = /Fonrisk hazır: http:\/\/localhost:(\d+)/.exec(output.join(''));
        if (ready) resolve(Number(ready[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`exited (${String(code)}): ${output.join('')}`)));
    });
    const base = `http://127.0.0.1:${String(port)}`;
    const token = await tokenOf(base, 'hesaplayici');
    // The first start queues the demo runs: wait until the worker is computing one of them.
    const deadline = Date.now() + 300_000;
    let running = false;
    while (!running && Date.now() < deadline) {
      const list = await fetch(`${base}/api/analyses/runs?limit=200`, {
        headers: { authorization: `Bearer ${token}` },
      });
      running = ((await list.json()) as RunListResponse).items.some((r) => r.status === 'running');
      if (!running) await new Promise((r) => setTimeout(r, 100));
    }
    expect(running, 'a run was going when Ctrl-C came').toBe(true);
    const before = output.join('').length;
    process.kill(-child.pid!, 'SIGINT');
    const code = await exited;
    const log = output.join('');
    const errors = log.split('\n').filter((line) => ERROR_LINE.test(line));
    expect(errors, log.slice(before)).toEqual([]);
    expect(code, log.slice(before)).toBe(0);
  }, 900_000);
});
