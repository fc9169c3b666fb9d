// Large reads decoded without drizzle's row mapper (decision 0108). drizzle maps a select's rows
// cell by cell through a generic function that checks each field's class again for every cell; in
// the night's batch that took 2.3 s of the worker's main thread for three reads (holdings 510,000
// rows, instruments 208,000, series descriptions 181,000). Here the statement is still built by
// drizzle and sent exactly as drizzle sends it (text, values, row mode 'array'), so that a run's
// recorded statements and its replay (decision 0041) do not change; only the decoding differs.
import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A built drizzle select (anything with `toSQL`). */
export interface BuiltSelect {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The rows of `query`, each decoded from the array of its column values by `decode`. The statement
 * goes through the executor's session as drizzle's own select would: the same text and values, in
 * array row mode, with drizzle's type parsers (dates and timestamps as the driver's text).
 */
export function selectArrays<T>(
  ex: Executor,
  query: BuiltSelect,
  decode: (row: readonly unknown[]) => T,
): Promise<T[]> {
  return ex._.session
    .prepareQuery<{ execute: T[]; all: unknown; values: unknown }>(
      query.toSQL(),
      undefined,
      undefined,
      true,
      (rows) => rows.map(decode),
    )
    .execute();
}

/**
 * A decoder of a table's row (all its columns, in drizzle's order: `ex.select().from(table)`, or
 * the table as a field of a select) starting at `offset` of the array: each column's own
 * `mapFromDriverValue`, null kept, as drizzle's mapper does for a table that is not outer-joined.
 */
export function tableRowDecoder<T extends Table>(
  table: T,
  offset = 0,
): (row: readonly unknown[]) => T['$inferSelect'] {
  const entries = Object.entries(getTableColumns(table)) as [string, Column][];
  const keys = entries.map(([key]) => key);
  const columns = entries.map(([, column]) => column);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[offset + i];
      out[keys[i]!] = value === null ? null : columns[i]!.mapFromDriverValue(value);
    }
    return out;
  };
}

/** One column's value at `index` of the array, decoded as drizzle would (null kept). */
export function columnDecoder<C extends Column>(
  column: C,
  index: number,
): (row: readonly unknown[]) => C['_']['data'] | null {
  return (row) => {
    const value = row[index];
    return value === null ? null : column.mapFromDriverValue(value);
  };
}
