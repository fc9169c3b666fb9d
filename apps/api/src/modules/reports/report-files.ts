import { createHash } from 'node:crypto';
import { and, eq, isStorageFull, reportFiles, type Executor } from '@fonrisk/db';
import { ReportGenerationError } from './reports.errors.ts';

/**
 * Report files in PostgreSQL (`report_files`, decision 0043): the worker that generates a report
 * may run on another machine than the API replica that serves the download, so the bytes live
 * where every process reaches them. They are written in the transaction that marks the report
 * done (a report is whole or absent) and go with the report (foreign key, on delete cascade).
 */
export interface ReportFileContent {
  readonly fileName: string;
  readonly data: Buffer;
}

/** PostgreSQL's disk_full (class 53 "insufficient resources"). */
export const PG_DISK_FULL = '53100';

export const DISK_FULL_REASON =
  'Disk dolu: rapor dosyaları veritabanına yazılamadı. Yer açıldıktan sonra raporu yeniden oluşturun.';

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` (or its cause chain) is PostgreSQL's disk_full or a file system's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (codeOf(e) === PG_DISK_FULL) return true;
  }
  return isStorageFull(error);
}

function safeName(fileName: string): string {
  if (!/^[\w.\-() ]+$/.test(fileName) || fileName.includes('..')) {
    throw new Error(`unsafe report file name ${fileName}`);
  }
  return fileName;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Replaces the report's files with `files` in the caller's transaction. A full disk (PostgreSQL
 * 53100 or ENOSPC) becomes the Turkish "Disk dolu" reason the report fails with.
 */
export async function writeReportFiles(
  tx: Executor,
  reportId: number,
  files: readonly ReportFileContent[],
): Promise<void> {
  try {
    await tx.delete(reportFiles).where(eq(reportFiles.reportId, reportId));
    for (const file of files) {
      await tx.insert(reportFiles).values({
        reportId,
        fileName: safeName(file.fileName),
        content: file.data,
        bytes: file.data.length,
        sha256: sha256(file.data),
      });
    }
  } catch (error) {
    if (isDiskFull(error)) throw new ReportGenerationError(DISK_FULL_REASON);
    throw error;
  }
}

/**
 * One stored file of a report (null when it has none: a report of an older version kept its
 * files on disk, decision 0043); its SHA-256 is checked so a damaged file is never served.
 */
export async function readReportFile(
  ex: Executor,
  reportId: number,
  fileName: string,
): Promise<Buffer | null> {
  const [row] = await ex
    .select({ content: reportFiles.content, sha256: reportFiles.sha256 })
    .from(reportFiles)
    .where(and(eq(reportFiles.reportId, reportId), eq(reportFiles.fileName, safeName(fileName))));
  if (!row) return null;
  if (sha256(row.content) !== row.sha256)
    throw new Error(`report ${String(reportId)} file ${fileName} is damaged (SHA-256)`);
  return row.content;
}
