import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, inflateRaw } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { analysisRunResultTexts } from './schema/run-result-texts.ts';

const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);

/**
 * zlib's default level: a 100-fund VaR result (15.9 MB of text) to 2.63 MB in ~155 ms of the
 * thread pool, once, when the run is stored (decision 0129).
 */
const DEFLATE_LEVEL = 6;

/** A finished run's result as JSON text, deflated (analysis_run_result_texts, decision 0129). */
export interface ResultText {
  /** Raw DEFLATE of the text's UTF-8 bytes, ending with a sync flush: more blocks may follow. */
  readonly deflated: Buffer;
  /** CRC-32 of the text's UTF-8 bytes. */
  readonly crc32: number;
  /** Length of the text's UTF-8 bytes. */
  readonly bytes: number;
}

/**
 * The text deflated so that it can stand between other DEFLATE blocks: its blocks end on a byte
 * boundary with no final block (a sync flush), and refer to nothing before them.
 */
export async function deflateResultText(text: string): Promise<ResultText> {
  const utf8 = Buffer.from(text, 'utf8');
  const deflated = await deflateRawAsync(utf8, {
    level: DEFLATE_LEVEL,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return { deflated, crc32: crc32(utf8), bytes: utf8.length };
}

/** Output chunks of the inflate: 1 MiB halves the time of 16 KiB ones for a 15.9 MB text. */
const INFLATE_CHUNK_BYTES = 1 << 20;

/** The text's UTF-8 bytes back (for a client that takes no gzip). */
export async function inflateResultText(text: ResultText): Promise<Buffer> {
  return inflateRawAsync(text.deflated, {
    finishFlush: constants.Z_SYNC_FLUSH,
    chunkSize: INFLATE_CHUNK_BYTES,
  });
}

/**
 * The result text's row written by the statement that stores the run finished (decision 0098):
 * a common table expression for the run the expression named `run` yields (an `id` column),
 * nothing when it yields none; it replaces a row an earlier attempt of the run wrote.
 */
export function resultTextWrites(run: string, text: ResultText): SQL {
  return sql`result_text AS (
      INSERT INTO ${analysisRunResultTexts} (run_id, deflated, crc32, bytes)
      SELECT r.id, ${sql.param(text.deflated)}::bytea, ${text.crc32}::bigint, ${text.bytes}::bigint
      FROM ${sql.identifier(run)} r
      ON CONFLICT (run_id) DO UPDATE SET
        deflated = excluded.deflated, crc32 = excluded.crc32, bytes = excluded.bytes)`;
}

/** Stores the text of a finished run stored without one (a first read of it); keeps one there. */
export async function storeResultText(
  ex: Executor,
  runId: string,
  text: ResultText,
): Promise<void> {
  await ex
    .insert(analysisRunResultTexts)
    .values({ runId, ...text })
    .onConflictDoNothing({ target: analysisRunResultTexts.runId });
}

/** The stored text of a run, null when none is stored. */
export async function findResultText(ex: Executor, runId: string): Promise<ResultText | null> {
  const [row] = await ex
    .select({
      deflated: analysisRunResultTexts.deflated,
      crc32: analysisRunResultTexts.crc32,
      bytes: analysisRunResultTexts.bytes,
    })
    .from(analysisRunResultTexts)
    .where(eq(analysisRunResultTexts.runId, runId));
  return row ?? null;
}
