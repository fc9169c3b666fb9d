import { isUniqueViolation, type FtpConnectionRow } from '@fonrisk/db';
import type { FtpConnection, FtpConnectionInput, TokenClaims } from '@fonrisk/contracts';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { FtpContext } from './ftp-context.ts';
import { requireConnection, SECRET_COLUMNS } from './ftp-connection-rows.ts';
import type { SecretField } from './ftp-secrets.ts';
import { ConnectionNameTakenError, ConnectionNotFoundError } from './ftp.errors.ts';
import {
  deleteConnectionRow,
  insertConnectionRow,
  latestScheduledFailures,
  listConnectionRows,
  toFtpConnection,
  updateConnectionRow,
} from './ftp.repository.ts';

/** The stored FTP/SFTP connections: list, create, update, delete, host-key reset. */
export function createConnectionService(ctx: FtpContext) {
  const { db, secrets } = ctx;
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

    /** Connections with a schedule, for the scheduler. */
    async scheduledConnections(): Promise<{ id: number; scheduleTime: string }[]> {
      return (await listConnectionRows(db)).flatMap((r) =>
        r.scheduleTime === null ? [] : [{ id: r.id, scheduleTime: r.scheduleTime }],
      );
    },
  };
}
