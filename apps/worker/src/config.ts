import { RUN_LANES } from '@fonrisk/contracts';
import { z } from 'zod';
import { DEFAULT_MARKET_CACHE_MB } from './runner/market-read-cache.ts';

/** Run threads of a worker process by default (decision 0112). */
export const DEFAULT_RUN_THREADS = 2;

/** Everything the worker process reads from the environment, parsed once at start. */
const WorkerEnvSchema = z
  .object({
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
    /** Runs executed at the same time by one worker process on each run lane (decision 0054). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(3),
    /**
     * Threads that execute the batch lane's runs beside the main thread (decision 0112); 0 runs
     * them on the main thread.
     */
    WORKER_RUN_THREADS: z.coerce.number().int().min(0).default(DEFAULT_RUN_THREADS),
    /** Threads of the compute pool that take any task; default one per core. */
    WORKER_POOL_SIZE: z.coerce.number().int().min(1).optional(),
    /** Heartbeat age (seconds) after which a running run counts as abandoned. */
    RUN_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).default(30),
    /** How often a running execution marks itself alive and looks for a cancel request. */
    RUN_HEARTBEAT_MS: z.coerce.number().int().min(50).default(2_000),
    /** How often the worker sweeps for runs whose worker died. */
    RUN_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    /** Executions of one run at most, the first included. */
    RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
    /** Wait before a run that threw is tried again. */
    RUN_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
    /** Megabytes of market reads the process keeps for the next runs (0: none; decision 0078). */
    WORKER_MARKET_CACHE_MB: z.coerce.number().int().min(0).default(DEFAULT_MARKET_CACHE_MB),
    /** Time current runs get to finish on SIGTERM before they go back to the queue. */
    WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  })
  .refine((env) => env.RUN_STALE_AFTER_SECONDS * 1000 >= 2 * env.RUN_HEARTBEAT_MS, {
    // A live run must beat at least twice within the stale limit, or healthy runs get recovered.
    path: ['RUN_STALE_AFTER_SECONDS'],
    message: 'must be at least two heartbeats (2 × RUN_HEARTBEAT_MS)',
  });
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export function parseWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = WorkerEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Connections the worker process's pool may open. A running analysis holds one connection for its
 * whole run (its REPEATABLE READ snapshot, runner/run-snapshot.ts) and needs a second one now and
 * then (progress, heartbeat, result), so each run slot counts twice; the rest is fixed: the job
 * wake-up LISTEN of the analysis worker and of the report worker, and the polling of pg-boss
 * (analyses, reports, FTP and report schedules). A pool smaller than this starves itself once
 * every slot is busy: each run waits for a connection that only a run can give back (found by
 * `npm run bench -- night`: 6 connections, 4 run slots).
 */
export const WORKER_FIXED_CONNECTIONS = 6;

export function workerPoolSize(concurrency: number): number {
  return RUN_LANES.length * concurrency * 2 + WORKER_FIXED_CONNECTIONS;
}
