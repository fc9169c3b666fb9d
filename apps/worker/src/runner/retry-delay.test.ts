// The runner's retry of a run that threw waits `retryDelaySeconds` (5 s by default) before the
// run is tried again; the other runner tests use no delay.
import { describe, expect, it } from 'vitest';
import type { LeverageResult } from '@fonrisk/contracts';
import { queueRun, readRun, waitForStatus } from '../testing/runs.ts';
import { useWorkerTestBed } from '../testing/worker-test-bed.ts';
import type { AnalysisHandler } from './handler.ts';
import { RUNNER_MESSAGES } from './messages.ts';

const result: LeverageResult = { asOfDate: '2025-01-02', portfolios: [], tables: {} };

describe('retry delay', () => {
  const startedAt: number[] = [];
  const handler: AnalysisHandler<'leverage'> = {
    run() {
      startedAt.push(Date.now());
      if (startedAt.length === 1) return Promise.reject(new Error('ilk deneme başarısız'));
      return Promise.resolve({ result, dataSnapshot: {} });
    },
  };

  const bed = useWorkerTestBed({
    handlers: { leverage: handler },
    poolSize: 1,
    runner: { retryDelaySeconds: 2, maxAttempts: 3, heartbeatMs: 100 },
  });

  it('puts a run that threw back in the queue and runs it again after the delay', async () => {
    const runId = await queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', {
      portfolioCodes: ['GECIK'],
      asOfDate: '2025-01-02',
    });
    await expect
      .poll(async () => (await readRun(bed.database.db, runId)).attempt, {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(2);
    const queued = await readRun(bed.database.db, runId);
    expect(queued.status, 'between the attempts the run waits in the queue').toBe('queued');
    expect(queued.attempt).toBe(2);
    expect(queued.progressMessage).toBe(RUNNER_MESSAGES.retrying(2, 3));

    const run = await waitForStatus(bed.database.db, runId, ['done', 'failed'], 30_000);
    expect(run.status).toBe('done');
    expect(run.attempt).toBe(2);
    expect(
      startedAt[1]! - startedAt[0]!,
      'the second attempt waited the 2 s delay',
    ).toBeGreaterThanOrEqual(1_900);
  });
});
