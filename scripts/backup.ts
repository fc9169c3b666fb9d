/**
 * `npm run backup [FILE]` and `npm run restore FILE`: a copy of the whole application (every row
 * of the database and the data directory's keys) of the configured database (`DATABASE_URL`) or,
 * without it, of the embedded one in `FONRISK_DATA_DIR` (stop `npm start` first: the embedded
 * server belongs to one process). docs/decisions/0027-audit-backup-and-deployment.md.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PgBoss from 'pg-boss';
import {
  BackupError,
  connectDatabase,
  rawSqlExecutor,
  createBackup,
  migrateDatabase,
  readBackup,
  restoreBackup,
  startEmbeddedPostgres,
  writeFileAtomic,
  type BackupFile,
  type Database,
  type EmbeddedPostgresHandle,
} from '@fonrisk/db';

/**
 * A fresh data directory has no queue schema until the application first starts; a backup that
 * holds queued jobs needs it (its tables, then one partition per queue made by the restore).
 */
async function installQueueSchema(db: Database, backup: BackupFile): Promise<void> {
  if (!backup.tables.some((t) => t.name.startsWith('pgboss.'))) return;
  const boss = new PgBoss({
    db: rawSqlExecutor(db),
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** Files of the data directory that belong in a backup: without them tokens and keys break. */
export const KEY_FILES = ['jwt-secret', 'secrets-key'];

async function main(): Promise<void> {
  const [command, fileArg] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    throw new BackupError('Kullanım: npm run backup [DOSYA] | npm run restore DOSYA');
  }
  if (command === 'restore' && !fileArg)
    throw new BackupError('Geri yüklenecek yedek dosyasını verin.');
  const dataDir = resolve(process.env.FONRISK_DATA_DIR ?? '.data');
  let embedded: EmbeddedPostgresHandle | null = null;
  const url =
    process.env.DATABASE_URL ??
    (embedded = await startEmbeddedPostgres({ dataDir, notice: (m) => console.error(m) })).url;
  const database = connectDatabase(url, { max: 2 });
  try {
    await migrateDatabase(database.pool);
    if (command === 'backup') {
      const keys: Record<string, string> = {};
      for (const name of KEY_FILES) {
        const path = join(dataDir, name);
        if (existsSync(path)) keys[name] = readFileSync(path, 'utf8');
      }
      const file = resolve(
        fileArg ?? `fonrisk-yedek-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`,
      );
      // Whole or not at all: a full disk leaves no truncated backup and says so in Turkish.
      await writeFileAtomic(file, await createBackup(database.db, keys), { mode: 0o600 });
      console.log(`Yedek alındı: ${file}`);
    } else {
      const backup = readBackup(resolve(fileArg!));
      await installQueueSchema(database.db, backup);
      await restoreBackup(database.db, backup);
      mkdirSync(dataDir, { recursive: true });
      for (const [name, content] of Object.entries(backup.keys)) {
        await writeFileAtomic(join(dataDir, name), content, { mode: 0o600 });
      }
      const rows = backup.tables.reduce((n, t) => n + t.rows.length, 0);
      console.log(
        `Geri yüklendi: ${String(backup.tables.length)} tablo, ${String(rows)} satır (${backup.createdAt}).`,
      );
    }
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

/** The database's own reason when there is one (a failed query wraps it as its cause). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

main().catch((error: unknown) => {
  // A BackupError says in Turkish what is wrong with the file; anything else failed the restore
  // inside its transaction, so the database is as it was.
  console.error(
    error instanceof BackupError
      ? error.message
      : `İşlem yapılamadı: ${reasonOf(error)}. Veritabanında hiçbir kayıt değişmedi.`,
  );
  process.exit(1);
});
