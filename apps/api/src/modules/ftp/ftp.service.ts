import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import {
  isUniqueViolation,
  poolOf,
  type Database,
  type Executor,
  type FtpConnectionRow,
} from '@fonrisk/db';
import type { FtpFileRuleRequestSchema } from '@fonrisk/contracts';
import {
  FtpTransferResult,
  remoteFileNameProblem,
  remoteFolderProblem,
  type FtpConnection,
  type FtpConnectionInput,
  type FtpFileRule,
  type FtpPullResponse,
  type FtpTestResult,
  type FtpTransfer,
  type ImportKind,
  type TokenClaims,
} from '@fonrisk/contracts';
import type { z } from 'zod';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { ImportRejectedError, SnapshotsExistError } from '../data-imports/imports.errors.ts';
import { PriceImportNeedsConfirmationError } from '../market-data/market-data.errors.ts';
import type { ImportsService } from '../data-imports/imports.service.ts';
import { PatternError, compilePattern, type CompiledPattern } from './file-pattern.ts';
import type { SecretBox, SecretField } from './ftp-secrets.ts';
import type { RemoteFailure } from './ftp.errors.ts';
import {
  ConnectionNameTakenError,
  ConnectionNotFoundError,
  ConnectionSettingsError,
  PullInProgressError,
  RemoteTransferError,
  RuleNotFoundError,
  RulePatternTakenError,
  TransferFileNotFoundError,
  UnsafeRemotePathError,
  classifyRemoteError,
} from './ftp.errors.ts';
import {
  deleteConnectionRow,
  deleteRuleRow,
  findConnectionRow,
  findRuleRow,
  findTransferFile,
  insertConnectionRow,
  insertRuleRow,
  insertTransfer,
  latestScheduledFailures,
  listConnectionRows,
  listRuleRows,
  listTransfers,
  pinHostKey,
  toFtpConnection,
  toFtpFileRule,
  updateConnectionRow,
  updateRuleRow,
  wasImported,
} from './ftp.repository.ts';
import {
  openRemoteSession,
  remotePath,
  remoteStep,
  type RemoteSession,
  type RemoteSettings,
} from './remote-client.ts';

export type FtpService = ReturnType<typeof createFtpService>;

/** Who started a transfer: a signed-in user, or the scheduler (cron in Europe/Istanbul). */
export type TransferTrigger =
  { readonly kind: 'user'; readonly user: TokenClaims } | { readonly kind: 'schedule' };

/** The largest pulled file handed to the import: the upload screen's limit. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const SCHEDULER_NAME = 'Zamanlayıcı';
/** Advisory-lock class of FTP pulls (the second key is the connection id). */
const PULL_LOCK_KEY = 72_610_016;

export interface FtpServiceOptions {
  readonly secrets: SecretBox;
  readonly imports: ImportsService;
  /** Wait before the first retry (2 s); doubled before each further one. */
  readonly retryBaseMs?: number;
  /** Where downloads are spooled while their checksum is computed (the OS temp folder). */
  readonly tempDir?: string;
  readonly log?: (message: string, error?: unknown) => void;
}

/** A file to push: `open` is called once per attempt, so a retry sends it whole again. */
export interface PushSource {
  readonly fileName: string;
  readonly open: () => Readable;
}

type FileRuleRequest = z.output<typeof FtpFileRuleRequestSchema>;

const SECRET_COLUMNS = {
  password: 'passwordEnc',
  privateKey: 'privateKeyEnc',
  passphrase: 'passphraseEnc',
} as const satisfies Record<SecretField, keyof FtpConnectionRow>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The name part of a browser's file name; a name with control characters is refused. */
function safeFileName(name: string): string {
  const base = posix.basename(name.replaceAll('\\', '/')).trim();
  const problem = remoteFileNameProblem(base);
  if (problem !== null) {
    throw new InvalidInputError('Dosya adı geçersiz.', [{ field: 'file', message: problem }]);
  }
  return base;
}

const FOLDER_FIELDS = [
  ['inboundDir', 'Gelen dosyalar klasörü'],
  ['outboundDir', 'Giden dosyalar klasörü'],
  ['processedDir', 'İşlenen dosyaların klasörü'],
] as const;

/**
 * A stored connection's folders checked again before any transfer (a row saved before the
 * request schema refused "..", or written by hand): no transfer leaves its folder (issue 21).
 */
function checkFolders(row: FtpConnectionRow): FtpConnectionRow {
  for (const [field, label] of FOLDER_FIELDS) {
    const folder = row[field];
    const problem = folder === null ? null : remoteFolderProblem(folder);
    if (folder !== null && problem !== null)
      throw new UnsafeRemotePathError(field, label, folder, problem);
  }
  return row;
}

function compileRulePattern(pattern: string): CompiledPattern {
  try {
    return compilePattern(pattern);
  } catch (error) {
    if (error instanceof PatternError) {
      throw new InvalidInputError(`Dosya adı kalıbı geçersiz: ${error.message}.`, [
        { field: 'pattern', message: error.message },
      ]);
    }
    throw error;
  }
}

/** A writable that spools to `path` while counting bytes and computing SHA-256. */
function hashingSink(path: string) {
  const hash = createHash('sha256');
  let size = 0;
  const file = createWriteStream(path);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (file.write(chunk)) callback();
      else file.once('drain', () => callback());
    },
    final(callback) {
      file.end(() => callback());
    },
    destroy(error, callback) {
      file.destroy();
      callback(error);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}

/** A pass-through that counts and hashes what flows to the server. */
/**
 * Counts and hashes what passes through. A transform, not a PassThrough with a 'data' listener:
 * such a listener starts the flow at once, so every chunk read before the remote side attached
 * (an FTP upload first opens its data connection) was counted but never sent (an empty file).
 */
function hashingPassThrough() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}

export function createFtpService(db: Database, options: FtpServiceOptions) {
  const { secrets, imports } = options;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const tempDir = options.tempDir ?? join(tmpdir(), 'fonrisk-ftp');
  const log = options.log ?? (() => undefined);
  /**
   * One pull per connection at a time across every API process: a session advisory lock held
   * on a dedicated pool connection for the length of the pull.
   */
  async function lockConnection(id: number): Promise<(() => Promise<void>) | null> {
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

  function settingsOf(row: FtpConnectionRow): RemoteSettings {
    const open = (field: SecretField) => {
      const sealed = row[SECRET_COLUMNS[field]];
      return sealed === null ? null : secrets.open(field, sealed);
    };
    if (row.authMethod === 'password' && row.passwordEnc === null) {
      throw new ConnectionSettingsError('password', 'parola girilmemiş');
    }
    if (row.authMethod === 'privateKey' && row.privateKeyEnc === null) {
      throw new ConnectionSettingsError('privateKey', 'özel anahtar girilmemiş');
    }
    return {
      protocol: row.protocol as RemoteSettings['protocol'],
      host: row.host,
      port: row.port,
      username: row.username,
      authMethod: row.authMethod as RemoteSettings['authMethod'],
      password: open('password'),
      privateKey: open('privateKey'),
      passphrase: open('passphrase'),
      tlsCaCertificate: row.tlsCaCertificate,
      passiveMode: row.passiveMode as RemoteSettings['passiveMode'],
      timeoutSeconds: row.timeoutSeconds,
      pinnedHostKey: row.hostKeyFingerprint,
    };
  }

  async function requireConnection(ex: Executor, id: number): Promise<FtpConnectionRow> {
    const row = await findConnectionRow(ex, id);
    if (!row) throw new ConnectionNotFoundError(id);
    return row;
  }

  /** A connection a transfer may use: its folders pass `checkFolders`. */
  async function requireUsableConnection(id: number): Promise<FtpConnectionRow> {
    return checkFolders(await requireConnection(db, id));
  }

  async function view(row: FtpConnectionRow): Promise<FtpConnection> {
    const failures = await latestScheduledFailures(db);
    return toFtpConnection(row, failures.get(row.id) ?? null);
  }

  /** Secrets of a request: a string seals a new value, null clears, undefined keeps. */
  function sealedSecrets(input: FtpConnectionInput) {
    const values: Partial<Record<(typeof SECRET_COLUMNS)[SecretField], string | null>> = {};
    for (const field of Object.keys(SECRET_COLUMNS) as SecretField[]) {
      const value = input[field];
      if (value === undefined) continue;
      values[SECRET_COLUMNS[field]] = value === null ? null : secrets.seal(field, value);
    }
    return values;
  }

  function plainColumns(input: FtpConnectionInput) {
    return {
      name: input.name,
      protocol: input.protocol,
      host: input.host,
      port: input.port,
      username: input.username,
      authMethod: input.authMethod,
      tlsCaCertificate: input.tlsCaCertificate === '' ? null : input.tlsCaCertificate,
      inboundDir: input.inboundDir,
      outboundDir: input.outboundDir,
      processedDir: input.processedDir,
      passiveMode: input.passiveMode,
      timeoutSeconds: input.timeoutSeconds,
      retries: input.retries,
      scheduleTime: input.scheduleTime,
    };
  }

  function checkSecretsPresent(row: FtpConnectionRow): void {
    if (row.authMethod === 'password' && row.passwordEnc === null) {
      throw new InvalidInputError('Parola girilmelidir.', [
        { field: 'password', message: 'parola gerekli' },
      ]);
    }
    if (row.authMethod === 'privateKey' && row.privateKeyEnc === null) {
      throw new InvalidInputError('Özel anahtar girilmelidir.', [
        { field: 'privateKey', message: 'özel anahtar gerekli' },
      ]);
    }
  }

  function actorOf(trigger: TransferTrigger): AuditActor | null {
    return trigger.kind === 'user'
      ? { userId: trigger.user.userId, username: trigger.user.fullName }
      : null;
  }

  function triggerColumns(trigger: TransferTrigger) {
    return trigger.kind === 'user'
      ? {
          trigger: 'user',
          actorUserId: trigger.user.userId,
          actorName: trigger.user.fullName,
        }
      : { trigger: 'schedule', actorUserId: null, actorName: SCHEDULER_NAME };
  }

  /**
   * Runs `step` with a session, retrying network failures with exponential backoff; a
   * failure drops the session so that the next attempt reconnects.
   */
  async function withRetries<T>(
    row: FtpConnectionRow,
    session: { current: RemoteSession | null },
    settings: RemoteSettings,
    step: (session: RemoteSession) => Promise<T>,
  ): Promise<{ value: T; attempts: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        session.current ??= await connect(row, settings);
        return { value: await step(session.current), attempts: attempt };
      } catch (error) {
        const failure = classifyRemoteError(error, settings);
        await session.current?.close();
        session.current = null;
        if (!failure.retryable || attempt > row.retries) {
          throw Object.assign(failure, { attempts: attempt });
        }
        log(`FTP ${row.name}: ${attempt}. deneme başarısız (${failure.reason}), yeniden denenecek`);
        await sleep(retryBaseMs * 2 ** (attempt - 1));
      }
    }
  }

  /** Opens a session and pins the SFTP host key on first use. */
  async function connect(row: FtpConnectionRow, settings: RemoteSettings) {
    const session = await openRemoteSession(settings);
    if (settings.pinnedHostKey === null && session.hostKeyFingerprint !== null) {
      await pinHostKey(db, row.id, session.hostKeyFingerprint);
    }
    return session;
  }

  const attemptsOf = (error: unknown) =>
    typeof error === 'object' && error !== null && 'attempts' in error ? Number(error.attempts) : 1;

  async function recordScheduledFailure(row: FtpConnectionRow, failures: FtpTransfer[]) {
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

  async function pull(id: number, trigger: TransferTrigger): Promise<FtpPullResponse> {
    const row = await requireUsableConnection(id);
    const unlock = await lockConnection(id);
    if (!unlock) throw new PullInProgressError(row.name);
    const session: { current: RemoteSession | null } = { current: null };
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
      const settings = settingsOf(row);
      const started = Date.now();
      let entries;
      try {
        entries = (
          await withRetries(row, session, settings, (s) =>
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
            await pullFile(row, settings, session, {
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
        await recordScheduledFailure(row, failed).catch((error: unknown) =>
          log('ftp audit', error),
        );
      }
    }
  }

  async function pullFile(
    row: FtpConnectionRow,
    settings: RemoteSettings,
    session: { current: RemoteSession | null },
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
    const started = Date.now();
    const path = remotePath(row.inboundDir, file.fileName);
    const local = join(tempDir, randomUUID());
    const entry = { ...file.base, fileName: file.fileName, remotePath: path };
    try {
      let downloaded;
      try {
        downloaded = await withRetries(row, session, settings, async (s) => {
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
          await withRetries(row, session, settings, (s) =>
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

  return {
    async listConnections(): Promise<FtpConnection[]> {
      const failures = await latestScheduledFailures(db);
      return (await listConnectionRows(db)).map((r) =>
        toFtpConnection(r, failures.get(r.id) ?? null),
      );
    },

    async getConnection(id: number): Promise<FtpConnection> {
      return view(await requireConnection(db, id));
    },

    async createConnection(actor: TokenClaims, input: FtpConnectionInput): Promise<FtpConnection> {
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertConnectionRow(tx, {
            ...plainColumns(input),
            ...sealedSecrets(input),
          });
          checkSecretsPresent(created);
          await recordAudit(tx, {
            actor,
            action: 'ftp-connection.create',
            entity: 'ftp-connection',
            entityId: created.id,
            after: toFtpConnection(created, null),
          });
          return created;
        });
        return await view(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConnectionNameTakenError(input.name);
        throw error;
      }
    },

    async updateConnection(
      actor: TokenClaims,
      id: number,
      input: FtpConnectionInput,
    ): Promise<FtpConnection> {
      try {
        const row = await db.transaction(async (tx) => {
          const before = await requireConnection(tx, id);
          const moved = before.host !== input.host || before.port !== input.port;
          const updated = await updateConnectionRow(tx, id, {
            ...plainColumns(input),
            ...sealedSecrets(input),
            // A server at another address has another key: pin again on first use.
            ...(moved || input.protocol !== 'sftp'
              ? { hostKeyFingerprint: null, hostKeyPinnedAt: null }
              : {}),
            ...(input.authMethod === 'password'
              ? { privateKeyEnc: null, passphraseEnc: null }
              : {}),
          });
          checkSecretsPresent(updated!);
          await recordAudit(tx, {
            actor,
            action: 'ftp-connection.update',
            entity: 'ftp-connection',
            entityId: id,
            before: toFtpConnection(before, null),
            after: toFtpConnection(updated!, null),
          });
          return updated!;
        });
        return await view(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConnectionNameTakenError(input.name);
        throw error;
      }
    },

    async deleteConnection(actor: TokenClaims, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteConnectionRow(tx, id);
        if (!row) throw new ConnectionNotFoundError(id);
        await recordAudit(tx, {
          actor,
          action: 'ftp-connection.delete',
          entity: 'ftp-connection',
          entityId: id,
          before: toFtpConnection(row, null),
        });
      });
    },

    /** Forgets the pinned SFTP host key: the next connection pins the key it is shown. */
    async resetHostKey(actor: TokenClaims, id: number): Promise<FtpConnection> {
      const row = await db.transaction(async (tx) => {
        const before = await requireConnection(tx, id);
        const updated = await updateConnectionRow(tx, id, {
          hostKeyFingerprint: null,
          hostKeyPinnedAt: null,
        });
        await recordAudit(tx, {
          actor,
          action: 'ftp-connection.host-key-reset',
          entity: 'ftp-connection',
          entityId: id,
          before: { hostKeyFingerprint: before.hostKeyFingerprint },
          after: { hostKeyFingerprint: null },
        });
        return updated!;
      });
      return view(row);
    },

    /** "Bağlantıyı sına": connect, log in, read the inbound and outbound folders. */
    async testConnection(id: number): Promise<FtpTestResult> {
      const row = await requireUsableConnection(id);
      const settings = settingsOf(row);
      const started = Date.now();
      const steps: FtpTestResult['steps'] = [];
      let session: RemoteSession | null = null;
      let pinned = false;
      let fingerprint: string | null = null;
      const fail = (failure: RemoteFailure, label: string): FtpTestResult => {
        steps.push({ label, ok: false, detail: failure.message });
        return {
          ok: false,
          message: failure.message,
          reason: failure.reason,
          steps,
          hostKeyFingerprint: fingerprint ?? row.hostKeyFingerprint,
          hostKeyPinned: pinned,
          durationMs: Date.now() - started,
        };
      };
      const connectLabel = `Bağlantı ve oturum açma (${row.host}:${row.port})`;
      try {
        session = await openRemoteSession(settings);
      } catch (error) {
        return fail(classifyRemoteError(error, settings), connectLabel);
      }
      try {
        fingerprint = session.hostKeyFingerprint;
        if (settings.pinnedHostKey === null && fingerprint !== null) {
          pinned = await pinHostKey(db, row.id, fingerprint);
        }
        steps.push({
          label: connectLabel,
          ok: true,
          detail:
            fingerprint === null
              ? null
              : pinned
                ? `Sunucu anahtarı ilk kez görüldü ve kaydedildi: ${fingerprint}`
                : `Sunucu anahtarı kayıtlı olanla aynı: ${fingerprint}`,
        });
        for (const [label, dir] of [
          ['Gelen dosyalar klasörü', row.inboundDir],
          ['Giden dosyalar klasörü', row.outboundDir],
        ] as const) {
          const stepLabel = `${label} (${dir})`;
          try {
            const entries = await remoteStep(settings, dir, () => session.list(dir));
            steps.push({
              label: stepLabel,
              ok: true,
              detail: `${entries.filter((e) => e.isFile).length} dosya`,
            });
          } catch (error) {
            return fail(classifyRemoteError(error, { ...settings, path: dir }), stepLabel);
          }
        }
      } finally {
        await session.close();
      }
      return {
        ok: true,
        message: 'Bağlantı başarılı: oturum açıldı, gelen ve giden klasörler okunabildi.',
        reason: null,
        steps,
        hostKeyFingerprint: fingerprint,
        hostKeyPinned: pinned,
        durationMs: Date.now() - started,
      };
    },

    async listRules(connectionId?: number): Promise<FtpFileRule[]> {
      return (await listRuleRows(db, connectionId)).map(toFtpFileRule);
    },

    async createRule(actor: TokenClaims, request: FileRuleRequest): Promise<FtpFileRule> {
      compileRulePattern(request.pattern);
      try {
        return await db.transaction(async (tx) => {
          await requireConnection(tx, request.connectionId);
          const rule = toFtpFileRule(await insertRuleRow(tx, request));
          await recordAudit(tx, {
            actor,
            action: 'ftp-rule.create',
            entity: 'ftp-rule',
            entityId: rule.id,
            after: rule,
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RulePatternTakenError(request.pattern);
        throw error;
      }
    },

    async updateRule(
      actor: TokenClaims,
      id: number,
      request: FileRuleRequest,
    ): Promise<FtpFileRule> {
      compileRulePattern(request.pattern);
      try {
        return await db.transaction(async (tx) => {
          const before = await findRuleRow(tx, id);
          if (!before) throw new RuleNotFoundError(id);
          await requireConnection(tx, request.connectionId);
          const rule = toFtpFileRule((await updateRuleRow(tx, id, request))!);
          await recordAudit(tx, {
            actor,
            action: 'ftp-rule.update',
            entity: 'ftp-rule',
            entityId: id,
            before: toFtpFileRule(before),
            after: rule,
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RulePatternTakenError(request.pattern);
        throw error;
      }
    },

    async deleteRule(actor: TokenClaims, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteRuleRow(tx, id);
        if (!row) throw new RuleNotFoundError(id);
        await recordAudit(tx, {
          actor,
          action: 'ftp-rule.delete',
          entity: 'ftp-rule',
          entityId: id,
          before: toFtpFileRule(row),
        });
      });
    },

    /**
     * Lists the inbound folder and, for each file an enabled rule matches (first rule wins),
     * downloads it (streamed to a temp file with its SHA-256), skips it when the same name and
     * checksum was imported before, and hands it to the upload screen's all-or-nothing import.
     */
    pull,

    /**
     * Sends one file to the connection's outbound folder (reports, the uploader's manual
     * mode). Network failures are retried with backoff; the transfer is logged either way.
     */
    async pushFile(
      connectionId: number,
      source: PushSource,
      trigger: TransferTrigger,
    ): Promise<FtpTransfer> {
      const row = await requireUsableConnection(connectionId);
      const fileName = safeFileName(source.fileName);
      const settings = settingsOf(row);
      const session: { current: RemoteSession | null } = { current: null };
      const path = remotePath(row.outboundDir, fileName);
      const started = Date.now();
      const entry = {
        batchId: randomUUID(),
        connectionId: row.id,
        connectionName: row.name,
        direction: 'push',
        fileName,
        remotePath: path,
        ...triggerColumns(trigger),
      };
      try {
        const sent = await withRetries(row, session, settings, async (s) => {
          const counter = hashingPassThrough();
          const input = source.open();
          input.on('error', (error) => counter.stream.destroy(error));
          input.pipe(counter.stream);
          try {
            await remoteStep(settings, path, () => s.upload(counter.stream, path));
          } finally {
            input.destroy();
          }
          return counter.result();
        });
        const transfer = await insertTransfer(db, {
          ...entry,
          ...sent.value,
          attempts: sent.attempts,
          result: FtpTransferResult.Pushed,
          durationMs: Date.now() - started,
          message: `'${row.outboundDir}' klasörüne gönderildi.`,
        });
        return transfer;
      } catch (error) {
        const failure = classifyRemoteError(error, { ...settings, path });
        await insertTransfer(db, {
          ...entry,
          attempts: attemptsOf(error),
          result: FtpTransferResult.Failed,
          durationMs: Date.now() - started,
          message: `Gönderilemedi. ${failure.message}`,
        });
        throw new RemoteTransferError(failure);
      } finally {
        await session.current?.close();
      }
    },

    listTransfers(filter: { connectionId?: number | undefined; limit: number }) {
      return listTransfers(db, filter);
    },

    async transferFile(id: number): Promise<{ fileName: string; content: Buffer }> {
      const file = await findTransferFile(db, id);
      if (!file) throw new TransferFileNotFoundError(id);
      return file;
    },

    /** Connections with a schedule, for the scheduler. */
    async scheduledConnections(): Promise<{ id: number; scheduleTime: string }[]> {
      return (await listConnectionRows(db)).flatMap((r) =>
        r.scheduleTime === null ? [] : [{ id: r.id, scheduleTime: r.scheduleTime }],
      );
    },
  };
}
