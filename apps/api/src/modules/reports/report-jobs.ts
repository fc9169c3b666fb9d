import { eq, listenForJobs, reports, sql } from '@fonrisk/db';
import { generateReport, type GeneratorDeps } from './report-generator.ts';
import { claimQueuedReport, requeueAbandoned, requeueReport } from './reports.repository.ts';
import { ReportGenerationError, ReportInterruptedError } from './reports.errors.ts';

/**
 * The name a queued report is announced under on the job wake-up channel (job-wakeup.ts): the API
 * inserts the report row and NOTIFYs it in the same transaction; the workers' loops wake at once.
 */
export const REPORT_QUEUE = 'reports';

/**
 * The report job loop of a worker process (decisions 0032 and 0043): report rows are the
 * persisted jobs. A process claims the oldest queued report (FOR UPDATE SKIP LOCKED, so two
 * processes never take the same one), generates it and records done or failed with the Turkish
 * reason. A report still waiting for its analyses when the process stops goes back to the queue
 * at once (decision 0087); reports left running by a process that died are queued again after
 * `abandonedAfterMinutes`. It wakes on the announcement of a new report (LISTEN) and looks again
 * every `intervalMs` in case one was missed.
 */
export interface ReportJobs {
  /** Resolves once the loop listens for announcements. */
  readonly ready: Promise<void>;
  /** Look for queued reports now instead of at the next tick. */
  wake(): void;
  /** Resolves when no report is being generated and none is queued (tests, bench). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface ReportJobOptions {
  /** Fallback look for queued reports (15 s; a NOTIFY wakes the loop at once). */
  readonly intervalMs?: number;
  /** A running report untouched this long belongs to a stopped process (10 min). */
  readonly abandonedAfterMinutes?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

export function startReportJobs(given: GeneratorDeps, options: ReportJobOptions = {}): ReportJobs {
  const { db } = given;
  // Aborted by stop(): a report waiting for its analyses goes back to the queue at once.
  const stopping = new AbortController();
  const deps: GeneratorDeps = { ...given, stopping: stopping.signal };
  const state = { stopped: false, again: false };
  let active: Promise<void> | null = null;
  const waiters: (() => void)[] = [];

  async function fail(id: number, error: unknown): Promise<void> {
    const reason =
      error instanceof ReportGenerationError
        ? error.reason
        : `Rapor oluşturulamadı: ${error instanceof Error ? error.message : String(error)}`;
    if (!(error instanceof ReportGenerationError))
      options.log?.(`report ${String(id)} failed`, error);
    await db
      .update(reports)
      .set({ status: 'failed', error: reason, progressMessage: 'Hata', finishedAt: sql`now()` })
      .where(eq(reports.id, id));
  }

  /** Read through a call: a wake() during the drain sets it behind the loop's back. */
  const repeatWanted = () => state.again && !state.stopped;

  async function drain(): Promise<void> {
    do {
      state.again = false;
      for (;;) {
        if (state.stopped) return;
        const id = await claimQueuedReport(db);
        if (id === null) break;
        try {
          await generateReport(deps, id);
        } catch (error) {
          if (error instanceof ReportInterruptedError) {
            await requeueReport(db, id).catch((e: unknown) =>
              options.log?.('report not put back in the queue', e),
            );
            return;
          }
          await fail(id, error).catch((e: unknown) =>
            options.log?.('report failure not recorded', e),
          );
        }
      }
    } while (repeatWanted());
  }

  function wake(): void {
    if (state.stopped) return;
    if (active) {
      state.again = true;
      return;
    }
    active = drain()
      .catch((error: unknown) => options.log?.('report jobs', error))
      .finally(() => {
        active = null;
        for (const resolve of waiters.splice(0)) resolve();
      });
  }

  void requeueAbandoned(db, options.abandonedAfterMinutes ?? 10)
    .catch((error: unknown) => options.log?.('report requeue', error))
    .finally(wake);
  const timer = setInterval(wake, options.intervalMs ?? 15_000);
  timer.unref();
  const listener = listenForJobs(
    db,
    (queue) => {
      if (queue === REPORT_QUEUE) wake();
    },
    (error) => options.log?.('report wake-up', error),
  );

  return {
    ready: listener.ready,
    wake,
    async idle() {
      wake();
      while (active) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async stop() {
      state.stopped = true;
      stopping.abort();
      clearInterval(timer);
      await listener.close();
      await active;
    },
  };
}
