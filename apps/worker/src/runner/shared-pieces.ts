// Parts of input bundles that runs share (decision 0083). A night's runs record the same market
// rows again and again: the five VaR methods, the decomposition and the stress test of a fund read
// one window, and the funds hold the same series. Each run's bundle turned every such row into
// JSON and gzip again (~40 ms of a VaR run's 1.3 MB bundle, a third of the worker's time). A part
// recorded here by its content is the same object in every run that records that content, with
// its JSON text made once and its gzip member made once; compressBundle (input-bundle.ts) writes
// the bundle as gzip members, reusing a shared part's member. The bundle's JSON is unchanged.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * zlib's fastest level: on the night's bundles (1.3–3.6 MB of JSON) 2.1–2.4x faster than the
 * default level 6, for 6–13 % more bytes (decision 0077). Any level reads back the same.
 */
export const BUNDLE_GZIP_LEVEL = 1;

/** A shared part's JSON and, once a bundle has needed it, its gzip member. */
export interface SharedPiece {
  /** JSON.stringify of the part. */
  readonly text: string;
  /** Its length in UTF-8 bytes. */
  readonly bytes: number;
  gz: Promise<Buffer> | null;
}

const pieces = new WeakMap<object, SharedPiece>();

/** The piece of a part that {@link SharedParts.share} gave, else undefined. */
export function sharedPiece(value: unknown): SharedPiece | undefined {
  return typeof value === 'object' && value !== null ? pieces.get(value) : undefined;
}

/** The gzip member of a piece (made once; level {@link BUNDLE_GZIP_LEVEL}). */
export function pieceMember(piece: SharedPiece): Promise<Buffer> {
  piece.gz ??= gzipAsync(piece.text, { level: BUNDLE_GZIP_LEVEL });
  return piece.gz;
}

/**
 * The key of a content: SHA-256 of its parts, each preceded by its kind and length (so that no
 * two different lists of parts give the same bytes).
 */
export function contentKey(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${typeof part === 'string' ? 's' : 'b'}${String(bytes.byteLength)}:`);
    hash.update(bytes);
  }
  return hash.digest('base64');
}

/** The bytes of a Float64Array, as a view (no copy). */
export function float64Bytes(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** Parts kept by content, least recently used first out. */
export interface SharedParts {
  /**
   * The part recorded under `key` (a {@link contentKey} of everything `make` reads), or a new
   * one from `make()`, JSON made once and kept with it. The caller must not change a part.
   */
  share<T extends object>(key: string, make: () => T): T;
  /** Bytes held now (JSON text and gzip member, estimated). */
  readonly bytes: number;
}

/**
 * Keeps parts up to about `maxBytes` (each counted as three times its JSON: the text in UTF-16
 * and its gzip member); a part larger than a sixteenth of that is made but not kept. A part that
 * has left stays shared by the runs that hold it, and goes with the last of them.
 */
export function createSharedParts(maxBytes: number): SharedParts {
  const kept = new Map<string, { value: object; bytes: number }>();
  let held = 0;
  return {
    share<T extends object>(key: string, make: () => T): T {
      const known = kept.get(key);
      if (known) {
        kept.delete(key); // most recently used last
        kept.set(key, known);
        return known.value as T;
      }
      const value = make();
      const text = JSON.stringify(value);
      pieces.set(value, { text, bytes: Buffer.byteLength(text, 'utf8'), gz: null });
      const bytes = 3 * text.length;
      if (bytes > maxBytes / 16) return value;
      kept.set(key, { value, bytes });
      held += bytes;
      for (const [oldest, old] of kept) {
        if (held <= maxBytes) break;
        kept.delete(oldest);
        held -= old.bytes;
      }
      return value;
    },
    get bytes() {
      return held;
    },
  };
}

/** The worker process's shared parts by default (`WORKER_BUNDLE_SHARE_MB`; 0: none). */
export const DEFAULT_BUNDLE_SHARE_MB = 64;
