import { remoteFolderProblem } from '@fonrisk/contracts';
import type { Executor, FtpConnectionRow } from '@fonrisk/db';
import type { FtpContext } from './ftp-context.ts';
import type { SecretField } from './ftp-secrets.ts';
import {
  ConnectionNotFoundError,
  ConnectionSettingsError,
  UnsafeRemotePathError,
} from './ftp.errors.ts';
import { findConnectionRow } from './ftp.repository.ts';
import type { RemoteSettings } from './remote-client.ts';

/** The sealed column of each secret of a connection. */
export const SECRET_COLUMNS = {
  password: 'passwordEnc',
  privateKey: 'privateKeyEnc',
  passphrase: 'passphraseEnc',
} as const satisfies Record<SecretField, keyof FtpConnectionRow>;

const FOLDER_FIELDS = [
  ['inboundDir', 'Gelen dosyalar klasörü'],
  ['outboundDir', 'Giden dosyalar klasörü'],
  ['processedDir', 'İşlenen dosyaların klasörü'],
] as const;

/**
 * A stored connection's folders checked again before any transfer (a row saved before the
 * request schema refused "..", or written by hand): no transfer leaves its folder (issue 21).
 */
export function checkFolders(row: FtpConnectionRow): FtpConnectionRow {
  for (const [field, label] of FOLDER_FIELDS) {
    const folder = row[field];
    const problem = folder === null ? null : remoteFolderProblem(folder);
    if (folder !== null && problem !== null)
      throw new UnsafeRemotePathError(field, label, folder, problem);
  }
  return row;
}

/** A stored connection's settings for the remote client, its secrets opened. */
export function settingsOf({ secrets }: FtpContext, row: FtpConnectionRow): RemoteSettings {
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

export async function requireConnection(ex: Executor, id: number): Promise<FtpConnectionRow> {
  const row = await findConnectionRow(ex, id);
  if (!row) throw new ConnectionNotFoundError(id);
  return row;
}

/** A connection a transfer may use: its folders pass `checkFolders`. */
export async function requireUsableConnection(
  { db }: FtpContext,
  id: number,
): Promise<FtpConnectionRow> {
  return checkFolders(await requireConnection(db, id));
}
