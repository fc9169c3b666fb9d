import { ANALYSIS_QUEUES, RUN_LANE_QUEUES, RUN_LANES, RunLane } from '@fonrisk/contracts';
import { listenForJobs, rawSqlExecutor, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';
import type { RiskModel } from '@fonrisk/risk';
import { RISK_TASKS } from './analyses/var/risk.ts';
import { createComputePool, defaultPoolSize, type ComputePool } from './pool/compute-pool.ts';

/** A model for the warm-up task (an empty matrix: nothing is computed). */
const WARM_UP_MODEL: RiskModel = {
  method: 'historical',
  confidenceLevel: 0.99,
  horizonDays: 1,
  lambda: 0.94,
  draws: 2,
  seed: 1,
  mean: 'include',
};
import { riskEngineVersion } from './runner/engine-version.ts';
import type { AnalysisHandlers } from './runner/handler.ts';
import { sampleLoopLag } from './runner/loop-lag.ts';
import { createLaneGate } from './runner/lane-gate.ts';
import { createMarketReadCache, DEFAULT_MARKET_CACHE_MB } from './runner/market-read-cache.ts';
import { recoverStaleRuns } from './runner/recovery.ts';
import { BOSS_SCHEMA, createAnalysisQueues } from './runner/run-store.ts';
import {
  createRunner,
  DEFAULT_RUNNER_OPTIONS,
  type Logger,
  type Runner,
  type RunnerOptions,
} from './runner/runner.ts';
import { startRunThreads, type RunThreads } from './run-threads/run-threads.ts';

export interface AnalysisWorkerOptions {
  readonly db: Database;
  readonly handlers: AnalysisHandlers;
  /**
   * Runs of each lane executed at the same time by this process (decision 0054): this many
   * consumers on the batch queue and as many on the interactive queue, so a user's run is taken
   * at once however much batch work waits.
   */
  readonly concurrency?: number;
  /** Threads of the compute pool that take any task (one per core by default). */
  readonly poolSize?: number;
  /**
   * Threads besides `poolSize` kept for users' tasks (1 by default, decision 0075): a user's run
   * computes at once even while every other thread runs a batch task.
   */
  readonly reservedThreads?: number;
  /**
   * Niceness of the other threads (10 by default, decision 0075): batch tasks take the CPU when
   * the API, PostgreSQL and users' work leave it. 0 keeps the process's priority.
   */
  readonly generalThreadNice?: number;
  readonly runner?: Partial<RunnerOptions>;
  /**
   * Megabytes of market reads kept for the next runs of this process (DEFAULT_MARKET_CACHE_MB by
   * default; 0 keeps none; decision 0078).
   */
  readonly marketCacheMb?: number;
  /** How often this worker looks for runs whose worker died. */
  readonly recoveryIntervalMs?: number;
  /** Heartbeat age after which a running run counts as abandoned. */
  readonly staleAfterSeconds?: number;
  /** pg-boss polling interval (0.5 s minimum): the fallback when no wake-up arrives. */
  readonly pollingIntervalSeconds?: number;
  /** LISTEN for announced jobs and fetch at once (default true; false leaves only polling). */
  readonly wakeOnAnnounce?: boolean;
  /**
   * Threads that execute the batch lane's runs instead of the main thread (decision 0112), each
   * with its own database pool (to `databaseUrl`) and market-read cache, its runs' handlers those
   * of `handlersModule`'s ANALYSIS_HANDLERS. None by default: every run on the main thread.
   */
  readonly runThreads?: {
    readonly count: number;
    readonly databaseUrl: string;
    readonly handlersModule: string;
  };
  readonly log?: Logger;
}

export interface AnalysisWorker {
  readonly runner: Runner;
  /** The batch lane's run threads, when the worker has them (decision 0112). */
  readonly runThreads: RunThreads | null;
  readonly boss: PgBoss;
  readonly pool: ComputePool;
  /** Looks for abandoned runs now (also done every `recoveryIntervalMs`). */
  recover(): ReturnType<typeof recoverStaleRuns>;
  /**
   * Stops taking jobs, lets current runs finish for up to `graceMs`, puts the rest back in the
   * queue, then stops pg-boss and the thread pool. The database handle stays open.
   */
  stop(graceMs?: number): Promise<void>;
}

export const consoleLogger: Logger = {
  info: (message, details) => console.log(JSON.stringify({ level: 'info', message, ...details })),
  error: (message, details) =>
    console.error(JSON.stringify({ level: 'error', message, ...details })),
};

/** pg-boss in its own schema 'pgboss', on the application's pool. */
export function createBoss(db: Database): PgBoss {
  return new PgBoss({ db: rawSqlExecutor(db), schema: BOSS_SCHEMA, schedule: false });
}

/** The analysis job consumer (ADR 0009): pg-boss jobs -> runner, plus periodic crash recovery. */
export async function startAnalysisWorker(options: AnalysisWorkerOptions): Promise<AnalysisWorker> {
  const log = options.log ?? consoleLogger;
  const runnerOptions = { ...DEFAULT_RUNNER_OPTIONS, ...options.runner };
  const staleAfterSeconds = options.staleAfterSeconds ?? 30;
  const boss = createBoss(options.db);
  boss.on('error', (error) => log.error('pg-boss error', { error: String(error) }));
  await boss.start();
  await createAnalysisQueues(boss);

  const pool = createComputePool(options.poolSize ?? defaultPoolSize(), {
    reserved: options.reservedThreads ?? 1,
    generalNice: options.generalThreadNice ?? 10,
  });
  // Pre-warm (issue 9, first run after start < 1 s): each thread loads the risk library and its
  // task module now, while pg-boss starts, instead of during the first run. Urgent, so that the
  // reserved threads take theirs too (the threads are all free: one task each).
  void Promise.all(
    Array.from({ length: pool.size + pool.reserved }, () =>
      pool.run(RISK_TASKS.matrixRisk, [new Float64Array(0), 0, 1, WARM_UP_MODEL, false, []], {
        urgent: true,
      }),
    ),
  ).catch(() => undefined); // a warm-up cut short (pool closed) only leaves the load to the first run
  const loopLag = sampleLoopLag();
  const marketCacheMb = options.marketCacheMb ?? DEFAULT_MARKET_CACHE_MB;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let runThreads: RunThreads | null = null;
  const runner = createRunner(
    {
      db: options.db,
      boss,
      handlers: options.handlers,
      pool,
      engineVersion: riskEngineVersion(),
      log,
      loopLag,
      marketCache: marketCacheMb > 0 ? createMarketReadCache(marketCacheMb * 1024 * 1024) : null,
      // The run threads' batch runs yield to the users' runs in progress here (decision 0112).
      gate: createLaneGate(undefined, (active) => runThreads?.users(active)),
    },
    runnerOptions,
  );
  if (options.runThreads && options.runThreads.count > 0) {
    const count = options.runThreads.count;
    runThreads = startRunThreads(
      {
        ...options.runThreads,
        // The lane's slots spread over the threads, each taking its share (rounded up).
        slots: Math.ceil(concurrency / count),
        marketCacheMb,
        runner: runnerOptions,
        nice: options.generalThreadNice ?? 10,
        log,
      },
      (runId, lane) => runner.execute(runId, lane),
    );
  }
  const recover = () =>
    recoverStaleRuns(options.db, boss, {
      staleAfterSeconds,
      maxAttempts: runnerOptions.maxAttempts,
    });

  const workerIds = new Map<string, string[]>(ANALYSIS_QUEUES.map((queue) => [queue, []]));
  for (const lane of RUN_LANES) {
    const queue = RUN_LANE_QUEUES[lane];
    for (let i = 0; i < concurrency; i++) {
      // pg-boss 10 has no team size: each work() registration polls and runs one job at a time.
      let id: string | null = null;
      id = await boss.work<{ runId: string }>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 },
        async ([job]) => {
          if (!job) return;
          try {
            await (lane === RunLane.Batch && runThreads
              ? runThreads.execute(job.data.runId, lane)
              : runner.execute(job.data.runId, lane));
          } finally {
            // After a job pg-boss waits out the rest of its polling interval before the next
            // fetch, even with the queue full: a 300 ms run left its slot idle 200 ms. A consumer
            // that has just run a job asks again at once; it waits only when none was there.
            if (id !== null) boss.notifyWorker(id);
          }
        },
      );
      workerIds.get(queue)?.push(id);
    }
  }
  // A job announced by its sender (announceJob, at commit) ends the consumers' poll wait at once;
  // polling stays as the fallback for delayed jobs and a lost LISTEN connection.
  const wakeUp = options.wakeOnAnnounce ?? true;
  const jobs = wakeUp
    ? listenForJobs(
        options.db,
        (queue) => {
          for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
        },
        (error) => log.error('job wake-up listener failed', { error: error.message }),
      )
    : null;
  await jobs?.ready;

  const sweep = () =>
    recover().then(
      (report) => {
        const { requeued, failed, cancelled, resent } = report;
        if ([requeued, failed, cancelled, resent].some((runIds) => runIds.length > 0))
          log.info('recovered abandoned runs', { ...report });
      },
      (error: unknown) => log.error('crash recovery failed', { error: String(error) }),
    );
  void sweep();
  const recoveryTimer = setInterval(() => void sweep(), options.recoveryIntervalMs ?? 5_000);

  let stopped: Promise<void> | null = null;
  return {
    runner,
    runThreads,
    boss,
    pool,
    recover,
    stop(graceMs = 20_000) {
      stopped ??= (async () => {
        clearInterval(recoveryTimer);
        await jobs?.close();
        for (const queue of ANALYSIS_QUEUES) await boss.offWork(queue);
        await Promise.all([runner.drain(graceMs), runThreads?.stop(graceMs)]);
        await boss.stop({ graceful: true, timeout: 5_000, close: false, wait: true });
        await pool.close();
        loopLag.stop();
      })();
      return stopped;
    },
  };
}
