import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';

/**
 * Fonrisk's backup file: gzip'd JSON with every row of the application's tables (schemas
 * `public` and `pgboss`, so queued runs keep their jobs) and the data directory's keys. A logical
 * copy made with SQL instead of pg_dump, so that it works with the embedded PostgreSQL (which
 * ships no pg_dump) and with any configured server whatever the local client version
 * (docs/decisions/0027-audit-backup-and-deployment.md).
 */
export interface BackupFile {
  readonly format: 'fonrisk-backup';
  readonly version: 1;
  readonly createdAt: string;
  /** Number of applied migrations: a backup restores only into the same schema. */
  readonly migrations: number;
  /** Files of the data directory (JWT secret...), name → content. */
  readonly keys: Readonly<Record<string, string>>;
  readonly tables: readonly { readonly name: string; readonly rows: readonly unknown[] }[];
}

/** Kept out: counts of failed sign-ins are not data worth restoring. */
const SKIPPED = new Set(['public.login_failures']);

async function appliedMigrations(ex: Executor): Promise<number> {
  const result = await ex.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Tables of the backed-up schemas, parents before the tables that reference them. */
async function tablesInOrder(ex: Executor): Promise<string[]> {
  const tables = (
    await ex.execute<{ name: string }>(sql`
      SELECT format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname IN ('public', 'pgboss')
      ORDER BY 1`)
  ).rows
    .map((r) => r.name)
    .filter((name) => !SKIPPED.has(name));
  const edges = (
    await ex.execute<{ child: string; parent: string }>(sql`
      SELECT format('%I.%I', cn.nspname, c.relname) AS child,
             format('%I.%I', pn.nspname, p.relname) AS parent
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
      JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f'`)
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent);
    ordered.push(table);
  };
  for (const t of tables) visit(t);
  return ordered.filter((t) => tables.includes(t));
}

/** Every row of the application, read in one consistent snapshot. */
export async function createBackup(
  db: Database,
  keys: Readonly<Record<string, string>>,
): Promise<Buffer> {
  const file = await db.transaction(
    async (tx) => {
      const tables = [];
      for (const name of await tablesInOrder(tx)) {
        const result = await tx.execute<{ rows: unknown[] | null }>(
          sql.raw(`SELECT json_agg(t) AS rows FROM ${name} t`),
        );
        tables.push({ name, rows: result.rows[0]?.rows ?? [] });
      }
      const backup: BackupFile = {
        format: 'fonrisk-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
        keys,
        tables,
      };
      return backup;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return gzipSync(JSON.stringify(file));
}

export function readBackup(path: string): BackupFile {
  const parsed = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as unknown;
  const head = parsed as { format?: unknown; version?: unknown } | null;
  if (head?.format !== 'fonrisk-backup' || head.version !== 1) {
    throw new Error(`${path} is not a Fonrisk backup file`);
  }
  return parsed as BackupFile;
}

/**
 * Replaces every row of the database with the backup's, in one transaction: the database is
 * the backup's or, on any error, unchanged. Identity counters continue after the restored ids.
 */
export async function restoreBackup(db: Database, backup: BackupFile): Promise<void> {
  await db.transaction(async (tx) => {
    const migrations = await appliedMigrations(tx);
    if (migrations !== backup.migrations) {
      throw new Error(
        `backup has ${String(backup.migrations)} migrations, database ${String(migrations)}: start the matching version first`,
      );
    }
    const present = await tablesInOrder(tx);
    await tx.execute(sql.raw(`TRUNCATE ${present.join(', ')} RESTART IDENTITY CASCADE`));
    for (const table of backup.tables) {
      if (!present.includes(table.name) || table.rows.length === 0) continue;
      await tx.execute(
        sql`${sql.raw(`INSERT INTO ${table.name} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${table.name}, `)}${JSON.stringify(table.rows)}::json)`,
      );
    }
    await tx.execute(sql`
      DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT format('%I.%I', table_schema, table_name) AS t, column_name AS c
                 FROM information_schema.columns
                 WHERE table_schema IN ('public', 'pgboss')
                   AND (is_identity = 'YES' OR column_default LIKE 'nextval%') LOOP
          EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), coalesce(max(%I), 0) + 1, false) FROM %s',
                         r.t, r.c, r.c, r.t);
        END LOOP;
      END $$`);
  });
}
