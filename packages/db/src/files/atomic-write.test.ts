import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isStorageFull,
  NODE_FS,
  StorageFullError,
  writeFileAtomic,
  type AtomicWriteFs,
} from './atomic-write.ts';

/** A real file system whose writes fail with `code` once `limit` bytes were written. */
function fullDisk(limit: number, code = 'ENOSPC'): AtomicWriteFs {
  let written = 0;
  return {
    ...NODE_FS,
    async open(path, flags, mode) {
      const handle = await NODE_FS.open(path, flags, mode);
      return {
        ...handle,
        async write(data) {
          if (written + data.byteLength > limit)
            throw Object.assign(new Error(`${code}: no space left on device, write`), { code });
          written += data.byteLength;
          return handle.write(data);
        },
      };
    },
  };
}

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fonrisk-atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes text, bytes and streams whole, leaving no temporary file', async () => {
    await writeFileAtomic(join(dir, 'a.txt'), 'çığ');
    await writeFileAtomic(join(dir, 'b.bin'), new Uint8Array([1, 2, 3]));
    await writeFileAtomic(join(dir, 'c.csv'), Readable.from(['x;y\n', Buffer.from('1;2\n')]));
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('çığ');
    expect([...(await readFile(join(dir, 'b.bin')))]).toEqual([1, 2, 3]);
    expect(await readFile(join(dir, 'c.csv'), 'utf8')).toBe('x;y\n1;2\n');
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.bin', 'c.csv']);
  });

  it('a full disk mid-stream leaves the previous file intact and says so in Turkish', async () => {
    const target = join(dir, 'rapor.xlsx');
    await writeFile(target, 'eski rapor');
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 65));
    const failure = writeFileAtomic(target, Readable.from(chunks), { fs: fullDisk(4096) });
    await expect(failure).rejects.toBeInstanceOf(StorageFullError);
    await expect(failure).rejects.toThrow(
      'Diskte yer kalmadı: "rapor.xlsx" dosyası yazılamadı. Yer açıldıktan sonra işlemi tekrarlayın.',
    );
    expect(await readFile(target, 'utf8'), 'the old file is untouched').toBe('eski rapor');
    expect(await readdir(dir), 'the temporary file is removed').toEqual(['rapor.xlsx']);
  });

  it('a full quota (EDQUOT) is named as such and no new file appears', async () => {
    const target = join(dir, 'yedek.fonrisk');
    const error = await writeFileAtomic(target, 'x'.repeat(100), { fs: fullDisk(10, 'EDQUOT') })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as StorageFullError).code).toBe('EDQUOT');
    expect((error as Error).message).toMatch(/^Disk kotası doldu: "yedek.fonrisk"/);
    expect(isStorageFull(new Error('sarılı', { cause: error }))).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a failing rename (or any other error) is rethrown as it is and cleans up', async () => {
    const target = join(dir, 'x.txt');
    const failingRename: AtomicWriteFs = {
      ...NODE_FS,
      rename: () => Promise.reject(Object.assign(new Error('EACCES: denied'), { code: 'EACCES' })),
    };
    const error = await writeFileAtomic(target, 'veri', { fs: failingRename }).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(StorageFullError);
    expect(isStorageFull(error)).toBe(false);
    expect((error as Error).message).toBe('EACCES: denied');
    expect(await readdir(dir)).toEqual([]);
  });

  it('sets the requested mode on the new file', async () => {
    const target = join(dir, 'anahtar');
    await writeFileAtomic(target, 'gizli', { mode: 0o600 });
    const { stat } = await import('node:fs/promises');
    expect((await stat(target)).mode & 0o777).toBe(0o600);
  });
});
