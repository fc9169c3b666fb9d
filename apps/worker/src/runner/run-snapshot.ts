// Issue 22, "a run over several funds reads one consistent state": the handler's reads go to one
// connection inside a REPEATABLE READ, READ ONLY transaction whose snapshot is taken when the run
// starts, so holdings replaced during the run are read either wholly old or (by a later run)
// wholly new. Decision 0048.
import type { RunSnapshotInfo } from '@fonrisk/contracts';
import { poolOf, type Database } from '@fonrisk/db';
import type { RawClient } from './statement-recorder.ts';

export interface RunSnapshot {
  /** The connection the handler's reads are answered on. */
  readonly client: RawClient;
  /** What the input bundle records of it. */
  readonly info: RunSnapshotInfo;
  /** Ends the read-only transaction and gives the connection back. */
  close(): Promise<void>;
}

export async function openRunSnapshot(db: Database): Promise<RunSnapshot> {
  const client = await poolOf(db).connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The snapshot is taken by the transaction's first statement: this one, at the run's start.
    const { rows } = await client.query<{ taken: string }>(
      `SELECT to_char(transaction_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS taken`,
    );
    const info: RunSnapshotInfo = { isolation: 'repeatable read', takenAt: rows[0]!.taken };
    let closed = false;
    return {
      client,
      info,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (error) {
          client.release(error instanceof Error ? error : true);
        }
      },
    };
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
