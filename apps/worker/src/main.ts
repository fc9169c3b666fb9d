// The worker process (`node --import tsx apps/worker/src/main.ts`): consumes analysis jobs until
// SIGINT/SIGTERM, then lets current runs finish (or puts them back in the queue) and exits.
import { pathToFileURL } from 'node:url';
import { connectDatabase, isDatabaseUnavailable, type Database } from '@fonrisk/db';
import { ANALYSIS_HANDLERS } from './analyses/index.ts';
import { isCompiled } from './compiled.ts';
import { parseWorkerEnv, workerPoolSize } from './config.ts';
import type { AnalysisHandlers } from './runner/handler.ts';
import type { Logger } from './runner/runner.ts';
import { consoleLogger, startAnalysisWorker } from './worker.ts';

/** The module of ANALYSIS_HANDLERS, which run threads import (decision 0112). */
const HANDLERS_MODULE = new URL(
  isCompiled(import.meta.url) ? './analyses/index.js' : './analyses/index.ts',
  import.meta.url,
).href;

/**
 * Other queued work the worker process takes besides analysis runs (file-delivery pulls,
 * decision 0021): started before the analysis consumers (decision 0066), stopped with them, before
 * the database closes (decision 0087).
 * The composition root that knows the service (apps/api/src/worker-main.ts) passes it in, so
 * this workspace depends on no application module.
 */
export interface WorkerService {
  readonly name: string;
  start(db: Database, log: Logger): Promise<{ stop(): Promise<void> }>;
}

/**
 * Starts a worker process from the environment with `handlers` (the real ones; the process tests
 * start it from a test entry with a handler of their own) and stops it on SIGINT/SIGTERM.
 */
export async function startWorkerFromEnv(
  handlers: AnalysisHandlers = ANALYSIS_HANDLERS,
  source: NodeJS.ProcessEnv = process.env,
  services: readonly WorkerService[] = [],
): Promise<void> {
  const env = parseWorkerEnv(source);
  // pg-boss 10 does not await the completion of a job its work loop ran (manager.js: complete /
  // fail), so a database that goes away at that moment rejects a promise nobody handles. The
  // job's run is already recorded in analysis_runs and crash recovery covers the rest: log it and
  // keep serving (decision 0039). Any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      consoleLogger.error('database unavailable in a background step', { error: String(reason) });
      return;
    }
    consoleLogger.error('unhandled rejection', { error: String(reason) });
    process.exit(1);
  });
  const database = connectDatabase(env.DATABASE_URL, {
    max: workerPoolSize(env.WORKER_CONCURRENCY),
    onIdleError: (error) =>
      consoleLogger.error('idle database connection failed', { error: error.message }),
  });
  // The other services start before the analysis consumers take their first job: started after,
  // their start queries waited behind the runs already queued for the pool's connections, and the
  // 'worker started' line came only once those runs were nearly done (a minute and more with the
  // demo's runs queued on a loaded machine; decision 0066).
  const running: { stop(): Promise<void> }[] = [];
  for (const service of services) running.push(await service.start(database.db, consoleLogger));
  const worker = await startAnalysisWorker({
    db: database.db,
    handlers,
    concurrency: env.WORKER_CONCURRENCY,
    ...(env.WORKER_POOL_SIZE ? { poolSize: env.WORKER_POOL_SIZE } : {}),
    marketCacheMb: env.WORKER_MARKET_CACHE_MB,
    // Run threads import the handlers themselves: only the real ones, by their module.
    ...(handlers === ANALYSIS_HANDLERS && env.WORKER_RUN_THREADS > 0
      ? {
          runThreads: {
            count: env.WORKER_RUN_THREADS,
            databaseUrl: env.DATABASE_URL,
            handlersModule: HANDLERS_MODULE,
          },
        }
      : {}),
    staleAfterSeconds: env.RUN_STALE_AFTER_SECONDS,
    recoveryIntervalMs: env.RUN_RECOVERY_INTERVAL_MS,
    runner: {
      maxAttempts: env.RUN_MAX_ATTEMPTS,
      heartbeatMs: env.RUN_HEARTBEAT_MS,
      retryDelaySeconds: env.RUN_RETRY_DELAY_SECONDS,
    },
  });
  consoleLogger.info('worker started', {
    pid: process.pid,
    concurrency: env.WORKER_CONCURRENCY,
    threads: worker.pool.size,
    runThreads: worker.runThreads ? env.WORKER_RUN_THREADS : 0,
    analysisTypes: Object.keys(handlers),
    services: services.map((s) => s.name),
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('worker stopping', {
      signal,
      activeRuns: [...worker.runner.active(), ...(worker.runThreads?.active() ?? [])],
    });
    // The analysis consumers and the other services stop together: stopped one after the other,
    // the consumers went on claiming runs while a report waited for its own (15 s of a first
    // start's Ctrl-C; decision 0087).
    Promise.all([
      ...running.map((service) => service.stop()),
      worker.stop(env.WORKER_SHUTDOWN_GRACE_MS),
    ])
      .then(() => database.close())
      .then(
        () => {
          consoleLogger.info('worker stopped', { pid: process.pid });
          process.exit(0);
        },
        (error: unknown) => {
          consoleLogger.error('worker stop failed', { error: String(error) });
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startWorkerFromEnv().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
