// Issue 14, faults: PostgreSQL stopped and started while a worker process computes runs. The
// worker reconnects by itself (pool errors handled, pg-boss keeps polling) and no run is lost or
// stuck: a run in flight when the database went away is finished after the restart (its next
// attempt, by crash recovery, decision 0039) or failed with a Turkish reason that can be re-run,
// and a run queued after the restart is done by the same process.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
  type DatabaseHandle,
  type EmbeddedPostgresHandle,
} from '@fonrisk/db';
import type PgBoss from 'pg-boss';
import { insertTestUser, queueRun, readRun, waitForStatus } from './testing/runs.ts';
import {
  SLOW_ANALYSIS_TYPE,
  spawnSlowWorker,
  type SpawnedWorker,
} from './testing/worker-processes.ts';
import { startTestBoss } from './testing/worker-test-bed.ts';

const INPUTS = (code: string) => ({ portfolioCodes: [code], asOfDate: '2025-01-02' });

describe('PostgreSQL stopped and started under a working worker', { timeout: 180_000 }, () => {
  let dataDir: string;
  let server: EmbeddedPostgresHandle;
  let port: number;
  let worker: SpawnedWorker | null = null;
  const handles: DatabaseHandle[] = [];

  const connect = () => {
    const handle = connectDatabase(server.url, { max: 3, onIdleError: () => undefined });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fonrisk-outage-'));
    chmodSync(dataDir, 0o755);
    server = await startEmbeddedPostgres({ dataDir, logFile: null });
    port = Number(new URL(server.url).port);
    await migrateDatabase(connect().pool);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop('SIGTERM');
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!server.clusterDir.startsWith(dataDir))
      rmSync(server.clusterDir, { recursive: true, force: true });
  });

  it('reconnects by itself and leaves no run lost or stuck', async () => {
    const before = connect();
    const userId = await insertTestUser(before.db);
    worker = await spawnSlowWorker({
      DATABASE_URL: server.url,
      WORKER_CONCURRENCY: '2',
      WORKER_POOL_SIZE: '1',
      SLOW_HANDLER_STEPS: '8',
      SLOW_HANDLER_STEP_MS: '250',
      RUN_HEARTBEAT_MS: '500',
      RUN_STALE_AFTER_SECONDS: '3',
      RUN_RECOVERY_INTERVAL_MS: '500',
      RUN_RETRY_DELAY_SECONDS: '0',
    });
    let boss: PgBoss = await startTestBoss(before.db);
    const inFlight = [
      await queueRun(before.db, boss, userId, SLOW_ANALYSIS_TYPE, INPUTS('KESINTI1')),
      await queueRun(before.db, boss, userId, SLOW_ANALYSIS_TYPE, INPUTS('KESINTI2')),
    ];
    for (const id of inFlight) await waitForStatus(before.db, id, ['running'], 30_000);
    await boss.stop({ graceful: false, close: false, wait: true });

    // The outage: the server goes away under the running runs for a few seconds.
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      worker.child.exitCode,
      `the worker survives the outage:\n${worker.output.join('\n')}`,
    ).toBeNull();
    server = await startEmbeddedPostgres({ dataDir, logFile: null, port });

    const after = connect();
    const finished = await Promise.all(
      inFlight.map((id) => waitForStatus(after.db, id, ['done', 'failed'], 60_000)),
    );
    for (const run of finished) {
      if (run.status === 'failed') expect(run.error, 'a failed run says why').toMatch(/\S/);
      else expect(run.status).toBe('done');
    }
    expect(
      finished.filter((r) => r.status === 'done').length,
      'runs in flight are finished after the restart',
    ).toBe(inFlight.length);

    // The same process takes new work after the restart: its pool and pg-boss reconnected.
    boss = await startTestBoss(after.db);
    const later = await queueRun(after.db, boss, userId, SLOW_ANALYSIS_TYPE, INPUTS('SONRA'));
    const done = await waitForStatus(after.db, later, ['done', 'failed'], 60_000);
    expect(done.status, done.error ?? '').toBe('done');
    expect((await readRun(after.db, later)).dataSnapshot).toMatchObject({
      workerPid: worker.pid,
    });
    await boss.stop({ graceful: false, close: false, wait: true });
    expect(worker.child.exitCode).toBeNull();
  });
});
