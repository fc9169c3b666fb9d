import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Every file the server side leaves for a user or an operator (exports, backups, reports) is
 * written through `writeFileAtomic`: the bytes go to a temporary file in the same folder, are
 * flushed to disk, and only then renamed over the target. A reader therefore sees the old file or
 * the whole new one, never a truncated one, and a failure (disk full, quota, crash) removes the
 * temporary file and leaves the target as it was. Disk-full and quota errors become a
 * `StorageFullError` with a Turkish reason that a run or a request can show as it is
 * (decision 0039).
 */

/** The file operations `writeFileAtomic` uses; tests inject a failing one. */
export interface AtomicWriteFs {
  open(
    path: string,
    flags: string,
    mode?: number,
  ): Promise<{
    write(data: Uint8Array): Promise<unknown>;
    sync(): Promise<void>;
    close(): Promise<void>;
  }>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: boolean }): Promise<void>;
}

export const NODE_FS: AtomicWriteFs = {
  async open(path, flags, mode) {
    const handle = await open(path, flags, mode);
    return {
      // writeFile writes the whole buffer from the current position (no short writes).
      write: (data) => handle.writeFile(data),
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  rename,
  rm,
};

/** What can be written: text, bytes, or a stream of byte chunks (a Readable is one). */
export type FileContent = string | Uint8Array | AsyncIterable<Uint8Array | string>;

export interface AtomicWriteOptions {
  /** File mode of the new file (0o600 for backups and keys). */
  readonly mode?: number;
  readonly fs?: AtomicWriteFs;
}

/** The error codes of a full disk (ENOSPC) or an exhausted quota (EDQUOT). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** A file could not be written because the disk or the user's quota is full. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(
    /** The file that was being written. */
    readonly path: string,
    /** ENOSPC or EDQUOT. */
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(storageFullReason(path, code), options);
  }
}

/** The Turkish reason shown for a disk-full (ENOSPC) or quota (EDQUOT) failure on `path`. */
export function storageFullReason(path: string, code: string): string {
  const where = `"${basename(path)}" dosyası yazılamadı`;
  return code === 'EDQUOT'
    ? `Disk kotası doldu: ${where}. Yer açıldıktan sonra işlemi tekrarlayın.`
    : `Diskte yer kalmadı: ${where}. Yer açıldıktan sonra işlemi tekrarlayın.`;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` (or its cause chain) is a disk-full or quota error. */
export function isStorageFull(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof StorageFullError) return true;
    const code = errorCode(e);
    if (code !== undefined && STORAGE_FULL_CODES.has(code)) return true;
  }
  return false;
}

async function* chunksOf(content: FileContent): AsyncIterable<Uint8Array> {
  if (typeof content === 'string') {
    yield Buffer.from(content, 'utf8');
    return;
  }
  if (content instanceof Uint8Array) {
    yield content;
    return;
  }
  for await (const chunk of content) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/**
 * Writes `content` to `path` all at once or not at all (temp file in the same folder, fsync,
 * rename). Throws `StorageFullError` on ENOSPC/EDQUOT; any other error is rethrown as it is.
 * The temporary file is removed on every failure.
 */
export async function writeFileAtomic(
  path: string,
  content: FileContent,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const fs = options.fs ?? NODE_FS;
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
    try {
      for await (const chunk of chunksOf(content)) await handle.write(chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    const code = errorCode(error);
    if (code !== undefined && STORAGE_FULL_CODES.has(code))
      throw new StorageFullError(path, code, { cause: error });
    throw error;
  }
}
