// The gzip of a run's input-bundle texts (its own JSON and its new parts, decisions 0077, 0086,
// 0103, 0110). One level, so the same bytes wherever it runs; all of a run's texts in one task of
// the compute pool, so that the worker's main thread, the busiest of a night, does not compress.
import { gzipSync } from 'node:zlib';
import type { ComputePool } from '../pool/compute-pool.ts';
import { computeTasks } from '../pool/tasks.ts';

/**
 * zlib's fastest level: on the night's bundles (1.3–3.6 MB of JSON) 2.1–2.4x faster than the
 * default level 6, for 6–13 % more bytes (decision 0077). Any level reads back the same.
 */
export const BUNDLE_GZIP_LEVEL = 1;

/** The gzip of some texts, end to end in one buffer, and where each one ends in it. */
export interface PackedGzips {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

/**
 * The gzip (UTF-8, BUNDLE_GZIP_LEVEL) of each text, packed in one buffer of its own: a compute
 * thread's result moves back to the main thread instead of being copied (pool/transferables.ts),
 * and a Buffer of zlib's may lie in Node's shared pool of small buffers, which cannot move.
 */
export function gzipTexts(texts: readonly string[]): PackedGzips {
  const zipped = texts.map((text) =>
    gzipSync(Buffer.from(text, 'utf8'), { level: BUNDLE_GZIP_LEVEL }),
  );
  const ends = new Uint32Array(zipped.length);
  let total = 0;
  zipped.forEach((z, i) => {
    total += z.length;
    ends[i] = total;
  });
  const bytes = new Uint8Array(total);
  zipped.forEach((z, i) => bytes.set(z, i === 0 ? 0 : ends[i - 1]!));
  return { bytes, ends };
}

/** Each gzip of packed gzips, as a Buffer over the packed bytes (no copy). */
export function unpackGzips({ bytes, ends }: PackedGzips): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (const end of ends) {
    out.push(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start));
    start = end;
  }
  return out;
}

export const COMPUTE_TASKS = { gzipTexts };
export const GZIP_TASKS = computeTasks(import.meta.url, COMPUTE_TASKS);

/** The gzips of a run's texts, in their order. */
export type GzipTexts = (texts: readonly string[]) => Promise<Buffer[]>;

/**
 * {@link GzipTexts} as one task of the compute pool, whatever the number of texts (none: no
 * task). The task is urgent for every run, a batch run's too: it goes ahead of the compute tasks
 * waiting and may take the thread kept for users' tasks (decision 0075). A compression takes
 * milliseconds, and the run holds its slot until it is stored: queued behind a night's compute
 * tasks on the lower-priority threads, a batch run waited 8 ms for a thread on average and kept
 * its slot some 30 ms longer (decision 0110). A user's task waits at most for one compression.
 */
export function gzipOnPool(pool: Pick<ComputePool, 'run'>, signal?: AbortSignal): GzipTexts {
  return async (texts) =>
    texts.length === 0
      ? []
      : unpackGzips(await pool.run(GZIP_TASKS.gzipTexts, [texts], { signal, urgent: true }));
}
