import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageFullError, writeFileAtomic, type AtomicWriteFs } from '@fonrisk/db';
import { ReportGenerationError } from './reports.errors.ts';

/**
 * Report files under `<data dir>/reports/<report id>/`. A file is written with the shared
 * `writeFileAtomic` (temporary name in the same folder, fsync, rename), so a reader never sees
 * half a file and a full disk leaves nothing: the report fails with the Turkish reason.
 */
export interface ReportFiles {
  readonly dir: string;
  write(reportId: number, fileName: string, data: Buffer): Promise<void>;
  read(reportId: number, fileName: string): Promise<Buffer>;
  /** Removes every file of the report (and its folder). */
  remove(reportId: number): Promise<void>;
}

function safeName(fileName: string): string {
  if (!/^[\w.\-() ]+$/.test(fileName) || fileName.includes('..')) {
    throw new Error(`unsafe report file name ${fileName}`);
  }
  return fileName;
}

export function createReportFiles(
  dir: string,
  options: { readonly fs?: AtomicWriteFs } = {},
): ReportFiles {
  const folder = (id: number) => join(dir, String(id));
  return {
    dir,
    async write(reportId, fileName, data) {
      const target = join(folder(reportId), safeName(fileName));
      try {
        await mkdir(folder(reportId), { recursive: true });
        await writeFileAtomic(target, data, options.fs ? { fs: options.fs } : {});
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new ReportGenerationError(
          error instanceof StorageFullError
            ? `Disk dolu: rapor dosyası yazılamadı. ${error.message}`
            : `Rapor dosyası yazılamadı (${code ?? 'bilinmeyen hata'}).`,
        );
      }
    },
    async read(reportId, fileName) {
      return readFile(join(folder(reportId), safeName(fileName)));
    },
    async remove(reportId) {
      await rm(folder(reportId), { recursive: true, force: true });
    },
  };
}
