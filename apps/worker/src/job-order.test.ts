// The runs of one transaction start in the order they were queued (decision 0079): a night's batch
// is queued in one transaction, and the worker's market-read cache relies on the runs of one fund
// following one another. pg-boss takes jobs by created_on, then id; the ids now increase.
import { describe, expect, it } from 'vitest';
import { analysisRuns, type Database } from '@fonrisk/db';
import { RunLane, type LeverageResult } from '@fonrisk/contracts';
import type { AnalysisHandler } from './runner/handler.ts';
import { enqueueRunJob } from './runner/run-store.ts';
import { waitForStatus } from './testing/runs.ts';
import { FAST_WORKER_OPTIONS, useWorkerTestBed } from './testing/worker-test-bed.ts';

const started: string[] = [];
const handler: AnalysisHandler<'leverage'> = {
  run: (ctx) => {
    started.push(ctx.inputs.portfolioCodes[0]!);
    const result: LeverageResult = { asOfDate: ctx.inputs.asOfDate, portfolios: [], tables: {} };
    return Promise.resolve({ result, dataSnapshot: {} });
  },
};

describe('a batch queued in one transaction', () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    concurrency: 1,
  });

  it('runs in the order it was queued', async () => {
    const codes = Array.from({ length: 16 }, (_, i) => `SIRA${String(i).padStart(2, '0')}`);
    const db: Database = bed.database.db;
    const runIds = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const code of codes) {
        const [run] = await tx
          .insert(analysisRuns)
          .values({
            analysisType: 'leverage',
            inputs: { portfolioCodes: [code], asOfDate: '2025-01-02' },
            createdBy: bed.userId,
            createdByName: 'Gece toplu işi',
            lane: RunLane.Batch,
          })
          .returning({ id: analysisRuns.id, lane: analysisRuns.lane });
        await enqueueRunJob(tx, bed.worker.boss, run!);
        ids.push(run!.id);
      }
      return ids;
    });
    for (const id of runIds)
      expect((await waitForStatus(db, id, ['done', 'failed'], 60_000)).status).toBe('done');
    // With random job ids, 16 runs come out in queued order once in 16! (2·10^13) batches.
    expect(started).toEqual(codes);
  });
});
