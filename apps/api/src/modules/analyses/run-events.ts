import { RUN_NOTIFY_CHANNEL, type RunSummary, type TokenClaims } from '@fonrisk/contracts';
import { holdConnection, poolOf, type Database, type HeldConnection } from '@fonrisk/db';
import { findRun, toRunSummary } from './analyses.repository.ts';

export interface RunSubscriber {
  readonly user: TokenClaims;
  /** Only runs flagged analysis-based (checkpending/analysis-based). */
  readonly analysisBasedOnly: boolean;
  send(run: RunSummary): void;
}

export interface RunEventHub {
  /** Resolves once the LISTEN is in place, so no change after it is missed. */
  subscribe(subscriber: RunSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN 'fonrisk_runs' connection per API process (ADR 0009), opened for the first stream.
 * The analysis_runs trigger NOTIFYs the id of every changed run, whoever changed it (this API,
 * another replica, a worker); the hub loads the run once and fans it out to the streams whose
 * user may see it (`mayRead`).
 */
export function createRunEventHub(
  db: Database,
  mayRead: (user: TokenClaims, run: RunSummary) => boolean,
  onError: (error: Error) => void,
): RunEventHub {
  const subscribers = new Set<RunSubscriber>();
  let listening: Promise<HeldConnection> | null = null;
  let closed = false;

  async function deliver(runId: string): Promise<void> {
    if (subscribers.size === 0) return;
    const row = await findRun(db, runId);
    if (!row) return;
    const run = toRunSummary(row);
    for (const s of subscribers) {
      if (s.analysisBasedOnly && !run.analysisBased) continue;
      if (mayRead(s.user, run)) s.send(run);
    }
  }

  function listen(): Promise<HeldConnection> {
    listening ??= (async () => {
      // A lost connection is replaced; streams keep their subscription. Released once, with this
      // hub's handlers taken off: an error of the connection after close() released it (the
      // database stopping after the API) is no longer this hub's (held-connection.ts).
      const held = holdConnection(
        await poolOf(db).connect(),
        (message) => {
          if (message.channel === RUN_NOTIFY_CHANNEL && message.payload)
            deliver(message.payload).catch((error: unknown) => onError(error as Error));
        },
        (error) => {
          onError(error);
          held.release(true);
          listening = null;
          if (!closed && subscribers.size > 0)
            setTimeout(() => void listen().catch(onError), 1_000);
        },
      );
      await held.client.query(`LISTEN ${RUN_NOTIFY_CHANNEL}`);
      return held;
    })().catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(subscriber) {
      await listen();
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      closed = true;
      subscribers.clear();
      const held = await listening?.catch(() => null);
      listening = null;
      if (held) {
        await held.client.query(`UNLISTEN ${RUN_NOTIFY_CHANNEL}`).catch(() => undefined);
        held.release(false);
      }
    },
  };
}
