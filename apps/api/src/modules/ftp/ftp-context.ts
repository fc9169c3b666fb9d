import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fonrisk/db';
import type { ImportsService } from '../data-imports/imports.service.ts';
import type { SecretBox } from './ftp-secrets.ts';

export interface FtpServiceOptions {
  readonly secrets: SecretBox;
  readonly imports: ImportsService;
  /** Wait before the first retry (2 s); doubled before each further one. */
  readonly retryBaseMs?: number;
  /** Where downloads are spooled while their checksum is computed (the OS temp folder). */
  readonly tempDir?: string;
  readonly log?: (message: string, error?: unknown) => void;
}

/** What the parts of the FTP service share: the database and the options with their defaults. */
export interface FtpContext {
  readonly db: Database;
  readonly secrets: SecretBox;
  readonly imports: ImportsService;
  readonly retryBaseMs: number;
  readonly tempDir: string;
  readonly log: (message: string, error?: unknown) => void;
}

export function ftpContext(db: Database, options: FtpServiceOptions): FtpContext {
  return {
    db,
    secrets: options.secrets,
    imports: options.imports,
    retryBaseMs: options.retryBaseMs ?? 2000,
    tempDir: options.tempDir ?? join(tmpdir(), 'fonrisk-ftp'),
    log: options.log ?? (() => undefined),
  };
}
