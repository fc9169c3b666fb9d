import { FTPError } from 'basic-ftp';
import type { FtpTestFailureReason } from '@fonrisk/contracts';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../shared/domain-errors.ts';

export class ConnectionNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı FTP bağlantısı bulunamadı.`);
  }
}

export class RuleNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı dosya kuralı bulunamadı.`);
  }
}

export class TransferFileNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı aktarımın saklanan dosyası yok.`);
  }
}

export class ConnectionNameTakenError extends ConflictError {
  constructor(name: string) {
    super(`'${name}' adında bir bağlantı zaten var.`);
  }
}

export class RulePatternTakenError extends ConflictError {
  constructor(pattern: string) {
    super(`Bu bağlantıda '${pattern}' kalıbı zaten tanımlı.`);
  }
}

export class PullInProgressError extends ConflictError {
  constructor(name: string) {
    super(`'${name}' bağlantısından şu anda zaten dosya çekiliyor. Bitmesini bekleyin.`);
  }
}

/** A connection whose settings cannot work (e.g. no password stored). */
export class ConnectionSettingsError extends InvalidInputError {
  constructor(field: string, message: string) {
    super(`Bağlantı ayarları eksik: ${message}.`, [{ field, message }]);
  }
}

/**
 * A stored folder or a file name that would take a transfer out of its folder (issue 21):
 * refused before any connection is opened.
 */
export class UnsafeRemotePathError extends InvalidInputError {
  constructor(field: string, label: string, value: string, problem: string) {
    super(`${label} '${value}' kullanılamaz: ${problem}. Hiçbir dosya aktarılmadı.`, [
      { field, message: problem },
    ]);
  }
}

/** A push or upload the remote server refused or could not take (after the retries). */
export class RemoteTransferError extends ServiceUnavailableError {
  constructor(readonly failure: RemoteFailure) {
    super(failure.message);
  }
}

/**
 * A failure of the remote side, classified for the user: `reason` names what failed, `message`
 * says it in Turkish, `retryable` marks network errors worth another attempt.
 */
export class RemoteFailure extends Error {
  constructor(
    readonly reason: FtpTestFailureReason,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'RemoteFailure';
  }
}

/** Thrown by the SFTP host-key check when the key differs from the pinned one. */
export class HostKeyChangedError extends RemoteFailure {
  constructor(pinned: string, offered: string) {
    super(
      'hostKeyChanged',
      `Sunucunun anahtar parmak izi değişti (kayıtlı: ${pinned}, gelen: ${offered}). ` +
        'Sunucu gerçekten değiştiyse yöneticinizle doğrulayıp kayıtlı parmak izini sıfırlayın; ' +
        'aksi halde bağlantı bir saldırıya işaret edebilir.',
      false,
    );
  }
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

export interface FailureContext {
  readonly host: string;
  readonly port: number;
  /** The remote folder or file the failing step worked on. */
  readonly path?: string | undefined;
}

function codeOf(error: unknown): string | number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}

/**
 * Turns an error of basic-ftp, ssh2, ssh2-sftp-client or the socket layer into a RemoteFailure
 * with a Turkish message. Never includes the connection's secrets (the libraries' messages do
 * not carry them; the caller passes only host, port and path).
 */
export function classifyRemoteError(error: unknown, ctx: FailureContext): RemoteFailure {
  if (error instanceof RemoteFailure) return error;
  const code = codeOf(error);
  const text = error instanceof Error ? error.message : String(error);
  const where = `${ctx.host}:${ctx.port}`;
  const path = ctx.path ?? '';
  if (
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    /address lookup failed|getaddrinfo/i.test(text)
  ) {
    return new RemoteFailure(
      'dns',
      `Sunucu adı çözülemedi (DNS): '${ctx.host}'. Adı ve ağ/DNS ayarlarını denetleyin.`,
      code === 'EAI_AGAIN',
    );
  }
  if (code === 'ECONNREFUSED' || /refused connection|ECONNREFUSED/i.test(text)) {
    return new RemoteFailure(
      'refused',
      `Sunucu bağlantıyı reddetti (${where}). Adres, port ve sunucunun çalıştığını denetleyin.`,
      true,
    );
  }
  if (
    (typeof code === 'string' && TLS_CODES.has(code)) ||
    /certificate|self[- ]signed|altnames/i.test(text)
  ) {
    return new RemoteFailure(
      'tlsCertificate',
      `Sunucunun TLS sertifikası doğrulanamadı (${where}): ${text}. Sertifika güvenilir bir ` +
        'kuruluşça imzalanmamışsa kuruluşun (veya sunucunun) sertifikasını bağlantıya ekleyin.',
      false,
    );
  }
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || /timeout|timed out/i.test(text)) {
    return new RemoteFailure(
      'timeout',
      `Sunucu zamanında yanıt vermedi (${where}). Ağ bağlantısını, güvenlik duvarını ve zaman aşımı süresini denetleyin.`,
      true,
    );
  }
  if (/parse privateKey|private key|passphrase/i.test(text)) {
    return new RemoteFailure(
      'login',
      'Özel anahtar okunamadı: anahtarın biçimi ya da anahtar parolası yanlış.',
      false,
    );
  }
  if (
    (error instanceof FTPError && error.code === 530) ||
    /authentication methods failed|authentication failed|login incorrect|not logged in/i.test(text)
  ) {
    return new RemoteFailure(
      'login',
      `Oturum açılamadı (${where}): kullanıcı adı, parola veya anahtar kabul edilmedi.`,
      false,
    );
  }
  if (
    code === 3 ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    (error instanceof FTPError && error.code === 553) ||
    /permission denied|access denied|EACCES|not permitted/i.test(text)
  ) {
    return new RemoteFailure(
      'noPermission',
      `Yetki yok: '${path}' için sunucu izin vermedi (${where}).`,
      false,
    );
  }
  if (
    code === 2 ||
    code === 'ENOENT' ||
    (error instanceof FTPError && error.code === 550) ||
    /no such file|not found|ENOENT|does not exist/i.test(text)
  ) {
    return new RemoteFailure(
      'folderMissing',
      `Sunucuda bulunamadı: '${path}' (${where}). Klasör adını denetleyin.`,
      false,
    );
  }
  if (
    (typeof code === 'string' && NETWORK_CODES.has(code)) ||
    /reset|closed|ended|unexpected (end|close)|socket|no response|not connected|no sftp connection|premature/i.test(
      text,
    )
  ) {
    return new RemoteFailure(
      'network',
      `Aktarım sırasında bağlantı koptu (${where}). Ağ ya da sunucu kesintisi.`,
      true,
    );
  }
  return new RemoteFailure('other', `Sunucu hatası (${where}): ${text}`, false);
}
