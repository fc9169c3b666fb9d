import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from './client.ts';

/** The `executeSql` shape libraries such as pg-boss accept in place of their own pool. */
export interface RawSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Positional-parameter SQL run on a drizzle database or open transaction, so that a library
 * (the pg-boss job insert) writes in the same transaction as the caller's own rows.
 *
 * The text and values go to the driver unchanged (through the session's `prepareQuery`, the
 * connection the transaction holds): `$5` written twice is ONE parameter, typed once by
 * PostgreSQL, exactly as when the library runs on its own pool. Rebuilding the text as drizzle
 * `sql` chunks would send each occurrence as its own parameter, typed apart (a value read as text
 * in one place and cast to timestamptz in another then fails). undefined is sent as NULL.
 */
export function rawSqlExecutor(ex: Executor): RawSqlExecutor {
  return {
    async executeSql(text, values = []) {
      const prepared = ex._.session.prepareQuery<{
        execute: pg.QueryResult;
        all: unknown;
        values: unknown;
      }>({ sql: text, params: values.map((v) => v ?? null) }, undefined, undefined, false);
      const result = await prepared.execute();
      return { rows: result.rows };
    },
  };
}

export type PoolClient = pg.PoolClient;

/** The node-postgres pool behind a database handle (for LISTEN clients and multi-statement SQL). */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}

/**
 * `column = ANY($n::text[])`: a list of texts as one parameter. drizzle's `inArray` makes a
 * parameter of each value, which it builds and checks one by one (~0.5 ms for 200 values, in
 * the worker's one main thread) and the server parses one by one; the night batch reads a fund's
 * ~200 instruments and tickers in every run. false for no values, as `inArray`.
 */
export function equalsAnyText(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} = ANY(${sql.param([...values])}::text[])`;
}

/**
 * One field of every row as ONE array parameter (`unnest(${columnParam(rows, r => r.x)}::text[],
 * …)`): drizzle expands a bare array into a parameter per value, and a multi-row `values()`
 * builds and checks every value of every row one by one (an import's 160,000 holdings rows: most
 * of the API's time, decision 0120).
 */
export function columnParam<T, V>(rows: readonly T[], pick: (row: T) => V) {
  return sql.param(rows.map(pick));
}

/**
 * Runs `upsert`, an `INSERT … ON CONFLICT DO UPDATE … RETURNING (xmax = 0) AS inserted`, and
 * counts its new and replaced rows in the database: one row back however many it wrote (a
 * 190,000-row prices file returned 190,000 rows to be counted in JavaScript; decision 0122).
 */
export async function countedUpsert(
  ex: Executor,
  upsert: SQL,
): Promise<{ inserted: number; updated: number }> {
  const result = await ex.execute<{ inserted: number; updated: number }>(sql`
    WITH written AS (${upsert})
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted,
           count(*) FILTER (WHERE NOT inserted)::int AS updated
      FROM written`);
  return result.rows[0]!;
}
