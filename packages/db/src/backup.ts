import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';

/**
 * Fonrisk's backup file: gzip'd text holding every row of the application's tables (schemas
 * `public` and `pgboss`, so queued runs keep their jobs) and the data directory's keys. A logical
 * copy made with SQL instead of pg_dump, so that it works with the embedded PostgreSQL (which
 * ships no pg_dump) and with any configured server whatever the local client version
 * (docs/decisions/0027-audit-backup-and-deployment.md, 0048-nothing-lost-nothing-misread.md).
 *
 * Version 2 is two lines: a header (format, version, creation time, migrations, the list of
 * tables with their row counts, and the SHA-256 and length of the second line) and the content
 * (`keys` and `tables`). Version 1 (one JSON object, no checksum) is still read.
 */
export interface BackupFile {
  readonly format: 'fonrisk-backup';
  readonly version: 1 | 2;
  readonly createdAt: string;
  /** Number of applied migrations: a backup restores only into the same schema. */
  readonly migrations: number;
  /** Files of the data directory (JWT secret...), name → content. */
  readonly keys: Readonly<Record<string, string>>;
  readonly tables: readonly BackupTable[];
}

export interface BackupTable {
  readonly name: string;
  readonly rows: readonly unknown[];
}

interface BackupHeader {
  readonly format: 'fonrisk-backup';
  readonly version: 2;
  readonly createdAt: string;
  readonly migrations: number;
  readonly tables: readonly { readonly name: string; readonly rows: number }[];
  /** SHA-256 (hex) of the content line, as UTF-8 bytes. */
  readonly sha256: string;
  readonly bytes: number;
}

/** A backup that cannot be read or restored; the message is Turkish, for the operator. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const UNCHANGED = 'Veritabanında hiçbir kayıt değişmedi.';

/**
 * Kept out: counts of failed sign-ins are not data worth restoring; the notes of market and
 * reference-data writes (decisions 0078, 0115) are the database's own bookkeeping: a restore's
 * writes add notes of their own, so every worker's cached reads go stale with it. So are the days
 * of the market values (decision 0123): the restore's inserts of the values set them again; and
 * so are the VaR points (decision 0125), which the restore's inserts of the runs write again;
 * and the runs' deflated result texts (decision 0129), which the API makes again when a restored
 * run is first read.
 */
const SKIPPED = new Set([
  'public.login_failures',
  'public.market_writes',
  'public.reference_writes',
  'public.market_value_days',
  'public.var_points',
  'public.analysis_run_result_texts',
]);

async function appliedMigrations(ex: Executor): Promise<number> {
  const result = await ex.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.n ?? 0;
}

interface ForeignKey {
  readonly child: string;
  readonly parent: string;
  readonly constraint: string;
  readonly deferrable: boolean;
}

async function foreignKeys(ex: Executor): Promise<ForeignKey[]> {
  return (
    await ex.execute<{ child: string; parent: string; constraint: string; deferrable: boolean }>(
      sql`
      SELECT format('%I.%I', cn.nspname, c.relname) AS child,
             format('%I.%I', pn.nspname, p.relname) AS parent,
             k.conname AS "constraint", k.condeferrable AS deferrable
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
      JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND NOT c.relispartition AND k.conparentid = 0
        AND cn.nspname IN ('public', 'pgboss')`,
    )
  ).rows;
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
  const edges = await foreignKeys(ex);
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

/**
 * Foreign keys that close a cycle (a portfolio names its reference benchmark, a holdings
 * benchmark names its portfolio; a row naming another row of its own table): no table order
 * loads them, so the restore checks them at the end of its load instead of row by row.
 */
export function cyclicKeys<K extends { child: string; parent: string }>(keys: readonly K[]): K[] {
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>([from]);
    const queue = [from];
    while (queue.length > 0) {
      const table = queue.shift()!;
      if (table === to) return true;
      for (const k of keys)
        if (k.child === table && !seen.has(k.parent)) {
          seen.add(k.parent);
          queue.push(k.parent);
        }
    }
    return false;
  };
  return keys.filter((k) => reaches(k.parent, k.child));
}

/** Every row of the application, read in one consistent snapshot. */
export async function createBackup(
  db: Database,
  keys: Readonly<Record<string, string>>,
): Promise<Buffer> {
  return db.transaction(
    async (tx) => {
      const tables: BackupTable[] = [];
      for (const name of await tablesInOrder(tx)) {
        const result = await tx.execute<{ rows: unknown[] | null }>(
          sql.raw(`SELECT json_agg(t) AS rows FROM ${name} t`),
        );
        tables.push({ name, rows: result.rows[0]?.rows ?? [] });
      }
      const content = JSON.stringify({ keys, tables });
      const header: BackupHeader = {
        format: 'fonrisk-backup',
        version: 2,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
        tables: tables.map((t) => ({ name: t.name, rows: t.rows.length })),
        sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
        bytes: Buffer.byteLength(content, 'utf8'),
      };
      return gzipSync(`${JSON.stringify(header)}\n${content}`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function unzip(path: string, data: Buffer): string {
  try {
    return gunzipSync(data).toString('utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'Z_BUF_ERROR'
        ? 'dosya yarıda kesilmiş (sonu eksik)'
        : code === 'Z_DATA_ERROR' && data.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))
          ? 'sıkıştırılmış içerik bozuk (gzip sağlama toplamı tutmuyor)'
          : 'gzip ile sıkıştırılmış bir Fonrisk yedeği değil';
    throw new BackupError(`${path} okunamadı: ${why}. ${UNCHANGED}`);
  }
}

function parseJson(path: string, text: string, part: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BackupError(`${path} okunamadı: ${part} geçerli JSON değil. ${UNCHANGED}`);
  }
}

/**
 * Reads and checks a backup file: gzip intact, the content's SHA-256 and length as the header
 * says, and every table the header lists present with its row count. Any failure is a
 * BackupError in Turkish.
 */
export function readBackup(path: string): BackupFile {
  if (!existsSync(path)) throw new BackupError(`Yedek dosyası bulunamadı: ${path}.`);
  const text = unzip(path, readFileSync(path));
  const newline = text.indexOf('\n');
  const first = parseJson(path, newline < 0 ? text : text.slice(0, newline), 'dosyanın başlığı');
  const head = first as Partial<BackupHeader> | Partial<BackupFile> | null;
  if (head?.format !== 'fonrisk-backup' || (head.version !== 1 && head.version !== 2)) {
    throw new BackupError(`${path} bir Fonrisk yedek dosyası değil. ${UNCHANGED}`);
  }
  if (head.version === 1) return first as BackupFile;
  const header = first as BackupHeader;
  const content = text.slice(newline + 1);
  const bytes = Buffer.byteLength(content, 'utf8');
  const digest = createHash('sha256').update(content, 'utf8').digest('hex');
  if (newline < 0 || bytes !== header.bytes || digest !== header.sha256) {
    throw new BackupError(
      `${path} bozuk: içeriğin SHA-256 sağlama toplamı başlıktakiyle tutmuyor (${String(bytes)} / ${String(header.bytes)} bayt). ${UNCHANGED}`,
    );
  }
  const body = parseJson(path, content, 'içerik') as Pick<BackupFile, 'keys' | 'tables'>;
  const listed = header.tables.map((t) => `${t.name}:${String(t.rows)}`).join(',');
  const held = body.tables.map((t) => `${t.name}:${String(t.rows.length)}`).join(',');
  if (listed !== held) {
    throw new BackupError(
      `${path} bozuk: tablolar ve satır sayıları başlıktaki listeyle tutmuyor. ${UNCHANGED}`,
    );
  }
  return {
    format: 'fonrisk-backup',
    version: 2,
    createdAt: header.createdAt,
    migrations: header.migrations,
    keys: body.keys,
    tables: body.tables,
  };
}

/** Queues of pg-boss named by the backup: their job partitions must exist before the load. */
function backupQueues(backup: BackupFile): string[] {
  const queue = backup.tables.find((t) => t.name === 'pgboss.queue');
  return (queue?.rows ?? []).map((r) => (r as { name: string }).name);
}

const listOf = (names: readonly string[]) =>
  names.length > 6
    ? `${names.slice(0, 6).join(', ')}… (${String(names.length)} tablo)`
    : names.join(', ');

/**
 * Replaces every row of the database with the backup's, in one transaction: the database is
 * the backup's or, on any error, unchanged. The backup must hold every table of the database's
 * schema (same migrations), and no other. Foreign keys in cycles are checked at the end of the
 * load. Identity counters continue after the restored ids.
 */
export async function restoreBackup(db: Database, backup: BackupFile): Promise<void> {
  await db.transaction(async (tx) => {
    const migrations = await appliedMigrations(tx);
    if (migrations !== backup.migrations) {
      throw new BackupError(
        `Yedek ${String(backup.migrations)} göçlük (migration) şemadan alınmış, bu veritabanında ${String(migrations)} göç var: önce yedeğin alındığı Fonrisk sürümünü kurun. ${UNCHANGED}`,
      );
    }
    const present = await tablesInOrder(tx);
    const held = new Set(backup.tables.map((t) => t.name));
    // A backup of an install whose queue never started has no pgboss tables: its queue is empty.
    const queueless = ![...held].some((t) => t.startsWith('pgboss.'));
    const missing = present.filter((t) => !held.has(t) && !(queueless && t.startsWith('pgboss.')));
    if (missing.length > 0) {
      throw new BackupError(
        `Yedek eksik: şemanın ${String(missing.length)} tablosu yedekte yok (${listOf(missing)}). Eksik bir yedek geri yüklenmez. ${UNCHANGED}`,
      );
    }
    const unknown = [...held].filter((t) => !present.includes(t));
    if (unknown.length > 0) {
      throw new BackupError(
        `Yedekteki ${String(unknown.length)} tablo bu veritabanında yok (${listOf(unknown)}): yedek başka bir şemadan. ${UNCHANGED}`,
      );
    }
    const queues = backupQueues(backup);
    if (queues.length > 0) {
      // pg-boss keeps each queue's jobs in a partition that its create_queue makes (and leaves
      // alone for a queue that exists); the truncation below empties the queue rows again.
      await tx.execute(
        sql`SELECT pgboss.create_queue(q, '{}'::json) FROM unnest(${sql.param(queues)}::text[]) q`,
      );
    }
    const deferred = cyclicKeys(await foreignKeys(tx)).filter((k) => !k.deferrable);
    for (const k of deferred) {
      await tx.execute(
        sql.raw(
          `ALTER TABLE ${k.child} ALTER CONSTRAINT "${k.constraint}" DEFERRABLE INITIALLY DEFERRED`,
        ),
      );
    }
    await tx.execute(sql.raw(`TRUNCATE ${present.join(', ')} RESTART IDENTITY CASCADE`));
    const byName = new Map(backup.tables.map((t) => [t.name, t]));
    for (const name of present) {
      const table = byName.get(name);
      if (!table || table.rows.length === 0) continue;
      await tx.execute(
        sql`${sql.raw(`INSERT INTO ${table.name} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${table.name}, `)}${JSON.stringify(table.rows)}::json)`,
      );
    }
    await tx.execute(sql.raw('SET CONSTRAINTS ALL IMMEDIATE'));
    for (const k of deferred) {
      await tx.execute(
        sql.raw(`ALTER TABLE ${k.child} ALTER CONSTRAINT "${k.constraint}" NOT DEFERRABLE`),
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
