#!/usr/bin/env node
// Browser tests against the real app: start `node scripts/start.mjs` (which builds the web app and
// the server only when they are missing or stale) on a free port with a throw-away data directory,
// wait for its ready line, run apps/web/e2e/*.e2e.ts with Vitest (two files at a time), then stop
// the app with SIGINT and wait for it to exit.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's two Chromium builds: the headless shell most tests drive, the full browser for what
// only it has (its PDF viewer); apps/web/e2e/support.ts.
const chromiums = [
  {
    variable: 'FONRISK_CHROMIUM_SHELL',
    path: process.env.FONRISK_CHROMIUM_SHELL ?? '/usr/lib/chromium/chromium-headless-shell',
    debianPackage: 'chromium-headless-shell',
  },
  {
    variable: 'FONRISK_CHROMIUM',
    path: process.env.FONRISK_CHROMIUM ?? '/usr/bin/chromium',
    debianPackage: 'chromium',
  },
];
const READY_TIMEOUT_MS = Number(process.env.FONRISK_E2E_READY_TIMEOUT_MS ?? 300_000);
const STOP_TIMEOUT_MS = 60_000;

const started = performance.now();

/** A line of this script's own, with the seconds since it started (where CI's stage time goes). */
function log(message) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`[e2e] ${seconds} s: ${message}\n`);
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startApp(port, dataDir) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, FONRISK_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise((resolve, reject) => {
    const expected = `Fonrisk hazır: http://localhost:${port}`;
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`app not ready after ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text.replace(/^(?=.)/gm, '[app] '));
      buffer += text;
      if (buffer.split('\n').some((line) => line.trim() === expected)) {
        clearTimeout(timer);
        resolve();
      }
      if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
    });
    child.stderr.on('data', (chunk) =>
      process.stderr.write(chunk.toString().replace(/^(?=.)/gm, '[app] ')),
    );
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`app exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return { child, ready, exited };
}

/** Stops the app with SIGINT (SIGKILL after STOP_TIMEOUT_MS); true when it stopped cleanly. */
async function stopApp(app) {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return false;
  log('stopping the app (SIGINT)');
  app.child.kill('SIGINT');
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
  });
  const stopped = await Promise.race([app.exited, timeout]);
  // A pending timer keeps this process alive: left running, it added its whole minute to CI.
  clearTimeout(timer);
  if (stopped === 'timeout') {
    log(`app did not stop within ${STOP_TIMEOUT_MS} ms; sending SIGKILL`);
    app.child.kill('SIGKILL');
    await app.exited;
    return false;
  }
  log(`app stopped with exit code ${stopped.code} (signal ${stopped.signal})`);
  return stopped.code === 0;
}

async function main() {
  const missing = chromiums.filter((c) => !existsSync(c.path));
  if (missing.length > 0) {
    for (const c of missing) log(`Chromium not found at ${c.path} (${c.variable}).`);
    log(
      `Install it with: apt-get update && apt-get install -y ${missing.map((c) => c.debianPackage).join(' ')}`,
    );
    return 1;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fonrisk-e2e-'));
  // The embedded PostgreSQL runs as the `postgres` user, which must reach the data directory.
  chmodSync(dataDir, 0o777);
  log(`starting the app on port ${port} with data in ${dataDir}`);
  const app = startApp(port, dataDir);
  const onSignal = () => {
    void stopApp(app).then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await app.ready;
    log('app ready; running browser tests');
    const status = await run(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'apps/web/e2e/vitest.e2e.config.ts',
        // `npm run test:e2e -- module1` runs only the files matching the filter.
        ...process.argv.slice(2),
      ],
      {
        env: {
          ...process.env,
          FONRISK_E2E_URL: `http://localhost:${port}`,
          ...Object.fromEntries(chromiums.map((c) => [c.variable, c.path])),
        },
      },
    );
    log(`browser tests ended (exit code ${status})`);
    // A stop by a signal to the starter (as a service manager sends it) must be clean too.
    const clean = await stopApp(app);
    return status !== 0 ? status : clean ? 0 : 1;
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
