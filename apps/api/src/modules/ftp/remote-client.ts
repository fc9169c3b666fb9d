import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { posix } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import {
  Client as FtpClient,
  FileType,
  enterPassiveModeIPv4,
  enterPassiveModeIPv6,
} from 'basic-ftp';
import SftpClient from 'ssh2-sftp-client';
import {
  remoteFileNameProblem,
  remoteFilePath,
  remoteFolderProblem,
  type FtpAuthMethod,
  type FtpPassiveMode,
  type FtpProtocol,
} from '@fonrisk/contracts';
import {
  HostKeyChangedError,
  UnsafeRemotePathError,
  classifyRemoteError,
  type RemoteFailure,
} from './ftp.errors.ts';

/** What a session needs to reach a server: settings with the secrets already decrypted. */
export interface RemoteSettings {
  readonly protocol: FtpProtocol;
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly authMethod: FtpAuthMethod;
  readonly password: string | null;
  readonly privateKey: string | null;
  readonly passphrase: string | null;
  readonly tlsCaCertificate: string | null;
  readonly passiveMode: FtpPassiveMode;
  readonly timeoutSeconds: number;
  /** SFTP: the pinned host-key fingerprint; null accepts (and reports) the first key seen. */
  readonly pinnedHostKey: string | null;
}

export interface RemoteEntry {
  readonly name: string;
  readonly size: number;
  readonly isFile: boolean;
}

/** One logged-in session on a remote server; every path is absolute. */
export interface RemoteSession {
  /** SFTP: the fingerprint of the key the server presented (`SHA256:...`); FTP: null. */
  readonly hostKeyFingerprint: string | null;
  list(dir: string): Promise<RemoteEntry[]>;
  /** Streams the remote file into `to` (resolves once `to` has finished). */
  download(path: string, to: Writable): Promise<void>;
  /** Streams `from` into the remote file. */
  upload(from: Readable, path: string): Promise<void>;
  /** Moves a remote file, creating the target folder when missing. */
  move(from: string, to: string): Promise<void>;
  /** Ends the session; also aborts a transfer in progress. */
  close(): Promise<void>;
}

/** OpenSSH's form of a host-key fingerprint: `SHA256:` and unpadded base64. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The path of file `name` in folder `dir`, refused (UnsafeRemotePathError) when the folder or
 * the name would take it out of the folder: the last check before any remote call.
 */
export function remotePath(dir: string, name: string): string {
  const folderProblem = remoteFolderProblem(dir);
  if (folderProblem !== null)
    throw new UnsafeRemotePathError('folder', 'Klasör', dir, folderProblem);
  const nameProblem = remoteFileNameProblem(name);
  if (nameProblem !== null) throw new UnsafeRemotePathError('file', 'Dosya adı', name, nameProblem);
  return remoteFilePath(dir, name);
}

function ftpTlsOptions(settings: RemoteSettings) {
  return {
    ...(isIP(settings.host) === 0 ? { servername: settings.host } : {}),
    ...(settings.tlsCaCertificate ? { ca: [settings.tlsCaCertificate] } : {}),
  };
}

async function openFtp(settings: RemoteSettings): Promise<RemoteSession> {
  const client = new FtpClient(settings.timeoutSeconds * 1000);
  if (settings.passiveMode === 'pasv') client.prepareTransfer = enterPassiveModeIPv4;
  if (settings.passiveMode === 'epsv') client.prepareTransfer = enterPassiveModeIPv6;
  try {
    await client.access({
      host: settings.host,
      port: settings.port,
      user: settings.username,
      password: settings.password ?? '',
      secure:
        settings.protocol === 'ftps-implicit' ? 'implicit' : settings.protocol === 'ftps-explicit',
      secureOptions: ftpTlsOptions(settings),
    });
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    hostKeyFingerprint: null,
    async list(dir) {
      const entries = await client.list(dir);
      return entries.map((e) => ({ name: e.name, size: e.size, isFile: e.type === FileType.File }));
    },
    async download(path, to) {
      await client.downloadTo(to, path);
      await finished(to);
    },
    async upload(from, path) {
      await client.uploadFrom(from, path);
    },
    async move(from, to) {
      await client.ensureDir(posix.dirname(to));
      await client.rename(from, to);
    },
    close() {
      client.close();
      return Promise.resolve();
    },
  };
}

/** Resolves when a writable has flushed everything (or at once when it already has). */
function finished(stream: Writable): Promise<void> {
  if (stream.writableFinished) return Promise.resolve();
  return new Promise((resolve, reject) => {
    stream.once('finish', () => resolve());
    stream.once('error', reject);
  });
}

async function openSftp(settings: RemoteSettings): Promise<RemoteSession> {
  const client = new SftpClient('fonrisk');
  let offered: string | null = null;
  const verdict: { changed: HostKeyChangedError | null } = { changed: null };
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      ...(settings.authMethod === 'privateKey'
        ? {
            privateKey: settings.privateKey ?? '',
            ...(settings.passphrase ? { passphrase: settings.passphrase } : {}),
          }
        : { password: settings.password ?? '' }),
      readyTimeout: settings.timeoutSeconds * 1000,
      keepaliveInterval: Math.max(1000, Math.floor((settings.timeoutSeconds * 1000) / 3)),
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        offered = hostKeyFingerprint(key);
        if (settings.pinnedHostKey !== null && settings.pinnedHostKey !== offered) {
          verdict.changed = new HostKeyChangedError(settings.pinnedHostKey, offered);
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    throw verdict.changed ?? error;
  }
  return {
    hostKeyFingerprint: offered,
    async list(dir) {
      const entries = await client.list(dir);
      return entries.map((e) => ({ name: e.name, size: e.size, isFile: e.type === '-' }));
    },
    async download(path, to) {
      await client.get(path, to);
      await finished(to);
    },
    async upload(from, path) {
      await client.put(from, path);
    },
    async move(from, to) {
      const dir = posix.dirname(to);
      if ((await client.exists(dir)) === false) await client.mkdir(dir, true);
      await client.rename(from, to);
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

/** Connects and logs in; throws a RemoteFailure with the Turkish reason. */
export async function openRemoteSession(settings: RemoteSettings): Promise<RemoteSession> {
  try {
    return settings.protocol === 'sftp' ? await openSftp(settings) : await openFtp(settings);
  } catch (error) {
    throw classifyRemoteError(error, settings);
  }
}

/** Runs `step` and classifies its failure with the path it worked on. */
export async function remoteStep<T>(
  settings: Pick<RemoteSettings, 'host' | 'port'>,
  path: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw classifyRemoteError(error, { host: settings.host, port: settings.port, path });
  }
}

export type { RemoteFailure };
