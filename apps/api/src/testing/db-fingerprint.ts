import { sql, type Database } from '@fonrisk/db';

/** Row count and an md5 of every row of one table, as an SQL expression ('n:digest'). */
const tableDigest = (name: string) =>
  sql`(SELECT count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))
       FROM ${sql.identifier(name)} t)`;

/**
 * Row count and an md5 of every row of each table of the public schema, to prove that refused
 * requests wrote nothing. `login_failures` is left out: counting failed sign-ins is its job.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('login_failures', '__drizzle_migrations')
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
 */
export async function tablesFingerprint(
  db: Database,
  tables: readonly string[],
): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const columns = sql.join(
    tables.map((name, i) => sql`${tableDigest(name)} AS ${sql.identifier(`t${String(i)}`)}`),
    sql`, `,
  );
  const [row] = (await db.execute<Record<string, string>>(sql`SELECT ${columns}`)).rows;
  return Object.fromEntries(tables.map((name, i) => [name, row?.[`t${String(i)}`] ?? '?']));
}
