import { sql, type Database } from '@fonrisk/db';

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
  const result: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const [row] = (
      await db.execute<{ n: string; digest: string | null }>(
        sql`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
            FROM ${sql.identifier(name)} t`,
      )
    ).rows;
    result[name] = `${row?.n ?? '?'}:${row?.digest ?? ''}`;
  }
  return result;
}
