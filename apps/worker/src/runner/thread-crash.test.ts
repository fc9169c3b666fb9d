// A compute-pool thread that dies under a run (process.exit in the thread, an uncaught error):
// the run is retried or failed like any other error, and the pool goes on with a new thread.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeverageResult } from '@fonrisk/contracts';
import { queueRun, waitForStatus } from '../testing/runs.ts';
import { FAST_WORKER_OPTIONS, useWorkerTestBed } from '../testing/worker-test-bed.ts';
import type { AnalysisHandler } from './handler.ts';
import { RUNNER_MESSAGES } from './messages.ts';

import { FIXTURE_TASKS } from '../pool/compute-fixtures.ts';
const MAX_ATTEMPTS = 2;
const calls = new Map<string, number>();
const errors: string[] = [];

/** The first portfolio code picks what the thread does: exit, throw uncaught, on every call or the first only. */
const handler: AnalysisHandler<'leverage'> = {
  async run(ctx) {
    const [mode = ''] = ctx.inputs.portfolioCodes;
    const call = (calls.get(mode) ?? 0) + 1;
    calls.set(mode, call);
    const crashes = mode.endsWith('_HEP') || call === 1;
    if (crashes && mode.startsWith('CIKIS')) await ctx.compute(FIXTURE_TASKS.exitThread);
    if (crashes && mode.startsWith('HATA'))
      await ctx.compute(FIXTURE_TASKS.throwUncaught, 'iş parçacığında yakalanmayan hata');
    const threadId = await ctx.compute(FIXTURE_TASKS.currentThreadId);
    return {
      result: {
        asOfDate: ctx.inputs.asOfDate,
        portfolios: [],
        tables: {
          ozet: {
            title: 'Özet',
            columns: [{ key: 'thread', label: 'İş parçacığı', format: 'number' }],
            rows: [{ thread: threadId }],
          },
        },
      },
      dataSnapshot: {},
    };
  },
};

describe('a compute thread that dies under a run', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    runner: { ...FAST_WORKER_OPTIONS.runner, maxAttempts: MAX_ATTEMPTS },
    log: {
      info: () => undefined,
      error: (_message, details) => errors.push(String(details?.error)),
    },
  });
  let firstThread: number;

  beforeAll(async () => {
    firstThread = await bed.worker.pool.run(FIXTURE_TASKS.currentThreadId, []);
  });

  const run = async (mode: string) =>
    waitForStatus(
      bed.database.db,
      await queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', {
        portfolioCodes: [mode],
        asOfDate: '2025-01-02',
      }),
    );
  const threadOf = (result: unknown) => (result as LeverageResult).tables.ozet!.rows[0]!.thread;

  it('retries a run whose thread called process.exit, and the retry runs on a new thread', async () => {
    const done = await run('CIKIS');
    expect(done.status).toBe('done');
    expect(done.attempt, 'the exit cost one attempt').toBe(2);
    expect(threadOf(done.result), 'the one-thread pool replaced the exited thread').not.toBe(
      firstThread,
    );
    expect(errors.some((e) => e.includes('Hesaplama iş parçacığı durdu (kod 3)'))).toBe(true);
  });

  it('retries a run whose thread died of an uncaught error', async () => {
    const done = await run('HATA');
    expect(done.status).toBe('done');
    expect(done.attempt).toBe(2);
    expect(errors.some((e) => e.includes('iş parçacığında yakalanmayan hata'))).toBe(true);
  });

  it('fails a run whose thread dies on every attempt, and the pool keeps serving', async () => {
    const failed = await run('CIKIS_HEP');
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(RUNNER_MESSAGES.failedAfterRetries);
    expect(failed.attempt).toBe(MAX_ATTEMPTS);
    expect(calls.get('CIKIS_HEP')).toBe(MAX_ATTEMPTS);

    expect(bed.worker.pool.size).toBe(1);
    await expect(
      bed.worker.pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([2])]),
    ).resolves.toBe(4);
    const after = await run('SAGLAM');
    expect(after.status, 'the next run computes normally').toBe('done');
    expect(after.attempt).toBe(1);
  });
});
