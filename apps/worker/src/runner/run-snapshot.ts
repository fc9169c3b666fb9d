// Issue 22, "a run over several funds reads one consistent state": the handler's reads go to one
// connection inside a REPEATABLE READ, READ ONLY transaction whose snapshot is taken when the run
// starts, so holdings replaced during the run are read either wholly old or (by a later run)
// wholly new. Decision 0048.
import type { RunSnapshotInfo } from '@fonrisk/contracts';
import {
  MARKET_DATA_VERSION_SQL,
  poolOf,
  REFERENCE_DATA_VERSION_SQL,
  type Database,
} from '@fonrisk/db';
import type { RawClient } from './statement-recorder.ts';

export interface RunSnapshot {
  /** The connection the handler's reads are answered on. */
  readonly client: RawClient;
  /** What the input bundle records of it. */
  readonly info: RunSnapshotInfo;
  /** The market-data version the snapshot sees (decision 0078's cache key). */
  readonly marketVersion: string;
  /** The reference-data version the snapshot sees (decision 0115's cache key). */
  readonly referenceVersion: string;
  /** Ends the read-only transaction and gives the connection back. */
  close(): Promise<void>;
}

const SNAPSHOT_START = [
  'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  `SELECT to_char(transaction_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS taken`,
  MARKET_DATA_VERSION_SQL,
  REFERENCE_DATA_VERSION_SQL,
].join('; ');

export async function openRunSnapshot(db: Database): Promise<RunSnapshot> {
  const client = await poolOf(db).connect();
  try {
    // One round trip (a simple query of four statements; pg answers with a result each): the
    // snapshot is taken by the transaction's first statement, the time, at the run's start.
    const [, taken, market, reference] = (await client.query(SNAPSHOT_START)) as unknown as [
      unknown,
      { rows: [{ taken: string }] },
      { rows: [{ version: string }] },
      { rows: [{ version: string }] },
    ];
    const info: RunSnapshotInfo = { isolation: 'repeatable read', takenAt: taken.rows[0].taken };
    let closed = false;
    return {
      client,
      info,
      marketVersion: market.rows[0].version,
      referenceVersion: reference.rows[0].version,
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
