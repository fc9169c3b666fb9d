import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILED_NODE_FLAGS, WORKER_NODE_FLAGS, compiledChildren } from '@fonrisk/worker';
import {
  WORKER_COMMAND,
  WORKER_READY_MESSAGE,
  startWorkerProcess,
  type WorkerProcess,
} from './worker-process.ts';

const waitFor = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Stands in for the worker: stays alive until SIGTERM, which it answers by exiting 0. */
const LONG_LIVED = [
  process.execPath,
  '-e',
  "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);",
];

// Decision 0072: the api tests' global set-up (apps/worker/src/testing/compiled-children.ts) builds the server,
// and the worker processes the tests start run the compiled build, as `npm start` does.
it('starts the compiled worker in the api test run, the server built by its global set-up', () => {
  expect(compiledChildren()).toBe(true);
  expect(WORKER_COMMAND.slice(1, -1)).toEqual([...COMPILED_NODE_FLAGS, ...WORKER_NODE_FLAGS]);
  const entry = WORKER_COMMAND.at(-1)!;
  expect(entry.replaceAll('\\', '/')).toMatch(/apps\/api\/dist\/worker-main\.js$/);
  expect(existsSync(entry)).toBe(true);
});

describe('worker process supervision', () => {
  let worker: WorkerProcess | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });

  it('restarts a worker that crashes and logs it', async () => {
    const logs: string[] = [];
    worker = startWorkerProcess({
      databaseUrl: 'postgres://x',
      log: (m) => logs.push(m),
      command: LONG_LIVED,
    });
    await waitFor(() => worker!.pid() !== null);
    const first = worker.pid()!;
    process.kill(first, 'SIGKILL');
    await waitFor(() => worker!.pid() !== null && worker!.pid() !== first);
    expect(worker.restarts()).toBe(1);
    expect(logs[0]).toContain('Hesaplama servisi durdu (SIGKILL)');
  });

  it('gives up after the restart limit', async () => {
    const logs: string[] = [];
    worker = startWorkerProcess({
      databaseUrl: 'postgres://x',
      log: (m) => logs.push(m),
      command: [process.execPath, '-e', 'process.exit(2)'],
      maxRestarts: 1,
    });
    await waitFor(() => logs.some((l) => l.includes('sınırı aşıldı')));
    expect(worker.restarts()).toBe(1);
  });

  it('stops the worker with SIGTERM and waits for it to exit', async () => {
    worker = startWorkerProcess({
      databaseUrl: 'postgres://x',
      log: () => undefined,
      command: LONG_LIVED,
    });
    await waitFor(() => worker!.pid() !== null);
    const pid = worker.pid()!;
    await worker.stop();
    expect(() => process.kill(pid, 0), 'the process is gone').toThrow();
  });

  it('passes the database URL to the worker', async () => {
    const logs: string[] = [];
    worker = startWorkerProcess({
      databaseUrl: 'postgres://veritabani/fonrisk',
      log: (m) => logs.push(m),
      command: [
        process.execPath,
        '-e',
        'process.exit(process.env.DATABASE_URL === "postgres://veritabani/fonrisk" ? 7 : 8)',
      ],
      maxRestarts: 0,
    });
    await waitFor(() => logs.length > 0);
    expect(logs[0]).toContain('(7)');
  });

  it('is ready once the worker logs its start line, not before', async () => {
    worker = startWorkerProcess({
      databaseUrl: 'postgres://x',
      log: () => undefined,
      command: [
        process.execPath,
        '-e',
        `console.log('{"level":"info","message":"worker starting"}');
         setTimeout(() => console.log(JSON.stringify({ level: 'info', message: '${WORKER_READY_MESSAGE}', pid: 1 })), 400);
         process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`,
      ],
    });
    expect(await worker.ready(200), 'not ready before the line').toBe(false);
    expect(await worker.ready(5_000)).toBe(true);
  });

  it('reports a worker that never starts as not ready after the timeout', async () => {
    worker = startWorkerProcess({
      databaseUrl: 'postgres://x',
      log: () => undefined,
      command: LONG_LIVED,
    });
    expect(await worker.ready(300)).toBe(false);
  });
});
