// Long synchronous work of the runner cut into slices (decision 0075). A run's input bundle (every
// row its statements read, then the JSON of all of them) took seconds of the worker's one main
// thread for a large batch run, during which a user's run in the same process could not take its
// job, read or store. These helpers give the event loop back every `sliceMs`.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { BUNDLE_GZIP_LEVEL, pieceMember, sharedPiece, type SharedPiece } from './shared-pieces.ts';

const gzipAsync = promisify(gzip);

/** Gives the event loop a turn (timers, I/O callbacks of other runs). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A turn of the event loop once `sliceMs` have passed since the last one, else null: call it
 * between steps of a long loop and await what it returns (`await pause()`: null goes on at once).
 */
export function slicer(sliceMs: number): () => Promise<void> | null {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return null;
    return turn().then(() => {
      since = performance.now();
    });
  };
}

/** `values.map(fn)`, with a turn of the event loop every `sliceMs`. */
export async function mapInSlices<T, U>(
  values: readonly T[],
  fn: (value: T) => U,
  sliceMs = 10,
): Promise<U[]> {
  const out: U[] = new Array<U>(values.length);
  const pause = slicer(sliceMs);
  for (let i = 0; i < values.length; i++) {
    out[i] = fn(values[i] as T);
    const paused = (i & 255) === 255 ? pause() : null;
    if (paused) await paused;
  }
  return out;
}

/** Plain objects and arrays are cut; anything else (Dates, toJSON...) goes to JSON.stringify whole. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

/** Elements of a run of primitives go to JSON.stringify this many at a time. */
const CHUNK = 1024;
/** Below this depth objects and arrays are cut; deeper values are stringified whole. */
const MAX_DEPTH = 4;
/**
 * Items of an array just above MAX_DEPTH (a statement's rows) go to JSON.stringify this many at a
 * time: one native call per row and two generator steps cost the night's bundles ~12 s of the
 * worker's main thread (issue 25); a packed market row is at most some 40 kB of JSON, so a chunk
 * stays within a few milliseconds.
 */
const ROW_CHUNK = 64;

/** Whether a value is a part shared by runs' bundles (shared-pieces.ts). */
const isShared = (value: unknown): boolean => sharedPiece(value) !== undefined;

/**
 * The pieces of JSON.stringify(value), for a value that is not undefined, a function or a
 * symbol: texts, and the shared parts (decision 0083) met as array items or properties, whole.
 */
function* pieces(value: unknown, depth: number): Generator<string | SharedPiece> {
  const shared = sharedPiece(value);
  if (shared) {
    yield shared;
    return;
  }
  if (depth >= MAX_DEPTH && !(Array.isArray(value) && value.some(isShared))) {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    const primitives = value.length > 0 && (typeof value[0] !== 'object' || value[0] === null);
    // e.g. the values of a price series, or a statement's rows: native stringify of slices,
    // brackets dropped (JSON.stringify writes null for what it cannot write inside an array,
    // in a slice as in the whole); a slice with a shared part, item by item.
    const chunk = primitives ? CHUNK : depth + 1 >= MAX_DEPTH ? ROW_CHUNK : 0;
    for (let i = 0; i < value.length; i += chunk || 1) {
      const slice = chunk > 0 ? value.slice(i, i + chunk) : [value[i]];
      if (chunk > 0 && (primitives || !slice.some(isShared))) {
        yield (i > 0 ? ',' : '') + JSON.stringify(slice).slice(1, -1);
        continue;
      }
      for (let j = 0; j < slice.length; j++) {
        if (i + j > 0) yield ',';
        const item: unknown = slice[j];
        // JSON.stringify writes null for what it cannot write inside an array.
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol')
          yield 'null';
        else yield* pieces(item, depth + 1);
      }
    }
    yield ']';
    return;
  }
  if (isPlainObject(value)) {
    yield '{';
    let first = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      // ...and leaves such a property out of an object.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* pieces(item, depth + 1);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value);
}

/** gzip members of the short texts between shared parts (a comma, a bracket), made once. */
const shortMembers = new Map<string, Promise<Buffer>>();

function member(text: string): Promise<Buffer> {
  if (text.length > 16) return gzipAsync(text, { level: BUNDLE_GZIP_LEVEL });
  let known = shortMembers.get(text);
  if (!known) {
    known = gzipAsync(text, { level: BUNDLE_GZIP_LEVEL });
    if (shortMembers.size < 256) shortMembers.set(text, known);
  }
  return known;
}

/**
 * The gzip of `JSON.stringify(value)`'s text (no replacer, no indentation; a plain JSON-like
 * value), with the text's length in UTF-8 bytes, made with a turn of the event loop every
 * `sliceMs`. Written as gzip members (RFC 1952 §2.2: a gzip file is a series of members, and
 * gunzip gives their texts one after the other): a part shared with other runs (decision 0083)
 * is its own member, made once for all of them; the text between shared parts is one member.
 */
export async function gzipJsonInSlices(
  value: object,
  sliceMs = 10,
): Promise<{ content: Buffer; jsonBytes: number }> {
  const members: Promise<Buffer>[] = [];
  let text: string[] = [];
  let jsonBytes = 0;
  const flush = () => {
    if (text.length === 0) return;
    const joined = text.join('');
    text = [];
    jsonBytes += Buffer.byteLength(joined, 'utf8');
    members.push(member(joined));
  };
  const pause = slicer(sliceMs);
  let steps = 0;
  for (const piece of pieces(value, 0)) {
    if (typeof piece === 'string') text.push(piece);
    else {
      flush();
      jsonBytes += piece.bytes;
      members.push(pieceMember(piece));
    }
    const paused = ++steps % 64 === 0 ? pause() : null;
    if (paused) await paused;
  }
  flush();
  return { content: Buffer.concat(await Promise.all(members)), jsonBytes };
}
