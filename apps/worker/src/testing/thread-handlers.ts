// Handlers of the run-thread tests (run-threads/run-threads.test.ts), as a module a run thread
// imports by its URL (decision 0112). The 'leverage' type is served by a handler that says where
// it ran (dataSnapshot: thread id, main thread or not, priority) and, by its first portfolio code,
// does more: statements over time, a long wait, or an exit of its thread on the first attempt.
import { getPriority } from 'node:os';
import { isMainThread, threadId } from 'node:worker_threads';
import type { LeverageResult } from '@fonrisk/contracts';
import { sql } from '@fonrisk/db';
import { FIXTURE_TASKS } from '../pool/compute-fixtures.ts';
import type { AnalysisHandler, AnalysisHandlers } from '../runner/handler.ts';

/** Statements a 'TOPLU' run sends, 20 ms apart. */
export const THREAD_RUN_STATEMENTS = 30;
/** How long a user's run ('KULLANICI') lasts. */
export const THREAD_USER_RUN_MS = 600;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where and how a run of these handlers ran. */
export type ThreadRunSnapshot = {
  readonly threadId: number;
  readonly isMainThread: boolean;
  readonly priority: number;
  /** A compute task's answer (sum of squares of 1, 2, 3). */
  readonly computed: number;
  /** When each statement of a 'TOPLU' run was answered; a user's run's start and end. */
  readonly statementsAt: number[];
  readonly userRun: { readonly start: number; readonly end: number } | null;
};

const handler: AnalysisHandler<'leverage'> = {
  async run(ctx) {
    const [mode] = ctx.inputs.portfolioCodes;
    const statementsAt: number[] = [];
    let userRun: ThreadRunSnapshot['userRun'] = null;
    if (mode === 'TOPLU') {
      for (let i = 0; i < THREAD_RUN_STATEMENTS; i++) {
        await ctx.db.execute(sql`SELECT 1`);
        statementsAt.push(Date.now());
        await sleep(20);
      }
    } else if (mode === 'UZUN') {
      for (let i = 0; i < 200; i++) {
        await ctx.progress(i / 200, 'Bekliyor');
        await sleep(50);
      }
    } else if (mode === 'OLUM') {
      const rows = await ctx.db.execute<{ attempt: number }>(
        sql`SELECT attempt FROM analysis_runs WHERE id = ${ctx.runId}`,
      );
      if (rows.rows[0]?.attempt === 1) process.exit(7); // ends this thread only
    } else if (mode === 'KULLANICI') {
      const start = Date.now();
      await sleep(THREAD_USER_RUN_MS);
      userRun = { start, end: Date.now() };
    }
    const computed = await ctx.compute(FIXTURE_TASKS.sumSquares, new Float64Array([1, 2, 3]));
    const result: LeverageResult = { asOfDate: ctx.inputs.asOfDate, portfolios: [], tables: {} };
    const snapshot: ThreadRunSnapshot = {
      threadId,
      isMainThread,
      priority: getPriority(),
      computed,
      statementsAt,
      userRun,
    };
    return { result, dataSnapshot: snapshot };
  },
};

export const ANALYSIS_HANDLERS: AnalysisHandlers = { leverage: handler };
