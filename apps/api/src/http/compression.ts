import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli quality of the API's answers (docs/decisions/0128-api-answers-compressed.md). Quality 1
 * compresses a 15.9 MB 100-fund VaR result to 2.63 MB in 40 ms of one core; quality 4 (the
 * plugin's default) to 2.22 MB in 168 ms, on a machine whose two cores also run the night's
 * batch. The answer is made once per request, so speed wins over the last 15 %.
 */
export const API_BROTLI_QUALITY = 1;
/** gzip level for a client without Brotli (3.0 MB in 73 ms for the same result). */
export const API_GZIP_LEVEL = 1;
/** Answers below this many bytes go out as they are: the headers would outweigh the saving. */
export const API_COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON and text answers; not the run event stream (an `EventSource` must get each event at once,
 * and the stream is written to the socket directly anyway), nor PDF or .xlsx files (compressed
 * by their own format).
 */
export function isCompressibleType(contentType: string): boolean {
  return /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/u.test(contentType);
}

/**
 * Answers of the API scope go out Brotli- or gzip-compressed to a client that accepts it, with
 * `Vary: Accept-Encoding` (decision 0128). `npm start` has no proxy in front to do it, and a
 * house's answers are large: a 100-fund VaR run is 15.9 MB of JSON. A route that puts a secret
 * beside what the caller sent (the login's access token) opts out with `compress: false`
 * (BREACH). Request bodies are not decompressed: clients send plain JSON and uploads.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESS_THRESHOLD_BYTES,
    customTypes: isCompressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    zlibOptions: { level: API_GZIP_LEVEL },
    globalDecompression: false,
  });
}

/**
 * Whether a request's `Accept-Encoding` takes gzip: named (or as `x-gzip`) with a weight above 0,
 * or not named and `*` allowed (RFC 9110, 12.5.3).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let named: boolean | null = null;
  let any = false;
  for (const entry of header.split(',')) {
    const [token = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    const allowed = weight === undefined || Number(weight.slice(2)) > 0;
    if (token === 'gzip' || token === 'x-gzip') named = allowed;
    else if (token === '*') any = allowed;
  }
  return named ?? any;
}
