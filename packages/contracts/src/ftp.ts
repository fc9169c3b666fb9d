import { z } from 'zod';
import { IMPORT_KINDS, type ImportKind } from './import-columns.ts';

/**
 * File delivery over FTP, FTPS and SFTP (issue 16): connections (`ftp-settings`), file rules,
 * pulls into the imports, pushes to the outbound folder and the transfer log (`ftp-uploader`).
 * Each parameter's name, unit and default is defined here once.
 */

export const FtpProtocol = {
  Ftp: 'ftp',
  FtpsExplicit: 'ftps-explicit',
  FtpsImplicit: 'ftps-implicit',
  Sftp: 'sftp',
} as const;
export type FtpProtocol = (typeof FtpProtocol)[keyof typeof FtpProtocol];
export const FTP_PROTOCOLS = Object.values(FtpProtocol);
export const FTP_PROTOCOL_LABELS: Readonly<Record<FtpProtocol, string>> = {
  ftp: 'FTP',
  'ftps-explicit': 'FTPS (açık, AUTH TLS)',
  'ftps-implicit': 'FTPS (örtük, TLS ile başlar)',
  sftp: 'SFTP (SSH)',
};
/** The usual port of each protocol, proposed when the protocol is chosen. */
export const FTP_DEFAULT_PORTS: Readonly<Record<FtpProtocol, number>> = {
  ftp: 21,
  'ftps-explicit': 21,
  'ftps-implicit': 990,
  sftp: 22,
};

export const FtpAuthMethod = { Password: 'password', PrivateKey: 'privateKey' } as const;
export type FtpAuthMethod = (typeof FtpAuthMethod)[keyof typeof FtpAuthMethod];
export const FTP_AUTH_METHOD_LABELS: Readonly<Record<FtpAuthMethod, string>> = {
  password: 'Parola',
  privateKey: 'Özel anahtar (yalnız SFTP)',
};

/** FTP data connections are passive (the client connects); EPSV or PASV can be forced. */
export const FtpPassiveMode = { Auto: 'auto', Pasv: 'pasv', Epsv: 'epsv' } as const;
export type FtpPassiveMode = (typeof FtpPassiveMode)[keyof typeof FtpPassiveMode];
export const FTP_PASSIVE_MODE_LABELS: Readonly<Record<FtpPassiveMode, string>> = {
  auto: 'Pasif (önce EPSV, olmazsa PASV)',
  pasv: 'Pasif, yalnız PASV (IPv4)',
  epsv: 'Pasif, yalnız EPSV',
};

/** Defaults of a new connection. */
export const FTP_DEFAULTS = {
  /** Seconds to wait for connecting and for each reply or data chunk. */
  timeoutSeconds: 30,
  /** Further attempts after a network error (waits 2 s, 4 s, 8 s... between them). */
  retries: 3,
  inboundDir: '/',
  outboundDir: '/',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** NUL, the C0 control characters and DEL: never part of a remote path. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Why a remote folder cannot be used, in Turkish, or null (issue 21). A folder is absolute
 * (from the server's root) or relative (to the login folder); either way a transfer stays in
 * it: no "..", so nothing climbs out of the configured root, no backslash (a Windows server
 * reads it as a separator), no NUL or control character.
 */
export function remoteFolderProblem(folder: string): string | null {
  if (CONTROL_CHARACTERS.test(folder)) return 'NUL veya denetim karakteri içeremez';
  if (folder.includes('\\')) return 'ters eğik çizgi (\\) içeremez; klasörleri / ile ayırın';
  if (folder.split('/').includes('..'))
    return '".." (üst klasör) içeremez; yol yapılandırılan klasörün dışına çıkamaz';
  return null;
}

/**
 * The folder as the server is asked for it: repeated and trailing slashes and "." parts
 * removed ('/out//gunluk/./' -> '/out/gunluk', './' -> '.'). Only for a folder without a
 * `remoteFolderProblem`.
 */
export function normaliseRemoteFolder(folder: string): string {
  const absolute = folder.startsWith('/');
  const parts = folder.split('/').filter((p) => p !== '' && p !== '.');
  if (absolute) return `/${parts.join('/')}`;
  return parts.length === 0 ? '.' : parts.join('/');
}

/** Why a remote file name cannot be used (it must be a plain name in its folder), or null. */
export function remoteFileNameProblem(name: string): string | null {
  if (name === '' || name === '.' || name === '..') return 'geçerli bir dosya adı gerekli';
  if (name.includes('/')) return 'klasör içeremez; yalnız dosya adı';
  return remoteFolderProblem(name);
}

/** A file's path in a remote folder (both checked beforehand). */
export function remoteFilePath(folder: string, name: string): string {
  const dir = normaliseRemoteFolder(folder);
  if (dir === '.') return name;
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

const FolderSchema = z
  .string()
  .trim()
  .min(1, 'klasör gerekli')
  .max(500, 'en fazla 500 karakter')
  .superRefine((v, ctx) => {
    const problem = remoteFolderProblem(v);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseRemoteFolder);

/** A secret in a request: a new value, `null` to clear it, absent to keep the stored one. */
const SecretSchema = z.string().min(1, 'boş olamaz').max(20_000, 'çok uzun').nullable().optional();

const ConnectionFields = {
  name: z.string().trim().min(1, 'ad gerekli').max(100, 'en fazla 100 karakter'),
  protocol: z.enum(FTP_PROTOCOLS as [FtpProtocol, ...FtpProtocol[]], {
    error: 'FTP, FTPS veya SFTP olmalı',
  }),
  host: z
    .string()
    .trim()
    .min(1, 'sunucu adı gerekli')
    .max(255, 'en fazla 255 karakter')
    .regex(/^[A-Za-z0-9.:\-_[\]]+$/, 'sunucu adı veya IP adresi olmalı'),
  port: z.number({ error: 'sayı olmalı' }).int('tam sayı olmalı').min(1).max(65535),
  username: z.string().trim().min(1, 'kullanıcı adı gerekli').max(200, 'en fazla 200 karakter'),
  authMethod: z.enum([FtpAuthMethod.Password, FtpAuthMethod.PrivateKey], {
    error: 'parola veya özel anahtar olmalı',
  }),
  tlsCaCertificate: z
    .string()
    .trim()
    .max(20_000, 'çok uzun')
    .refine((v) => v === '' || v.includes('-----BEGIN CERTIFICATE-----'), 'PEM sertifikası olmalı')
    .nullable()
    .default(null),
  inboundDir: FolderSchema.default(FTP_DEFAULTS.inboundDir),
  outboundDir: FolderSchema.default(FTP_DEFAULTS.outboundDir),
  processedDir: FolderSchema.nullable().default(null),
  passiveMode: z
    .enum([FtpPassiveMode.Auto, FtpPassiveMode.Pasv, FtpPassiveMode.Epsv], {
      error: 'auto, pasv veya epsv olmalı',
    })
    .default(FtpPassiveMode.Auto),
  timeoutSeconds: z
    .number({ error: 'sayı olmalı' })
    .int('tam sayı olmalı')
    .min(1, 'en az 1 saniye')
    .max(600, 'en fazla 600 saniye')
    .default(FTP_DEFAULTS.timeoutSeconds),
  retries: z
    .number({ error: 'sayı olmalı' })
    .int('tam sayı olmalı')
    .min(0, 'en az 0')
    .max(10, 'en fazla 10')
    .default(FTP_DEFAULTS.retries),
  scheduleTime: z.string().regex(HHMM, 'SS:DD biçiminde olmalı').nullable().default(null),
};

/** POST ftp/connections and PUT ftp/connections/{id}. */
export const FtpConnectionRequestSchema = z
  .object({
    ...ConnectionFields,
    password: SecretSchema,
    privateKey: SecretSchema,
    passphrase: SecretSchema,
  })
  .superRefine((v, ctx) => {
    if (v.authMethod === 'privateKey' && v.protocol !== 'sftp') {
      ctx.addIssue({
        code: 'custom',
        path: ['authMethod'],
        message: 'özel anahtar yalnız SFTP ile kullanılabilir',
      });
    }
    if (v.tlsCaCertificate !== null && v.tlsCaCertificate !== '' && v.protocol === 'ftp') {
      ctx.addIssue({
        code: 'custom',
        path: ['tlsCaCertificate'],
        message: 'sertifika yalnız FTPS ile kullanılır',
      });
    }
  });
export type FtpConnectionRequest = z.input<typeof FtpConnectionRequestSchema>;
export type FtpConnectionInput = z.output<typeof FtpConnectionRequestSchema>;

/** A connection as the API returns it: secrets only as set / not set. */
export const FtpConnectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: ConnectionFields.protocol,
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  authMethod: ConnectionFields.authMethod,
  passwordSet: z.boolean(),
  privateKeySet: z.boolean(),
  passphraseSet: z.boolean(),
  hostKeyFingerprint: z.string().nullable(),
  hostKeyPinnedAt: z.string().nullable(),
  tlsCaCertificate: z.string().nullable(),
  inboundDir: z.string(),
  outboundDir: z.string(),
  processedDir: z.string().nullable(),
  passiveMode: ConnectionFields.passiveMode,
  timeoutSeconds: z.number().int(),
  retries: z.number().int(),
  scheduleTime: z.string().nullable(),
  /** The latest scheduled pull, when it failed (shown on screen until a later one succeeds). */
  lastScheduledFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type FtpConnection = z.infer<typeof FtpConnectionSchema>;

/** POST ftp/connections/{id}/test */
export const FtpTestStepSchema = z.object({
  label: z.string(),
  ok: z.boolean(),
  detail: z.string().nullable(),
});
export const FtpTestFailureReason = {
  Dns: 'dns',
  Refused: 'refused',
  Timeout: 'timeout',
  Login: 'login',
  TlsCertificate: 'tlsCertificate',
  HostKeyChanged: 'hostKeyChanged',
  FolderMissing: 'folderMissing',
  NoPermission: 'noPermission',
  Network: 'network',
  Other: 'other',
} as const;
export type FtpTestFailureReason = (typeof FtpTestFailureReason)[keyof typeof FtpTestFailureReason];
export const FtpTestResultSchema = z.object({
  ok: z.boolean(),
  /** Turkish summary: what worked or what failed. */
  message: z.string(),
  reason: z
    .enum(Object.values(FtpTestFailureReason) as [FtpTestFailureReason, ...FtpTestFailureReason[]])
    .nullable(),
  steps: z.array(FtpTestStepSchema),
  hostKeyFingerprint: z.string().nullable(),
  /** True when this test pinned the host key (first successful SFTP connection). */
  hostKeyPinned: z.boolean(),
  durationMs: z.number().int(),
});
export type FtpTestResult = z.infer<typeof FtpTestResultSchema>;

/** What a file rule's pulled file is imported as. Cash flows have no import kind yet. */
export const FtpRuleKindSchema = z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]], {
  error: 'geçerli bir dosya türü değil',
});

/** Date tokens a file-name pattern may hold; `*` matches any run of characters. */
export const FTP_PATTERN_TOKENS = ['{YYYYMMDD}', '{DDMMYYYY}', '{YYYY-MM-DD}', '{DD.MM.YYYY}'];

export const FtpFileRuleRequestSchema = z.object({
  connectionId: z.number().int().positive(),
  pattern: z
    .string()
    .trim()
    .min(1, 'dosya adı kalıbı gerekli')
    .max(200, 'en fazla 200 karakter')
    .refine((v) => !/[/\\]/.test(v), 'klasör içeremez; yalnız dosya adı'),
  kind: FtpRuleKindSchema,
  replaceExisting: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type FtpFileRuleRequest = z.input<typeof FtpFileRuleRequestSchema>;
export const FtpFileRuleSchema = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  pattern: z.string(),
  kind: FtpRuleKindSchema,
  replaceExisting: z.boolean(),
  enabled: z.boolean(),
});
export type FtpFileRule = z.infer<typeof FtpFileRuleSchema>;

export const FtpTransferResult = {
  Imported: 'imported',
  Skipped: 'skipped',
  Rejected: 'rejected',
  Failed: 'failed',
  Pushed: 'pushed',
} as const;
export type FtpTransferResult = (typeof FtpTransferResult)[keyof typeof FtpTransferResult];
export const FTP_TRANSFER_RESULT_LABELS: Readonly<Record<FtpTransferResult, string>> = {
  imported: 'Yüklendi',
  skipped: 'Atlandı',
  rejected: 'Reddedildi',
  failed: 'Başarısız',
  pushed: 'Gönderildi',
};

export const FtpRowErrorSchema = z.object({
  row: z.number().int().optional(),
  field: z.string(),
  value: z.string().optional(),
  message: z.string(),
});

export const FtpTransferSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  connectionId: z.number().int().nullable(),
  connectionName: z.string(),
  direction: z.enum(['pull', 'push']),
  fileName: z.string().nullable(),
  remotePath: z.string().nullable(),
  kind: FtpRuleKindSchema.nullable(),
  fileDate: z.string().nullable(),
  size: z.number().int().nullable(),
  checksum: z.string().nullable(),
  result: z.enum(Object.values(FtpTransferResult) as [FtpTransferResult, ...FtpTransferResult[]]),
  rowsImported: z.number().int().nullable(),
  durationMs: z.number().int(),
  attempts: z.number().int(),
  trigger: z.enum(['user', 'schedule']),
  actorName: z.string().nullable(),
  message: z.string().nullable(),
  errors: z.array(FtpRowErrorSchema).nullable(),
  /** The rejected file is kept and can be downloaded. */
  fileKept: z.boolean(),
});
export type FtpTransfer = z.infer<typeof FtpTransferSchema>;

/** GET ftp/transfers?connectionId=&limit= */
export const FtpTransferQuerySchema = z.object({
  connectionId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** POST ftp/connections/{id}/pull: the transfers this pull wrote. */
export const FtpPullResponseSchema = z.object({
  transfers: z.array(FtpTransferSchema),
  /** Turkish summary (e.g. '2 dosya yüklendi, 1 dosya atlandı'). */
  message: z.string(),
});
export type FtpPullResponse = z.infer<typeof FtpPullResponseSchema>;
