// The worker as a real process (node --import tsx): killed mid-run (SIGKILL), stopped mid-run
// (SIGTERM). The processes run testing/slow-worker-entry.ts: main.ts's start function with a slow
// 'leverage' handler, on a database of its own, with heartbeat and stale limits of seconds.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunStatus } from '@fonrisk/contracts';
import type { AnalysisRunRow } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import type PgBoss from 'pg-boss';
import { compiledChildren } from './compiled.ts';
import { insertTestUser, queueRun, readRun, waitForStatus } from './testing/runs.ts';
import {
  SLOW_ANALYSIS_TYPE,
  spawnSlowWorker,
  type SpawnedWorker,
} from './testing/worker-processes.ts';
import { startTestBoss } from './testing/worker-test-bed.ts';

const FINAL: readonly RunStatus[] = ['done', 'failed', 'cancelled'];
const CRASH_FAILED = 'İşlem sırasında hesaplama servisi durdu; yeniden deneme sınırı aşıldı.';

// Two or three real processes per test, each starting through tsx (about 3 CPU s): 70-80 s per
// test measured on the shared 2-core machine at load 30 (decision 0066). In a test run that built
// the server (the worker tests' global set-up) they run the compiled worker (decision 0072).
const PER_TEST = { timeout: 180_000 };

describe('worker process (real processes, killed and stopped mid-run)', PER_TEST, () => {
  let database: TestDatabase;
  let boss: PgBoss;
  let userId: number;
  const spawned: SpawnedWorker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await insertTestUser(database.db);
    // The test's own pg-boss queues runs the way the API does (run + job in one transaction).
    boss = await startTestBoss(database.db);
  });
  afterEach(async () => {
    await Promise.all(spawned.splice(0).map((w) => w.stop('SIGKILL')));
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, close: false });
    await database.drop();
  });

  /** Short limits so that a crash is noticed within seconds: a heartbeat every 200 ms, stale after 2 s. */
  async function worker(env: Record<string, string> = {}): Promise<SpawnedWorker> {
    const started = await spawnSlowWorker({
      DATABASE_URL: database.url,
      WORKER_CONCURRENCY: '1',
      WORKER_POOL_SIZE: '1',
      RUN_HEARTBEAT_MS: '200',
      RUN_STALE_AFTER_SECONDS: '2',
      RUN_RECOVERY_INTERVAL_MS: '250',
      RUN_MAX_ATTEMPTS: '2',
      RUN_RETRY_DELAY_SECONDS: '0',
      SLOW_HANDLER_STEPS: '12',
      SLOW_HANDLER_STEP_MS: '150',
      ...env,
    });
    spawned.push(started);
    return started;
  }

  const queue = () =>
    queueRun(database.db, boss, userId, SLOW_ANALYSIS_TYPE, {
      portfolioCodes: ['SUREC'],
      asOfDate: '2025-01-02',
    });

  async function waitForRun(
    runId: string,
    what: string,
    test: (run: AnalysisRunRow) => boolean,
  ): Promise<AnalysisRunRow> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const run = await readRun(database.db, runId);
      if (test(run)) return run;
      if (Date.now() > deadline)
        throw new Error(
          `run ${runId} never ${what}: ${run.status}, attempt ${run.attempt}, progress ${run.progress}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const runningWithProgress = (attempt: number) => (run: AnalysisRunRow) =>
    run.status === 'running' && run.attempt === attempt && run.progress > 0;

  it('runs the compiled worker in a test run that built the server (its global set-up)', async () => {
    expect(compiledChildren()).toBe(true);
    const started = await worker();
    const entry = started.output.find((line) => line.includes('"slow worker entry"'));
    expect(entry, started.output.join('\n')).toMatch(/apps\/worker\/dist\/index\.js/);
  });

  it('re-queues the run of a killed worker process as attempt 2 and a second process finishes it', async () => {
    const first = await worker();
    const runId = await queue();
    await waitForRun(runId, 'ran with progress', runningWithProgress(1));

    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const orphan = await readRun(database.db, runId);
    expect(orphan.status, 'nobody is left to end the run of a killed process').toBe('running');
    expect(orphan.progress).toBeGreaterThan(0);

    const second = await worker();
    const run = await waitForStatus(database.db, runId, FINAL, 30_000);
    expect(run.status).toBe('done');
    expect(run.attempt, 'the crash used one attempt').toBe(2);
    expect(run.dataSnapshot, 'the second process computed the result').toMatchObject({
      workerPid: second.pid,
    });
    expect(run.result).toMatchObject({
      asOfDate: '2025-01-02',
      tables: { ozet: { rows: [{ adim: 12 }] } },
    });
    expect(
      second.output.some(
        (line) => line.includes('recovered abandoned runs') && line.includes(runId),
      ),
      'the second process found the abandoned run by its stale heartbeat',
    ).toBe(true);
  });

  it('fails a run whose worker process is killed on its last attempt with the Turkish reason', async () => {
    const first = await worker();
    const runId = await queue();
    await waitForRun(runId, 'ran with progress', runningWithProgress(1));
    await first.stop('SIGKILL');

    const second = await worker();
    await waitForRun(runId, 'ran again as attempt 2', runningWithProgress(2));
    await second.stop('SIGKILL');
    expect((await readRun(database.db, runId)).status).toBe('running');

    await worker();
    const run = await waitForStatus(database.db, runId, FINAL, 30_000);
    expect(run.status, 'RUN_MAX_ATTEMPTS=2: no third execution').toBe('failed');
    expect(run.error).toBe(CRASH_FAILED);
    expect(run.attempt).toBe(2);
    expect(run.result).toBeNull();
    expect(run.finishedAt).not.toBeNull();
  });

  it('on SIGTERM releases an unfinished run without using an attempt, and another process finishes it', async () => {
    const stopping = await worker({ WORKER_SHUTDOWN_GRACE_MS: '300', SLOW_HANDLER_STEPS: '150' });
    const runId = await queue();
    await waitForRun(runId, 'ran with progress', runningWithProgress(1));
    const other = await worker({ SLOW_HANDLER_STEPS: '4' });

    const startedStop = Date.now();
    expect(await stopping.stop('SIGTERM'), 'a clean exit').toEqual({ code: 0, signal: null });
    expect(
      Date.now() - startedStop,
      'the run did not hold the stop for its whole 30 s',
    ).toBeLessThan(15_000);
    expect(stopping.output.some((line) => line.includes('"message":"worker stopped"'))).toBe(true);

    const run = await waitForStatus(database.db, runId, FINAL, 30_000);
    expect(run.status).toBe('done');
    expect(run.attempt, 'a release is not a failure').toBe(1);
    expect(run.dataSnapshot).toMatchObject({ workerPid: other.pid });
  });

  it('on SIGTERM lets a run that ends within the grace period finish before the process exits', async () => {
    const stopping = await worker({ WORKER_SHUTDOWN_GRACE_MS: '20000', SLOW_HANDLER_STEPS: '8' });
    const runId = await queue();
    await waitForRun(runId, 'ran with progress', runningWithProgress(1));

    expect(await stopping.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const run = await readRun(database.db, runId);
    expect(run.status, 'finished before the exit, not left to another worker').toBe('done');
    expect(run.attempt).toBe(1);
    expect(run.dataSnapshot).toMatchObject({ workerPid: stopping.pid });
  });
});
