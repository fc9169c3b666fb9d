import { z } from 'zod';

/** Everything the worker process reads from the environment, parsed once at start. */
const WorkerEnvSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  /** Runs executed at the same time by one worker process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** Threads of the compute pool; default cores - 1 (at least 1). */
  WORKER_POOL_SIZE: z.coerce.number().int().min(1).optional(),
  /** Heartbeat age (seconds) after which a running run counts as abandoned. */
  RUN_STALE_AFTER_SECONDS: z.coerce.number().int().min(5).default(30),
  /** Executions of one run at most, the first included. */
  RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  /** Time current runs get to finish on SIGTERM before they go back to the queue. */
  WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
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
