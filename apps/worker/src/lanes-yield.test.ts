// Batch runs yield to users' runs (decision 0075): while a user's run is in progress in a worker,
// that worker's batch runs send no statement, submit no compute task, report no step, store no
// result and do not start.
import { describe, expect, it } from 'vitest';
import { RunLane, type AnalysisInputs, type LeverageResult } from '@fonrisk/contracts';
import { sql } from '@fonrisk/db';
import { FIXTURE_TASKS } from './pool/compute-fixtures.ts';
import type { AnalysisHandler, RunContext } from './runner/handler.ts';
import { readRun, waitForStatus } from './testing/runs.ts';
import { FAST_WORKER_OPTIONS, queueOnBed, useWorkerTestBed } from './testing/worker-test-bed.ts';

const BATCH_STEPS = 30;
const USER_RUN_MS = 700;

const batchStatements: number[] = [];
const batchTasks: number[] = [];
const batchSteps: number[] = [];
const userRun = { start: 0, end: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const result = (asOfDate: string): LeverageResult => ({ asOfDate, portfolios: [], tables: {} });

const handler: AnalysisHandler<'leverage'> = {
  async run(ctx: RunContext<AnalysisInputs<'leverage'>>) {
    const [mode] = ctx.inputs.portfolioCodes;
    if (mode === 'ADIMLAR') {
      // Only steps (JavaScript of its own between them): it yields at each progress report.
      for (let i = 0; i < BATCH_STEPS; i++) {
        await ctx.progress(i / BATCH_STEPS, `Adım ${String(i)}`);
        batchSteps.push(Date.now());
        await sleep(15);
      }
    } else if (mode === 'KISA') {
      await sleep(500); // no statement: it ends during the user's run and must wait to store
    } else if (mode === 'TOPLU') {
      for (let i = 0; i < BATCH_STEPS; i++) {
        await ctx.db.execute(sql`SELECT 1`);
        batchStatements.push(Date.now());
        await ctx.compute(FIXTURE_TASKS.sumSquares, new Float64Array([i]));
        batchTasks.push(Date.now());
        await sleep(15);
      }
    } else {
      userRun.start = Date.now();
      await sleep(USER_RUN_MS);
      userRun.end = Date.now();
    }
    return { result: result(ctx.inputs.asOfDate), dataSnapshot: {} };
  },
};

const inputs = (code: string) => ({ portfolioCodes: [code], asOfDate: '2025-01-02' });

describe('batch runs yield to users (decision 0075)', { timeout: 60_000 }, () => {
  const bed = useWorkerTestBed({
    ...FAST_WORKER_OPTIONS,
    handlers: { leverage: handler },
    concurrency: 1,
  });
  const queue = (code: string, lane: RunLane) => queueOnBed(bed, 'leverage', inputs(code), lane);

  it("pauses a running batch run's statements and compute tasks while a user's run is in progress", async () => {
    const batch = await queue('TOPLU', RunLane.Batch);
    await expect.poll(() => batchStatements.length, { timeout: 20_000 }).toBeGreaterThan(2);
    const user = await queue('KULLANICI', RunLane.Interactive);
    expect((await waitForStatus(bed.database.db, user)).status).toBe('done');
    expect((await waitForStatus(bed.database.db, batch)).status).toBe('done');
    expect(batchStatements).toHaveLength(BATCH_STEPS);
    // A step already under way when the user's run started may end inside it; no other one.
    const inside = (times: number[]) =>
      times.filter((t) => t > userRun.start + 20 && t < userRun.end).length;
    expect(inside(batchStatements), 'batch statements during the user run').toBeLessThanOrEqual(1);
    expect(inside(batchTasks), 'batch compute tasks during the user run').toBeLessThanOrEqual(1);
    expect(
      batchStatements.filter((t) => t > userRun.end).length,
      'the batch run goes on afterwards',
    ).toBeGreaterThan(BATCH_STEPS / 2);
  });

  it("starts a batch run only once the user's run in progress has ended", async () => {
    const user = await queue('KULLANICI', RunLane.Interactive);
    await waitForStatus(bed.database.db, user, ['running']);
    const batch = await queue('TOPLU', RunLane.Batch);
    const userDone = await waitForStatus(bed.database.db, user);
    const batchDone = await waitForStatus(bed.database.db, batch);
    expect(batchDone.status).toBe('done');
    expect(batchDone.startedAt!.getTime()).toBeGreaterThanOrEqual(userDone.finishedAt!.getTime());
    expect((await readRun(bed.database.db, batch)).lane).toBe('batch');
  });

  it("stores a batch run whose handler ended during a user's run only after the user's run", async () => {
    const batch = await queue('KISA', RunLane.Batch);
    await waitForStatus(bed.database.db, batch, ['running']);
    const user = await queue('KULLANICI', RunLane.Interactive);
    const userDone = await waitForStatus(bed.database.db, user);
    const batchDone = await waitForStatus(bed.database.db, batch);
    expect(batchDone.status).toBe('done');
    expect(batchDone.finishedAt!.getTime()).toBeGreaterThanOrEqual(userDone.finishedAt!.getTime());
  });

  it("holds a batch run at its next progress report (between its steps) during a user's run", async () => {
    const batch = await queue('ADIMLAR', RunLane.Batch);
    await expect.poll(() => batchSteps.length, { timeout: 20_000 }).toBeGreaterThan(2);
    const user = await queue('KULLANICI', RunLane.Interactive);
    await waitForStatus(bed.database.db, user);
    expect((await waitForStatus(bed.database.db, batch)).status).toBe('done');
    const inside = batchSteps.filter((t) => t > userRun.start + 20 && t < userRun.end).length;
    expect(inside, 'batch steps during the user run').toBeLessThanOrEqual(1);
    expect(batchSteps).toHaveLength(BATCH_STEPS);
  });
});
