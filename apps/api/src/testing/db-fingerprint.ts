import { createHash } from 'node:crypto';
import { poolOf, sql, type Database } from '@fonrisk/db';

/** A table name as an SQL identifier. */
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row count and an md5 of every row of one table, as an SQL expression ('n:digest'). */
const tableDigest = (name: string) =>
  `(SELECT count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))
    FROM ${identifier(name)} t)`;

/**
 * Row count and an md5 of every row of each table of the public schema, to prove that refused
 * requests wrote nothing. `login_failures` is left out: counting failed sign-ins is its job;
 * so are `market_writes` and `reference_writes`, the notes the market and reference tables'
 * triggers add for the worker's cache (decisions 0078, 0115; not backed up): a write they note
 * shows in those tables themselves.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN (
            'login_failures', 'market_writes', 'reference_writes', '__drizzle_migrations'
          )
        ORDER BY table_name`,
  );
  return tablesFingerprint(
    db,
    tables.rows.map((t) => t.table_name),
  );
}

/**
 * The same fingerprint of the given tables only, in one query: cheap enough to take after every
 * refused file of a fuzz run, so that a partial write is caught at the file that made it.
 *
 * The query is a named (prepared) statement: each connection parses and plans it once and then
 * only executes it. Planning a dozen sorted aggregates cost ~8 times their execution on the
 * near-empty tables of a fuzz run (decision 0072, "Measured"); the rows read and the digest are
 * the same as an unnamed query's.
 */
export async function tablesFingerprint(
  db: Database,
  tables: readonly string[],
): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const text = `SELECT ${tables.map((name, i) => `${tableDigest(name)} AS t${String(i)}`).join(', ')}`;
  // A statement name stands for one text on a connection: the name is the text's digest.
  const name = `fingerprint-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  const { rows } = await poolOf(db).query<Record<string, string>>({ name, text });
  const [row] = rows;
  return Object.fromEntries(tables.map((table, i) => [table, row?.[`t${String(i)}`] ?? '?']));
}
