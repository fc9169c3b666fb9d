import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ReportGenerationError } from './reports.errors.ts';

/**
 * Report files under `<data dir>/reports/<report id>/`. A file is written to a temporary name in
 * the same folder and renamed, so a reader never sees half a file and a full disk leaves nothing.
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

export function createReportFiles(dir: string): ReportFiles {
  const folder = (id: number) => join(dir, String(id));
  return {
    dir,
    async write(reportId, fileName, data) {
      const target = join(folder(reportId), safeName(fileName));
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await mkdir(folder(reportId), { recursive: true });
        await writeFile(temp, data);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        const code = (error as NodeJS.ErrnoException).code;
        throw new ReportGenerationError(
          code === 'ENOSPC' || code === 'EDQUOT'
            ? 'Disk dolu: rapor dosyası yazılamadı. Yer açıp raporu yeniden oluşturun.'
            : `Rapor dosyası yazılamadı (${code ?? 'bilinmeyen hata'}).`,
        );
      }
    },
    read(reportId, fileName) {
      return readFile(join(folder(reportId), safeName(fileName)));
    },
    async remove(reportId) {
      await rm(folder(reportId), { recursive: true, force: true });
    },
  };
}
