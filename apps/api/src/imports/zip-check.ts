import { Readable } from 'node:stream';
import { crc32 as zlibCrc32, createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * The integrity of an .xlsx archive (issue 22): every entry's data must match the CRC-32 its
 * central directory records, or the file is refused. The zip reader ExcelJS uses does not check
 * it, so a corrupted byte became a different price. Entries are inflated piece by piece
 * (`entryChunks`), so a big sheet is checked, and read, in bounded memory (decision 0056).
 */

/** The standard CRC-32 (of zip), continued from `previous`. */
export function crc32(data: Uint8Array, previous = 0): number {
  return zlibCrc32(data, previous);
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Bounds the inflated size of one entry (a sheet of the row limit is far below). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;
/** Compressed data is fed to the inflater in slices of this size, so its output stays small. */
const SLICE_BYTES = 16 * 1024;

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc: number;
  /** The entry's stored (compressed) bytes. */
  readonly stored: Uint8Array;
}

/** A damaged archive or entry; the message is the Turkish reason, naming the entry. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** The entries of a zip archive from its central directory, or the Turkish reason it is broken. */
export function zipDirectory(data: Uint8Array): ZipEntry[] | string {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'zip arşivinin sonu bulunamadı (dosya eksik ya da bozuk)';
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL)
      return 'zip arşivinin içindekiler listesi bozuk';
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const next =
      at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    at = next;
    if (local + 30 > data.length || view.getUint32(local, true) !== LOCAL)
      return `zip arşivindeki '${name}' bölümü bulunamadı`;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > data.length) return `zip arşivindeki '${name}' bölümü eksik`;
    if (method !== 0 && method !== 8)
      return `zip arşivindeki '${name}' bölümü desteklenmeyen bir yöntemle sıkıştırılmış`;
    entries.push({ name, method, crc, stored: data.subarray(start, start + size) });
  }
  return entries;
}

function* slices(data: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < data.length; at += SLICE_BYTES)
    yield data.subarray(at, Math.min(data.length, at + SLICE_BYTES));
}

/**
 * The inflated content of an entry, piece by piece; the CRC is checked after the last piece (a
 * ZipError then). A reader that stops early has not checked it, and must refuse the file anyway.
 */
export async function* entryChunks(entry: ZipEntry): AsyncGenerator<Uint8Array> {
  let crc = 0;
  let total = 0;
  if (entry.method === 0) {
    for (const piece of slices(entry.stored)) {
      crc = crc32(piece, crc);
      yield piece;
    }
  } else {
    const source = Readable.from(slices(entry.stored));
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    source.pipe(inflater);
    try {
      for await (const piece of inflater as AsyncIterable<Buffer>) {
        total += piece.length;
        if (total > MAX_ENTRY_BYTES)
          throw new ZipError(`zip arşivindeki '${entry.name}' bölümü çok büyük`);
        crc = crc32(piece, crc);
        yield piece;
      }
    } catch (error) {
      if (error instanceof ZipError) throw error;
      throw new ZipError(`zip arşivindeki '${entry.name}' bölümü açılamadı`);
    } finally {
      source.destroy();
      inflater.destroy();
    }
  }
  if (crc >>> 0 !== entry.crc)
    throw new ZipError(`zip arşivindeki '${entry.name}' bölümünün sağlama toplamı tutmuyor`);
}

/** The whole inflated content of a (small) entry, its CRC checked. */
export async function entryBytes(entry: ZipEntry): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of entryChunks(entry)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/**
 * Null when every entry of the archive is intact, else the Turkish reason (naming the entry).
 * Only stored and deflated entries occur in .xlsx files; anything else is refused too.
 */
export function zipProblem(data: Uint8Array): string | null {
  const entries = zipDirectory(data);
  if (typeof entries === 'string') return entries;
  for (const entry of entries) {
    let content: Uint8Array;
    try {
      content =
        entry.method === 0
          ? entry.stored
          : inflateRawSync(entry.stored, { maxOutputLength: MAX_ENTRY_BYTES });
    } catch {
      return `zip arşivindeki '${entry.name}' bölümü açılamadı`;
    }
    if (crc32(content) !== entry.crc)
      return `zip arşivindeki '${entry.name}' bölümünün sağlama toplamı tutmuyor`;
  }
  return null;
}

/** Inflates an entry only to check its CRC (a ZipError when it fails); returns its size. */
export async function checkEntry(entry: ZipEntry): Promise<number> {
  let size = 0;
  for await (const piece of entryChunks(entry)) size += piece.length;
  return size;
}
