// Batch runs on run threads (decision 0112): a worker with run threads executes the batch lane's
// runs on them, each with its own database pool and runner, and the users' runs on its main
// thread; batch runs on a thread yield to a user's run in progress on the main thread; a thread
// that dies is replaced and its run recovered; a stop puts a thread's run back in the queue.
import { RunLane, RunStatus } from '@fonrisk/contracts';
import { describe, expect, it } from 'vitest';
import { RUNNER_MESSAGES } from '../runner/messages.ts';
import { readRun, waitForStatus } from '../testing/runs.ts';
import {
  ANALYSIS_HANDLERS,
  THREAD_RUN_STATEMENTS,
  type ThreadRunSnapshot,
} from '../testing/thread-handlers.ts';
import { FAST_WORKER_OPTIONS, queueOnBed, useWorkerTestBed } from '../testing/worker-test-bed.ts';

const HANDLERS_MODULE = new URL('../testing/thread-handlers.ts', import.meta.url).href;

describe('run threads (decision 0112)', { timeout: 60_000 }, () => {
  const bed = useWorkerTestBed((database) => ({
    ...FAST_WORKER_OPTIONS,
    // Threads started from the sources load through tsx for a second or two: a job taken by a
    // thread still loading must not count as lost (recovery would send it again).
    staleAfterSeconds: 5,
    handlers: ANALYSIS_HANDLERS,
    concurrency: 2,
    runThreads: { count: 2, databaseUrl: database.url, handlersModule: HANDLERS_MODULE },
  }));
  const queue = (code: string, lane: RunLane) =>
    queueOnBed(bed, 'leverage', { portfolioCodes: [code], asOfDate: '2025-01-02' }, lane);
  const snapshotOf = async (runId: string) => {
    const run = await waitForStatus(bed.database.db, runId);
    expect(run.status, run.error ?? '').toBe(RunStatus.Done);
    return run.dataSnapshot as unknown as ThreadRunSnapshot;
  };

  it("executes batch runs on the run threads, niced, and users' runs on the main thread", async () => {
    // The first batch run starts the threads (each loads the handlers).
    await snapshotOf(await queue('FON0', RunLane.Batch));
    const batch = await Promise.all([1, 2, 3, 4].map((i) => queue(`FON${i}`, RunLane.Batch)));
    const user = await queue('FON0', RunLane.Interactive);
    const onThreads = await Promise.all(batch.map(snapshotOf));
    for (const s of onThreads) {
      expect(s.isMainThread).toBe(false);
      expect(s.priority).toBe(10);
      expect(s.computed).toBe(14); // a compute task, in the thread itself
    }
    // Two runs at a time on two threads: both took runs.
    expect(new Set(onThreads.map((s) => s.threadId)).size).toBe(2);
    const onMain = await snapshotOf(user);
    expect(onMain.isMainThread).toBe(true);
    expect(onMain.computed).toBe(14);
  });

  it("pauses a thread's batch run while a user's run is in progress on the main thread", async () => {
    const batch = await queue('TOPLU', RunLane.Batch);
    await expect
      .poll(async () => (await readRun(bed.database.db, batch)).status, { timeout: 20_000 })
      .toBe(RunStatus.Running);
    await new Promise((r) => setTimeout(r, 150)); // some statements before the user's run
    const user = await queue('KULLANICI', RunLane.Interactive);
    const { userRun } = await snapshotOf(user);
    const { statementsAt } = await snapshotOf(batch);
    expect(statementsAt).toHaveLength(THREAD_RUN_STATEMENTS);
    expect(userRun).not.toBeNull();
    // A statement already sent when the user's run started may be answered inside it; no other.
    const inside = statementsAt.filter((t) => t > userRun!.start + 30 && t < userRun!.end);
    expect(inside.length).toBeLessThanOrEqual(1);
    expect(statementsAt.filter((t) => t < userRun!.start).length).toBeGreaterThan(0);
    expect(statementsAt.filter((t) => t > userRun!.end).length).toBeGreaterThan(0);
  });

  it('replaces a thread that dies and recovers its run', async () => {
    const run = await queue('OLUM', RunLane.Batch);
    const done = await waitForStatus(bed.database.db, run, undefined, 30_000);
    expect(done.status).toBe(RunStatus.Done);
    expect(done.attempt).toBe(2);
    // The threads took the next batch runs as before.
    const next = await Promise.all([5, 6].map((i) => queue(`FON${i}`, RunLane.Batch)));
    for (const id of next) expect((await snapshotOf(id)).isMainThread).toBe(false);
  });

  it("puts a thread's run in progress back in the queue when the worker stops", async () => {
    const run = await queue('UZUN', RunLane.Batch);
    await expect
      .poll(async () => (await readRun(bed.database.db, run)).progress, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await bed.worker.stop(100);
    const released = await readRun(bed.database.db, run);
    expect(released.status).toBe(RunStatus.Queued);
    expect(released.progressMessage).toBe(RUNNER_MESSAGES.released);
    expect(bed.worker.runThreads?.active()).toEqual([]);
  });
});
