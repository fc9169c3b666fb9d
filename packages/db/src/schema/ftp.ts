import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * File-delivery connections (issue 16). Secrets are stored only as AES-256-GCM envelopes
 * (`v1:<base64 iv|tag|ciphertext>`, apps/api/src/modules/ftp/ftp-secrets.ts); the key is never
 * in the database.
 */
export const ftpConnections = pgTable(
  'ftp_connections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ftp | ftps-explicit | ftps-implicit | sftp */
    protocol: text('protocol').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull(),
    /** password | privateKey (privateKey only for sftp) */
    authMethod: text('auth_method').notNull(),
    passwordEnc: text('password_enc'),
    privateKeyEnc: text('private_key_enc'),
    passphraseEnc: text('passphrase_enc'),
    /** `SHA256:<base64>` of the server's host key, pinned on the first successful connection. */
    hostKeyFingerprint: text('host_key_fingerprint'),
    hostKeyPinnedAt: timestamp('host_key_pinned_at', { withTimezone: true }),
    /** PEM of the CA (or the server certificate itself) trusted for FTPS besides the system CAs. */
    tlsCaCertificate: text('tls_ca_certificate'),
    inboundDir: text('inbound_dir').notNull(),
    outboundDir: text('outbound_dir').notNull(),
    /** Where pulled files are moved after a successful import; null leaves them in place. */
    processedDir: text('processed_dir'),
    /** auto | pasv | epsv (FTP data connections are always passive). */
    passiveMode: text('passive_mode').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    retries: integer('retries').notNull(),
    /** HH:MM in Europe/Istanbul, Monday to Friday; null: no scheduled pull. */
    scheduleTime: text('schedule_time'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ftp_connections_name_idx').on(t.name),
    check(
      'ftp_connections_protocol_check',
      sql`${t.protocol} IN ('ftp', 'ftps-explicit', 'ftps-implicit', 'sftp')`,
    ),
  ],
);

/** Which remote files a pull takes and what the import makes of them. */
export const ftpFileRules = pgTable(
  'ftp_file_rules',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ftpConnections.id, { onDelete: 'cascade' }),
    /** e.g. `PORTFOY_{YYYYMMDD}.xlsx` */
    pattern: text('pattern').notNull(),
    /** An import kind (holdings, prices, fxRates, instruments). */
    kind: text('kind').notNull(),
    /** Holdings: replace portfolio dates already loaded (the upload screen's confirmation). */
    replaceExisting: boolean('replace_existing').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ftp_file_rules_pattern_idx').on(t.connectionId, t.pattern)],
);

/** The transfer log: one row per file pulled, skipped, rejected, failed or pushed. */
export const ftpTransfers = pgTable(
  'ftp_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the log outlives a deleted connection (its name is kept). */
    connectionId: integer('connection_id'),
    connectionName: text('connection_name').notNull(),
    /** One id per pull or push run: the files of one scheduled pull are judged together. */
    batchId: text('batch_id').notNull(),
    ruleId: integer('rule_id'),
    /** pull | push */
    direction: text('direction').notNull(),
    fileName: text('file_name'),
    remotePath: text('remote_path'),
    kind: text('kind'),
    /** Date read from the file name by the rule's pattern. */
    fileDate: text('file_date'),
    size: bigint('size', { mode: 'number' }),
    /** SHA-256, hex */
    checksum: text('checksum'),
    /** imported | skipped | rejected | failed | pushed */
    result: text('result').notNull(),
    rowsImported: integer('rows_imported'),
    durationMs: integer('duration_ms').notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** user | schedule */
    trigger: text('trigger').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    /** Turkish reason of a failure, rejection or skip. */
    message: text('message'),
    /** Row errors of a rejected file, as the upload screen shows them. */
    errors: jsonb('errors'),
  },
  (t) => [
    index('ftp_transfers_connection_idx').on(t.connectionId, t.startedAt),
    index('ftp_transfers_checksum_idx').on(t.fileName, t.checksum),
  ],
);

/** The bytes of rejected files, kept so that the user can download and fix them. */
export const ftpTransferFiles = pgTable('ftp_transfer_files', {
  transferId: bigint('transfer_id', { mode: 'number' })
    .primaryKey()
    .references(() => ftpTransfers.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

export type FtpConnectionRow = typeof ftpConnections.$inferSelect;
export type NewFtpConnectionRow = typeof ftpConnections.$inferInsert;
export type FtpFileRuleRow = typeof ftpFileRules.$inferSelect;
export type FtpTransferRow = typeof ftpTransfers.$inferSelect;
export type NewFtpTransferRow = typeof ftpTransfers.$inferInsert;
