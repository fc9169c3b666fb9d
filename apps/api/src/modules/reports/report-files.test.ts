import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_FS, type AtomicWriteFs } from '@fonrisk/db';
import { createReportFiles } from './report-files.ts';
import { ReportGenerationError } from './reports.errors.ts';

/** A file system whose writes fail as a full disk does (issue 14: disk full on report generation). */
const FULL_DISK: AtomicWriteFs = {
  ...NODE_FS,
  async open(path, flags, mode) {
    const handle = await NODE_FS.open(path, flags, mode);
    return {
      ...handle,
      write: () => Promise.reject(Object.assign(new Error('ENOSPC: no space'), { code: 'ENOSPC' })),
    };
  },
};

describe('report files', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes, reads and removes a report’s files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fonrisk-report-files-'));
    const files = createReportFiles(dir);
    await files.write(7, 'Rapor_AAK.pdf', Buffer.from('%PDF-1.7 rapor'));
    expect((await files.read(7, 'Rapor_AAK.pdf')).toString()).toBe('%PDF-1.7 rapor');
    await files.remove(7);
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails the report with a Turkish reason on a full disk and leaves no file behind', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fonrisk-report-files-'));
    const files = createReportFiles(dir, { fs: FULL_DISK });
    const failure = files.write(8, 'Rapor_AAK.pdf', Buffer.from('%PDF-1.7 rapor'));
    await expect(failure).rejects.toBeInstanceOf(ReportGenerationError);
    await expect(failure).rejects.toThrow(/^Disk dolu: rapor dosyası yazılamadı\. Diskte yer/);
    expect(await readdir(join(dir, '8')), 'no half file, no temporary file').toEqual([]);
  });

  it('refuses a file name that would leave the report’s folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fonrisk-report-files-'));
    await expect(createReportFiles(dir).read(9, '../x.pdf')).rejects.toThrow(/unsafe/);
  });
});
