import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageFullError, eq, reportFiles, reports } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import {
  DISK_FULL_REASON,
  PG_DISK_FULL,
  isDiskFull,
  readReportFile,
  writeReportFiles,
} from './report-files.ts';
import { ReportGenerationError } from './reports.errors.ts';

describe('report files in PostgreSQL (decision 0043)', () => {
  let database: TestDatabase;
  let reportId = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await database.db
      .insert(reports)
      .values({
        ownerName: 'Test',
        title: 'Dosya testi',
        module: 1,
        templateName: 'Test',
        templateSnapshot: {},
        portfolioCodes: ['AAK'],
      })
      .returning({ id: reports.id });
    reportId = row!.id;
  }, 120_000);
  afterAll(() => database.drop());

  it('stores, reads and replaces a report’s files with their size and SHA-256', async () => {
    const { db } = database;
    await db.transaction((tx) =>
      writeReportFiles(tx, reportId, [
        { fileName: 'Rapor_1.pdf', data: Buffer.from('%PDF-1.7 ilk') },
        { fileName: 'Rapor_1.xlsx', data: Buffer.from('PK xlsx') },
      ]),
    );
    expect((await readReportFile(db, reportId, 'Rapor_1.pdf'))?.toString()).toBe('%PDF-1.7 ilk');
    await db.transaction((tx) =>
      writeReportFiles(tx, reportId, [{ fileName: 'Rapor_1.pdf', data: Buffer.from('%PDF yeni') }]),
    );
    const rows = await db.select().from(reportFiles).where(eq(reportFiles.reportId, reportId));
    expect(rows.map((r) => [r.fileName, r.bytes])).toEqual([['Rapor_1.pdf', 9]]);
    expect(rows[0]!.sha256).toBe(createHash('sha256').update('%PDF yeni').digest('hex'));
    expect(await readReportFile(db, reportId, 'Rapor_1.xlsx'), 'replaced files are gone').toBe(
      null,
    );
  });

  it('never serves a damaged file', async () => {
    const { db } = database;
    await db
      .update(reportFiles)
      .set({ content: Buffer.from('%PDF bozuk') })
      .where(eq(reportFiles.reportId, reportId));
    await expect(readReportFile(db, reportId, 'Rapor_1.pdf')).rejects.toThrow(/damaged/);
  });

  it('refuses a file name that is not a plain name', async () => {
    await expect(readReportFile(database.db, reportId, '../x.pdf')).rejects.toThrow(/unsafe/);
  });

  it('recognises a full disk: PostgreSQL 53100 (also wrapped) and the file system’s ENOSPC', () => {
    const pg = Object.assign(new Error('could not extend file'), { code: PG_DISK_FULL });
    expect(isDiskFull(pg)).toBe(true);
    expect(isDiskFull(new Error('Failed query', { cause: pg }))).toBe(true);
    expect(isDiskFull(new StorageFullError('/tmp/x.pdf', 'ENOSPC'))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
  });

  it('turns a full disk at the write into the Turkish "Disk dolu" reason', async () => {
    const full = {
      delete: () => ({ where: () => Promise.resolve() }),
      insert: () => ({
        values: () =>
          Promise.reject(Object.assign(new Error('No space left on device'), { code: 'ENOSPC' })),
      }),
    } as unknown as Parameters<typeof writeReportFiles>[0];
    const failure = writeReportFiles(full, reportId, [
      { fileName: 'Rapor_2.pdf', data: Buffer.from('%PDF') },
    ]);
    await expect(failure).rejects.toBeInstanceOf(ReportGenerationError);
    await expect(failure).rejects.toThrow(DISK_FULL_REASON);
  });
});
