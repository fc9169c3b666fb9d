import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Bytes deflated ahead of time (RFC 1951), to stand between other blocks. */
export interface DeflatedText {
  /** Raw DEFLATE blocks ending on a byte boundary without a final block (a sync flush). */
  readonly deflated: Buffer;
  /** CRC-32 of the bytes before deflating. */
  readonly crc32: number;
  /** Length of the bytes before deflating. */
  readonly bytes: number;
}

/** The gzip header (RFC 1952): deflate, no flags, no time, no extra flags, system unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const CRC32_POLYNOMIAL = 0xedb88320;

/** The 32x32 matrix over GF(2) `matrix` times the vector `vector`. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

/** `matrix` squared, into `out`. */
function square(out: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < 32; n += 1) out[n] = times(matrix, matrix[n]!);
}

/**
 * The CRC-32 of A followed by B from the CRC-32 of A, that of B and B's length, without A or B:
 * the method of zlib's `crc32_combine` (CRC-32 as a linear map over GF(2): appending `length`
 * zero bytes to A is a matrix power, applied by squaring).
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const odd = new Uint32Array(32); // the operator for one zero bit
  const even = new Uint32Array(32);
  odd[0] = CRC32_POLYNOMIAL;
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let length = lengthB;
  // One byte is eight zero bits: the first squaring below gives that operator.
  for (;;) {
    square(even, odd);
    if (length % 2 === 1) crc = times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    square(odd, even);
    if (length % 2 === 1) crc = times(odd, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

/**
 * One gzip member of `before`, the deflated text and `after` (each UTF-8), made without inflating
 * or deflating the text again: DEFLATE blocks may follow each other from different compressors
 * when each part ends on a byte boundary (a sync flush) and refers only to its own bytes, and the
 * trailer's CRC-32 of the whole is combined from the parts' (decision 0129).
 */
export function gzipAround(before: string, text: DeflatedText, after: string): Buffer {
  const head = Buffer.from(before, 'utf8');
  const tail = Buffer.from(after, 'utf8');
  let crc = crc32(head);
  crc = crc32Combine(crc, text.crc32, text.bytes);
  crc = crc32Combine(crc, crc32(tail), tail.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE: the length of the original bytes modulo 2^32.
  trailer.writeUInt32LE((head.length + text.bytes + tail.length) % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
    text.deflated,
    deflateRawSync(tail), // the final block
    trailer,
  ]);
}
