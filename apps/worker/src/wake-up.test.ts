// The queue wakes a worker at once: a job announced at commit ends the consumers' poll wait.
// Both beds poll only every 60 s, so a run finished within seconds was started by the wake-up.
import { describe, expect, it } from 'vitest';
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
