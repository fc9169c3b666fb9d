import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { RUN_NOTIFY_CHANNEL, type AnalysisInputs, type LeverageResult } from '@fonrisk/contracts';
import { FIXTURE_TASKS } from '../pool/compute-fixtures.ts';
import { analysisRuns, eq, sql } from '@fonrisk/db';
import { NotPositiveDefiniteError } from '@fonrisk/risk';
import { queueRun, readRun, waitForStatus } from '../testing/runs.ts';
import { FAST_WORKER_OPTIONS, silentLog, useWorkerTestBed } from '../testing/worker-test-bed.ts';
import { startAnalysisWorker } from '../worker.ts';
import { AnalysisInputError } from './errors.ts';
import type { AnalysisHandler, RunContext } from './handler.ts';
import { RUNNER_MESSAGES } from './messages.ts';

type Inputs = { portfolioCodes: string[]; asOfDate: string };

const MAX_ATTEMPTS = 2;

/** The behaviour of the test handler is chosen by the first portfolio code of a run. */
const calls = new Map<string, number>();
const observedAbort = new Set<string>();

function resultFor(asOfDate: string, value: number): LeverageResult {
  return {
    asOfDate,
    portfolios: [],
    tables: {
      ozet: {
        title: 'Özet',
        columns: [{ key: 'deger', label: 'Değer', format: 'number' }],
        rows: [{ deger: value }],
      },
    },
  };
}

const testHandler: AnalysisHandler<'leverage'> = {
  async run(ctx: RunContext<AnalysisInputs<'leverage'>>) {
    const [mode = ''] = ctx.inputs.portfolioCodes;
    calls.set(mode, (calls.get(mode) ?? 0) + 1);
    switch (mode) {
      case 'TAMAM': {
        for (const step of [0.25, 0.5, 0.75]) {
          await ctx.progress(step, `Adım ${step * 100}`);
          await new Promise((r) => setTimeout(r, 150));
        }
        const total = await ctx.compute(FIXTURE_TASKS.sumSquares, new Float64Array([1, 2, 3]));
        return {
          result: resultFor(ctx.inputs.asOfDate, total),
          dataSnapshot: { marketDataThrough: ctx.inputs.asOfDate },
        };
      }
      case 'VERIYOK':
        throw new AnalysisInputError('VERIYOK portföyünde 2025-01-02 tarihli XYZ fiyatı yok.');
      case 'MOTOR':
        return {
          result: resultFor('', await ctx.compute(FIXTURE_TASKS.failsInEngine, 52, 30)),
          dataSnapshot: {},
        };
      case 'MATRIS':
        throw new NotPositiveDefiniteError(3, -0.5);
      case 'HATA':
        throw new Error('boom');
      case 'BIRKEZ':
        if (calls.get(mode) === 1) throw new Error('first attempt fails');
        return { result: resultFor(ctx.inputs.asOfDate, 1), dataSnapshot: {} };
      case 'BOZUK':
        return { result: { asOfDate: 5 } as unknown as LeverageResult, dataSnapshot: {} };
      case 'UZUN':
      case 'UZUN2':
        while (!ctx.signal.aborted) await new Promise((r) => setTimeout(r, 20));
        observedAbort.add(mode);
        throw ctx.signal.reason as Error;
      default:
        return { result: resultFor(ctx.inputs.asOfDate, 0), dataSnapshot: {} };
    }
  },
};

const inputs = (code: string): Inputs => ({ portfolioCodes: [code], asOfDate: '2025-01-02' });

describe('analysis runner (real PostgreSQL and pg-boss)', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: testHandler },
    concurrency: 2,
    runner: { ...FAST_WORKER_OPTIONS.runner, maxAttempts: MAX_ATTEMPTS },
  });

  const queue = (code: string) =>
    queueRun(bed.database.db, bed.worker.boss, bed.userId, 'leverage', inputs(code));

  it('takes a queued run through running to done, with progress notified and the result stored', async () => {
    const listener = new pg.Client({ connectionString: bed.database.url });
    await listener.connect();
    const seen: Array<{ status: string; progress: number }> = [];
    listener.on('notification', () => undefined);
    await listener.query(`LISTEN ${RUN_NOTIFY_CHANNEL}`);
    let runId = '';
    listener.on('notification', (n) => {
      if (n.payload !== runId) return;
      void readRun(bed.database.db, runId).then((r) =>
        seen.push({ status: r.status, progress: r.progress }),
      );
    });
    try {
      runId = await queue('TAMAM');
      const run = await waitForStatus(bed.database.db, runId);
      await new Promise((r) => setTimeout(r, 200));
      expect(run.status).toBe('done');
      expect(run.progress).toBe(1);
      expect(run.result, 'the validated result document, computed on the thread pool').toEqual(
        resultFor('2025-01-02', 14),
      );
      expect(run.dataSnapshot).toEqual({ marketDataThrough: '2025-01-02' });
      expect(run.engineVersion, "@fonrisk/risk's version").toBe('0.5.0');
      expect(run.startedAt).not.toBeNull();
      expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt!.getTime());
      expect(run.attempt).toBe(1);
      expect(
        seen.some((s) => s.status === 'running' && s.progress > 0 && s.progress < 1),
        'intermediate progress was announced',
      ).toBe(true);
    } finally {
      await listener.end();
    }
  });

  it.each([
    [
      'VERIYOK',
      "a handler's AnalysisInputError",
      'VERIYOK portföyünde 2025-01-02 tarihli XYZ fiyatı yok.',
    ],
    [
      'MOTOR',
      "the engine's error on a pool thread",
      'Analiz hesaplanamadı: yeterli geçmiş veri yok: en az 52 haftalık getiri gerekir, 30 var; aynı veriyle yeniden denemek sonucu değiştirmez.',
    ],
    [
      'MATRIS',
      "the engine's error in the job's own thread, its message after",
      'Analiz hesaplanamadı: kovaryans matrisi pozitif tanımlı değil (bazı risk faktörleri birbirinin doğrusal bileşimi); aynı veriyle yeniden denemek sonucu değiştirmez (motorun iletisi: matrix is not positive definite: pivot 3 is -0.5).',
    ],
  ])(
    'fails a run at once with the Turkish reason of %s (%s), without a retry',
    async (mode, _what, reason) => {
      const run = await waitForStatus(bed.database.db, await queue(mode));
      expect(run.status).toBe('failed');
      expect(run.error).toBe(reason);
      expect(run.attempt).toBe(1);
      expect(calls.get(mode)).toBe(1);
    },
  );

  it('retries a run that throws and fails it once the attempts are used up', async () => {
    const run = await waitForStatus(bed.database.db, await queue('HATA'));
    expect(run.status).toBe('failed');
    expect(run.error).toBe(RUNNER_MESSAGES.failedAfterRetries);
    expect(run.attempt).toBe(MAX_ATTEMPTS);
    expect(calls.get('HATA')).toBe(MAX_ATTEMPTS);
  });

  it('finishes a run whose first attempt threw', async () => {
    const run = await waitForStatus(bed.database.db, await queue('BIRKEZ'));
    expect(run.status).toBe('done');
    expect(run.attempt).toBe(2);
  });

  it('fails a run whose result does not match the result schema', async () => {
    const run = await waitForStatus(bed.database.db, await queue('BOZUK'));
    expect(run.status).toBe('failed');
    expect(run.error).toBe(RUNNER_MESSAGES.invalidResult);
    expect(run.result).toBeNull();
  });

  it('ends a run cancelled while queued without running it', async () => {
    const runId = await queueRun(
      bed.database.db,
      bed.worker.boss,
      bed.userId,
      'leverage',
      inputs('SIRADA'),
      (id, tx) =>
        tx
          .update(analysisRuns)
          .set({ status: 'cancelled', finishedAt: new Date() })
          .where(eq(analysisRuns.id, id))
          .then(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await readRun(bed.database.db, runId)).status).toBe('cancelled');
    expect(calls.get('SIRADA'), 'the handler never ran').toBeUndefined();
  });

  it('cancels a running run: the handler sees its signal abort and the run ends cancelled', async () => {
    const runId = await queue('UZUN');
    await waitForStatus(bed.database.db, runId, ['running']);
    await bed.database.db
      .update(analysisRuns)
      .set({ cancelRequested: true })
      .where(eq(analysisRuns.id, runId));
    const run = await waitForStatus(bed.database.db, runId);
    expect(run.status).toBe('cancelled');
    expect(run.error).toBeNull();
    // The run ends without waiting for the handler, which sees the signal on its next check.
    await expect.poll(() => observedAbort.has('UZUN'), { timeout: 10_000 }).toBe(true);
  });

  async function abandonedRun(code: string, attempt: number): Promise<string> {
    const [row] = await bed.database.db
      .insert(analysisRuns)
      .values({
        analysisType: 'leverage',
        inputs: inputs(code),
        createdBy: bed.userId,
        createdByName: 'Hesap Uzmanı',
        status: 'running',
        attempt,
        startedAt: new Date(Date.now() - 60_000),
        heartbeatAt: sql`now() - interval '1 minute'`,
      })
      .returning({ id: analysisRuns.id });
    return row!.id;
  }

  it('re-queues a run whose worker died (stale heartbeat) and finishes it', async () => {
    const run = await waitForStatus(bed.database.db, await abandonedRun('KAZA', 1));
    expect(run.status).toBe('done');
    expect(run.attempt).toBe(2);
  });

  it('fails a run whose worker died on its last attempt with the Turkish reason', async () => {
    const run = await waitForStatus(bed.database.db, await abandonedRun('KAZA2', MAX_ATTEMPTS));
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'İşlem sırasında hesaplama servisi durdu; yeniden deneme sınırı aşıldı.',
    );
  });

  it('on stop puts a run that outlives the grace period back in the queue for another worker', async () => {
    const runId = await queue('UZUN2');
    await waitForStatus(bed.database.db, runId, ['running']);
    const stopping = bed.worker.stop(100);
    await stopping;
    const released = await readRun(bed.database.db, runId);
    expect(released.status).toBe('queued');
    expect(released.attempt, 'a release does not use an attempt').toBe(1);
    expect(released.progressMessage).toBe(RUNNER_MESSAGES.released);

    const next = await startAnalysisWorker({
      db: bed.database.db,
      handlers: {
        leverage: {
          run: () => Promise.resolve({ result: resultFor('2025-01-02', 7), dataSnapshot: {} }),
        },
      },
      poolSize: 1,
      log: silentLog,
    });
    try {
      const run = await waitForStatus(bed.database.db, runId);
      expect(run.status).toBe('done');
      expect(run.result).toEqual(resultFor('2025-01-02', 7));
    } finally {
      await next.stop(100);
    }
  });
});
