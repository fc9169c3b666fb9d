import type { Executor, Database } from './client.ts';
import { holdConnection, type HeldConnection } from './held-connection.ts';
import { poolOf } from './raw-sql.ts';
import { sql } from 'drizzle-orm';

/**
 * The channel on which a queued job wakes the workers at once (no poll wait). The payload is the
 * queue name. Sent inside the enqueuing transaction, PostgreSQL delivers it at COMMIT: a worker
 * woken by it always finds the job visible.
 */
export const JOB_WAKE_CHANNEL = 'fonrisk_jobs';

/** NOTIFY the workers of `queue` that a job is ready (in the caller's transaction, if any). */
export async function announceJob(ex: Executor, queue: string): Promise<void> {
  await ex.execute(sql`SELECT pg_notify(${JOB_WAKE_CHANNEL}, ${queue})`);
}

export interface JobListener {
  /** Resolves once the LISTEN is in place. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A LISTEN on JOB_WAKE_CHANNEL on one dedicated pooled connection; `onJob(queue)` for each
 * announcement. A lost connection is replaced after `retryMs` (the consumer's own polling covers
 * the gap, so a wake-up is an accelerator, never the only way a job is found).
 */
export function listenForJobs(
  db: Database,
  onJob: (queue: string) => void,
  onError: (error: Error) => void,
  retryMs = 1_000,
): JobListener {
  let held: HeldConnection | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const connection = holdConnection(
      await poolOf(db).connect(),
      (message) => {
        if (message.channel === JOB_WAKE_CHANNEL) onJob(message.payload ?? '');
      },
      (error) => {
        onError(error);
        connection.release(true);
        if (held === connection) held = null;
        schedule();
      },
    );
    await connection.client.query(`LISTEN ${JOB_WAKE_CHANNEL}`);
    if (closed) {
      connection.release(false);
      return;
    }
    held = connection;
  }

  function schedule(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        onError(error as Error);
        schedule();
      });
    }, retryMs);
  }

  const ready = connect();
  ready.catch((error: unknown) => {
    onError(error as Error);
    schedule();
  });
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready.catch(() => undefined);
      const current = held;
      held = null;
      if (current) {
        await current.client.query(`UNLISTEN ${JOB_WAKE_CHANNEL}`).catch(() => undefined);
        current.release(false);
      }
    },
  };
}
