// Long synchronous work of the runner cut into slices (decision 0075). A run's input bundle (every
// row its statements read, then the JSON of all of them) took seconds of the worker's one main
// thread for a large batch run, during which a user's run in the same process could not take its
// job, read or store. These helpers give the event loop back every `sliceMs`.

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

/** The pieces of JSON.stringify(value), for a value that is not undefined, a function or a symbol. */
function* pieces(value: unknown, depth: number): Generator<string> {
  if (depth >= MAX_DEPTH) {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    const primitives = value.length > 0 && (typeof value[0] !== 'object' || value[0] === null);
    // e.g. the values of a price series, or a statement's rows: native stringify of slices,
    // brackets dropped (JSON.stringify writes null for what it cannot write inside an array,
    // in a slice as in the whole).
    const chunk = primitives ? CHUNK : depth + 1 >= MAX_DEPTH ? ROW_CHUNK : 0;
    if (chunk > 0) {
      for (let i = 0; i < value.length; i += chunk)
        yield (i > 0 ? ',' : '') + JSON.stringify(value.slice(i, i + chunk)).slice(1, -1);
    } else {
      for (let i = 0; i < value.length; i++) {
        if (i > 0) yield ',';
        const item: unknown = value[i];
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

/**
 * The same text as `JSON.stringify(value)` (no replacer, no indentation) for a plain JSON-like
 * value, made in slices with a turn of the event loop every `sliceMs`. `depth`: where the value
 * stands in a larger document (a statement's rows: 3), so that it is cut as it would be there.
 */
export async function stringifyInSlices(value: object, sliceMs = 10, depth = 0): Promise<string> {
  const out: string[] = [];
  const pause = slicer(sliceMs);
  for (const piece of pieces(value, depth)) {
    out.push(piece);
    const paused = out.length % 64 === 0 ? pause() : null;
    if (paused) await paused;
  }
  return out.join('');
}

/**
 * How a runner makes a long JSON text (a bundle's, a part's): `depth` is where the value stands
 * in the bundle (as for stringifyInSlices). The same text either way.
 */
export type Stringify = (value: object, depth: number) => Promise<string>;

/** In slices: on the worker's main thread, which users' runs share (decision 0075). */
export const stringifySliced: Stringify = (value, depth) => stringifyInSlices(value, 10, depth);

/**
 * Whole, in one native call: on a run thread (decision 0112), where no user's run waits behind
 * the text, and the slices cost a third more than the text.
 */
export const stringifyWhole: Stringify = (value) => Promise.resolve(JSON.stringify(value));
