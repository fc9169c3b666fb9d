// The API as a real process for fault tests (killed with SIGKILL, restarted): the compiled API
// (`node --conditions=fonrisk-compiled apps/api/dist/main.js`, built by the test run's global
// set-up, decision 0072), or `node --import tsx apps/api/src/main.ts` without it, on a database of
// the test's, with a fixed JWT secret so that a token outlives a restart, and the HTTP calls a
// browser makes (bearer, anti-forgery cookie+header).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoginResponse } from '@fonrisk/contracts';
import { COMPILED_NODE_FLAGS, compiledChildren } from '@fonrisk/worker';
import { DEMO_PASSWORD } from '../demo/index.ts';
import { ANONYMOUS_BINDING, xsrfValue } from '../http/xsrf.ts';
import { sessionOf, TEST_JWT_SECRET } from './test-api.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const COMMAND = compiledChildren()
  ? [...COMPILED_NODE_FLAGS, fileURLToPath(new URL('../../dist/main.js', import.meta.url))]
  : ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))];

export interface ApiProcess {
  readonly child: ChildProcess;
  readonly base: string;
  readonly output: string[];
  /** Resolves when the process has ended. */
  readonly exited: Promise<void>;
}

/** Starts the API on `databaseUrl` (no worker, no demo) and resolves once it is ready. */
export async function startApiProcess(databaseUrl: string, dataDir: string): Promise<ApiProcess> {
  const child = spawn(process.execPath, COMMAND, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      FONRISK_DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      START_WORKER: 'false',
      FONRISK_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API not ready: ${output.join('')}`)), 90_000);
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
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`API exited before ready: ${output.join('')}`));
    });
  });
  return { child, base: `http://127.0.0.1:${String(port)}`, output, exited };
}

/** Headers of a browser session: bearer token and the anti-forgery value bound to it. */
export function browserHeaders(token?: string): Record<string, string> {
  const value = xsrfValue(TEST_JWT_SECRET, token ? sessionOf(token) : ANONYMOUS_BINDING);
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    cookie: `XSRF-TOKEN=${value}`,
    'x-xsrf-token': value,
  };
}

export async function loginOver(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/Authorization/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browserHeaders() },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login ${username}: ${await response.text()}`);
  return ((await response.json()) as LoginResponse).accessToken;
}
