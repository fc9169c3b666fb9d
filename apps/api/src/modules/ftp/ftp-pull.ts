import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { poolOf, type Database, type FtpConnectionRow } from '@fonrisk/db';
import {
  FtpTransferResult,
  remoteFileNameProblem,
  type FtpPullResponse,
  type FtpTransfer,
  type ImportKind,
} from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { ImportRejectedError, SnapshotsExistError } from '../data-imports/imports.errors.ts';
import { PriceImportNeedsConfirmationError } from '../market-data/market-data.errors.ts';
import { compilePattern } from './file-pattern.ts';
import type { FtpContext } from './ftp-context.ts';
import { requireUsableConnection, settingsOf } from './ftp-connection-rows.ts';
import { hashingSink } from './ftp-hashing.ts';
import {
  actorOf,
  attemptsOf,
  triggerColumns,
  withRetries,
  type SessionRef,
  type TransferTrigger,
} from './ftp-transfer.ts';
import { PullInProgressError, classifyRemoteError } from './ftp.errors.ts';
import { insertTransfer, listRuleRows, wasImported } from './ftp.repository.ts';
import { remotePath, remoteStep, type RemoteSettings } from './remote-client.ts';

/** The largest pulled file handed to the import: the upload screen's limit. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Advisory-lock class of FTP pulls (the second key is the connection id). */
const PULL_LOCK_KEY = 72_610_016;

/**
 * One pull per connection at a time across every API process: a session advisory lock held
 * on a dedicated pool connection for the length of the pull.
 */
async function lockConnection(db: Database, id: number): Promise<(() => Promise<void>) | null> {
  const client = await poolOf(db).connect();
  try {
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, $2) AS locked',
      [PULL_LOCK_KEY, id],
    );
    if (result.rows[0]?.locked !== true) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [PULL_LOCK_KEY, id]);
    } finally {
      client.release();
    }
  };
}

async function recordScheduledFailure(
  db: Database,
  row: FtpConnectionRow,
  failures: FtpTransfer[],
) {
  await recordAudit(db, {
    actor: null,
    action: 'ftp.pull.failed',
    entity: 'ftp-connection',
    entityId: row.id,
    after: {
      connection: row.name,
      trigger: 'schedule',
      failures: failures.map((t) => ({
        transferId: t.id,
        fileName: t.fileName,
        result: t.result,
        message: t.message,
      })),
    },
  });
}

/**
 * Lists the inbound folder and, for each file an enabled rule matches (first rule wins),
 * downloads it (streamed to a temp file with its SHA-256), skips it when the same name and
 * checksum was imported before, and hands it to the upload screen's all-or-nothing import.
 */
export async function pull(
  ctx: FtpContext,
  id: number,
  trigger: TransferTrigger,
): Promise<FtpPullResponse> {
  const { db, tempDir, log } = ctx;
  const row = await requireUsableConnection(ctx, id);
  const unlock = await lockConnection(db, id);
  if (!unlock) throw new PullInProgressError(row.name);
  const session: SessionRef = { current: null };
  const batchId = randomUUID();
  const base = {
    batchId,
    connectionId: row.id,
    connectionName: row.name,
    direction: 'pull',
    ...triggerColumns(trigger),
  };
  const transfers: FtpTransfer[] = [];
  try {
    const rules = (await listRuleRows(db, id))
      .filter((r) => r.enabled)
      .map((r) => ({ rule: r, compiled: compilePattern(r.pattern) }));
    const settings = settingsOf(ctx, row);
    const started = Date.now();
    let entries;
    try {
      entries = (
        await withRetries(ctx, row, session, settings, (s) =>
          remoteStep(settings, row.inboundDir, () => s.list(row.inboundDir)),
        )
      ).value;
    } catch (error) {
      const failure = classifyRemoteError(error, { ...settings, path: row.inboundDir });
      transfers.push(
        await insertTransfer(db, {
          ...base,
          remotePath: row.inboundDir,
          result: FtpTransferResult.Failed,
          durationMs: Date.now() - started,
          attempts: attemptsOf(error),
          message: failure.message,
        }),
      );
      return summarise(transfers);
    }
    await mkdir(tempDir, { recursive: true });
    // A listed name that is not a plain name in the folder (a server answering '../x') is
    // never fetched: no transfer leaves its folder.
    const files = entries
      .filter((e) => e.isFile && remoteFileNameProblem(e.name) === null)
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of files) {
      for (const { rule, compiled } of rules) {
        const match = compiled.match(entry.name);
        if (!match) continue;
        transfers.push(
          await pullFile(ctx, row, settings, session, {
            base: { ...base, ruleId: rule.id, kind: rule.kind, fileDate: match.date },
            fileName: entry.name,
            kind: rule.kind as ImportKind,
            replaceExisting: rule.replaceExisting,
            trigger,
          }),
        );
        break;
      }
    }
    return summarise(transfers);
  } finally {
    await session.current?.close();
    await unlock();
    const failed = transfers.filter((t) => t.result === 'failed' || t.result === 'rejected');
    if (trigger.kind === 'schedule' && failed.length > 0) {
      await recordScheduledFailure(db, row, failed).catch((error: unknown) =>
        log('ftp audit', error),
      );
    }
  }
}

async function pullFile(
  ctx: FtpContext,
  row: FtpConnectionRow,
  settings: RemoteSettings,
  session: SessionRef,
  file: {
    base: Record<string, unknown> & {
      batchId: string;
      connectionName: string;
      direction: string;
      trigger: string;
    };
    fileName: string;
    kind: ImportKind;
    replaceExisting: boolean;
    trigger: TransferTrigger;
  },
): Promise<FtpTransfer> {
  const { db, imports, tempDir, log } = ctx;
  const started = Date.now();
  const path = remotePath(row.inboundDir, file.fileName);
  const local = join(tempDir, randomUUID());
  const entry = { ...file.base, fileName: file.fileName, remotePath: path };
  try {
    let downloaded;
    try {
      downloaded = await withRetries(ctx, row, session, settings, async (s) => {
        const sink = hashingSink(local);
        await remoteStep(settings, path, () => s.download(path, sink.stream)).catch(
          (error: unknown) => {
            sink.stream.destroy();
            throw error;
          },
        );
        return sink.result();
      });
    } catch (error) {
      return await insertTransfer(db, {
        ...entry,
        result: FtpTransferResult.Failed,
        durationMs: Date.now() - started,
        attempts: attemptsOf(error),
        message: `İndirilemedi; hiçbir kayıt yazılmadı. ${classifyRemoteError(error, settings).message}`,
      });
    }
    const { size, checksum } = downloaded.value;
    const done = {
      ...entry,
      size,
      checksum,
      attempts: downloaded.attempts,
    };
    if (await wasImported(db, file.fileName, checksum)) {
      return await insertTransfer(db, {
        ...done,
        result: FtpTransferResult.Skipped,
        durationMs: Date.now() - started,
        message: 'Aynı ad ve içerikteki dosya daha önce yüklendi; yeniden yüklenmedi.',
      });
    }
    if (size > MAX_IMPORT_BYTES) {
      return await insertTransfer(db, {
        ...done,
        result: FtpTransferResult.Rejected,
        durationMs: Date.now() - started,
        message: `Dosya çok büyük (${size} bayt); en fazla ${MAX_IMPORT_BYTES} bayt yüklenebilir. Hiçbir kayıt yazılmadı.`,
      });
    }
    const bytes = await readFile(local);
    let transfer: FtpTransfer | undefined;
    try {
      await imports.importFile(actorOf(file.trigger), file.kind, bytes, file.fileName, {
        confirmReplace: file.replaceExisting,
        // A scheduled pull never accepts a price jump or creates a series unasked: such a
        // file is rejected with the list, for a person to confirm on the upload screen.
        acceptWarnings: false,
        newSeries: [],
        within: async (tx, response) => {
          transfer = await insertTransfer(tx, {
            ...done,
            result: FtpTransferResult.Imported,
            rowsImported: response.rowCount,
            durationMs: Date.now() - started,
            message: `${response.inserted} yeni, ${response.updated} güncellenen kayıt.`,
          });
        },
      });
    } catch (error) {
      if (
        error instanceof ImportRejectedError ||
        error instanceof SnapshotsExistError ||
        error instanceof PriceImportNeedsConfirmationError
      ) {
        return await insertTransfer(
          db,
          {
            ...done,
            result: FtpTransferResult.Rejected,
            durationMs: Date.now() - started,
            message: error.detail,
            errors: error instanceof ImportRejectedError ? error.rowErrors : null,
          },
          bytes,
        );
      }
      log(`FTP ${row.name}: ${file.fileName} içe aktarılamadı`, error);
      return await insertTransfer(db, {
        ...done,
        result: FtpTransferResult.Failed,
        durationMs: Date.now() - started,
        message: 'Dosya veritabanına yazılamadı (sunucu hatası); hiçbir kayıt yazılmadı.',
      });
    }
    if (row.processedDir !== null && transfer) {
      const processed = row.processedDir.startsWith('/')
        ? row.processedDir
        : posix.join(row.inboundDir, row.processedDir);
      const target = remotePath(processed, file.fileName);
      try {
        await withRetries(ctx, row, session, settings, (s) =>
          remoteStep(settings, target, () => s.move(path, target)),
        );
      } catch (error) {
        log(`FTP ${row.name}: ${file.fileName} taşınamadı`, error);
        return {
          ...transfer,
          message: `${transfer.message ?? ''} Dosya '${processed}' klasörüne taşınamadı: ${classifyRemoteError(error, settings).message}`,
        };
      }
    }
    return transfer!;
  } finally {
    await rm(local, { force: true });
  }
}

function summarise(transfers: FtpTransfer[]): FtpPullResponse {
  if (transfers.length === 0) {
    return { transfers, message: 'Kurallara uyan dosya bulunamadı.' };
  }
  const counts = new Map<string, number>();
  for (const t of transfers) counts.set(t.result, (counts.get(t.result) ?? 0) + 1);
  const words: Record<string, string> = {
    imported: 'yüklendi',
    skipped: 'atlandı',
    rejected: 'reddedildi',
    failed: 'başarısız',
  };
  const parts = [...counts].map(([result, n]) => `${n} dosya ${words[result] ?? result}`);
  return { transfers, message: `${parts.join(', ')}.` };
}
