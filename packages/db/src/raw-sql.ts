import { Param, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from './client.ts';

/** The `executeSql` shape libraries such as pg-boss accept in place of their own pool. */
export interface RawSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `SELECT $1, $2` + values -> drizzle SQL with the same parameters (undefined is sent as NULL). */
function toSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${new Param(values[Number(part) - 1] ?? null)}`,
  );
  return sql.join(chunks, sql.raw(''));
}

/**
 * Positional-parameter SQL run on a drizzle database or open transaction, so that a library
 * (the pg-boss job insert) writes in the same transaction as the caller's own rows.
 */
export function rawSqlExecutor(ex: Executor): RawSqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await ex.execute(toSql(text, values));
      return { rows: result.rows };
    },
  };
}

export type PoolClient = pg.PoolClient;

/** The node-postgres pool behind a database handle (for LISTEN clients and multi-statement SQL). */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}
