// The queue wakes a worker at once: a job announced at commit ends the consumers' poll wait.
// Both beds poll only every 60 s, so a run finished within seconds was started by the wake-up.
// A consumer that has just run a job fetches the next at once, without a wake-up (decision 0077).
import { describe, expect, it } from 'vitest';
import { analysisRuns, inArray } from '@fonrisk/db';
import type { LeverageResult } from '@fonrisk/contracts';
import type { AnalysisHandler } from './runner/handler.ts';
import { queueRun, readRun, waitForStatus } from './testing/runs.ts';
import { FAST_WORKER_OPTIONS, useWorkerTestBed } from './testing/worker-test-bed.ts';

const result: LeverageResult = { asOfDate: '2025-01-02', portfolios: [], tables: {} };
const handler: AnalysisHandler<'leverage'> = {
  run: () => Promise.resolve({ result, dataSnapshot: {} }),
};
const inputs = { portfolioCodes: ['UYAN'], asOfDate: '2025-01-02' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job wake-up', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    pollingIntervalSeconds: 60,
  });

  it('starts a queued run at once instead of at the next poll', async () => {
    await sleep(300); // the consumer's first fetch found nothing; it now waits 60 s
    const started = Date.now();
    const runId = await queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', inputs);
    const run = await waitForStatus(bed.database.db, runId, ['done', 'failed'], 30_000);
    expect(run.status).toBe('done');
    // Well under the 60 s poll (about 0.1 s on an idle machine; the bound leaves room for a
    // loaded 2-core one, where 4 s was once too little): only the wake-up can have started it.
    expect(Date.now() - started, 'start to result without a poll wait').toBeLessThan(20_000);
  });
});

describe('without the wake-up (polling only)', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    pollingIntervalSeconds: 10,
    wakeOnAnnounce: false,
  });

  it('leaves the run waiting for the next poll (what the wake-up removes)', async () => {
    await sleep(300);
    const runId = await queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', inputs);
    await sleep(1_000);
    expect((await readRun(bed.database.db, runId)).status).toBe('queued');
  });
});

describe('a queue full of jobs (polling only, one consumer)', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    concurrency: 1,
    pollingIntervalSeconds: 5,
    wakeOnAnnounce: false,
  });

  it('runs them one after the other without a poll wait between them', async () => {
    const runIds: string[] = [];
    for (let i = 0; i < 4; i++)
      runIds.push(await queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', inputs));
    for (const runId of runIds)
      expect((await waitForStatus(bed.database.db, runId, ['done', 'failed'], 60_000)).status).toBe(
        'done',
      );
    const finished = (
      await bed.database.db
        .select({ finishedAt: analysisRuns.finishedAt })
        .from(analysisRuns)
        .where(inArray(analysisRuns.id, runIds))
    ).map((r) => r.finishedAt!.getTime());
    // The first poll took the first job; pg-boss then waited out the rest of its 5 s interval
    // after each job before the next fetch (at least 14 s for the other three). A consumer that
    // ran a job now asks again at once: the four runs end within a few seconds of each other.
    expect(Math.max(...finished) - Math.min(...finished)).toBeLessThan(4_000);
  });
});
