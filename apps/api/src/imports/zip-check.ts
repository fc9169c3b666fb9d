import { inflateRawSync } from 'node:zlib';

/**
 * The integrity of an .xlsx archive (issue 22): every entry's data must match the CRC-32 its
 * central directory records, or the file is refused. The zip reader ExcelJS uses does not check
 * it, so a corrupted byte became a different price.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Bounds the inflated size of one entry (a sheet of the row limit is far below). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/**
 * Null when every entry of the archive is intact, else the Turkish reason (naming the entry).
 * Only stored and deflated entries occur in .xlsx files; anything else is refused too.
 */
export function zipProblem(data: Uint8Array): string | null {
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
    const stored = data.subarray(start, start + size);
    let content: Uint8Array;
    try {
      if (method === 0) content = stored;
      else if (method === 8) content = inflateRawSync(stored, { maxOutputLength: MAX_ENTRY_BYTES });
      else return `zip arşivindeki '${name}' bölümü desteklenmeyen bir yöntemle sıkıştırılmış`;
    } catch {
      return `zip arşivindeki '${name}' bölümü açılamadı`;
    }
    if (crc32(content) !== crc)
      return `zip arşivindeki '${name}' bölümünün sağlama toplamı tutmuyor`;
  }
  return null;
}
