// The worker process's cache of market reads (decision 0078). The runs of one night read the
// same market window fund after fund: the five VaR methods, the decomposition and the stress test
// of a fund send the same statements for the same series and dates. A statement marked as
// reading market values only (`MARKET_READ_MARK`) is answered here when a run's snapshot sees the
// same market-data version as the snapshot that read it, which is then exactly what the database
// would answer. The run still records the statement with its answer, so its replay is the same.
// So is a statement that reads only the reference data (`REFERENCE_READ_MARK`: a fund's
// instruments and mappings, the series' descriptions), by the reference-data version (0115).

import type { SeriesColumnsRow } from '@fonrisk/db';
import type { KnownPart, PartStore } from './input-bundle.ts';

/** The cache's size by default (`WORKER_MARKET_CACHE_MB`): a night's VaR windows fit in it. */
export const DEFAULT_MARKET_CACHE_MB = 128;

/** One cached answer: the rows as the driver gave them and as the run's recording holds them. */
export interface CachedAnswer {
  readonly rows: readonly unknown[];
  readonly encodedRows: readonly unknown[];
  readonly rowCount: number | null;
  readonly command: string | null;
}

/**
 * One ticker's row of a packed series read (decision 0081), kept to answer later reads of that
 * ticker over any window inside [from, to].
 */
export interface SeriesEntry {
  readonly from: string;
  readonly to: string;
  /** The ticker's row over [from, to]; null when it has no value there. */
  readonly row: SeriesColumnsRow | null;
}

/**
 * The cache, which also keeps (as a PartStore) the input-bundle parts that runs made (decision
 * 0086): under the key of a market read (the same key as its answer's), of a window or of one
 * of its series and rates (windowKeys, decision 0100), so that a later run's bundle names them
 * without making their text.
 */
export interface MarketReadCache extends PartStore {
  get(key: string): CachedAnswer | undefined;
  /** Keeps `answer` (about `bytes` large) unless it is larger than one entry may be. */
  set(key: string, answer: CachedAnswer, bytes: number): void;
  /** The series entry of `key` (series-reads.ts names the keys). */
  getSeries(key: string): SeriesEntry | undefined;
  /** Keeps the series entry of `key`, in place of an earlier one (a wider window read later). */
  setSeries(key: string, entry: SeriesEntry, bytes: number): void;
  /**
   * Names a recorded row of a packed series read by what it holds (series-reads.ts seriesRowKey):
   * the memo of bundle parts finds it by this name (decision 0091). Held as long as the row is.
   */
  nameRow(row: object, key: string): void;
  /** The name of a recorded row, if nameRow gave it one. */
  rowName(row: object): string | undefined;
  /**
   * The texts of the series statements whose rows are kept (one per price basis), each with the
   * short name the keys of its rows carry instead of it (series-reads.ts): a key is built and
   * hashed for every ticker of every read, and the text is some 600 characters long.
   */
  readonly seriesTexts: Map<string, string>;
  /**
   * The earliest first date the reads of each series statement (by its short name) up to a date
   * asked for, by the name and that date: a read that misses sends its tickers from there
   * (series-reads.ts, decision 0102).
   */
  readonly seriesFrom: Map<string, string>;
  /** Bytes held now. */
  readonly bytes: number;
  /**
   * The answer another run of this process is reading now for `key` (null if that read fails):
   * two runs of one fund that start together wait for one read instead of sending it twice.
   */
  inFlight(key: string): Promise<CachedAnswer | null> | undefined;
  /** Marks `key` as being read until `answer` settles. */
  reading(key: string, answer: Promise<CachedAnswer | null>): void;
}

/**
 * A cache of at most `maxBytes` that lets the entries used least recently go first (CLOCK, see
 * below); an answer above `maxBytes / 16` (a risk value's five years) is not kept, so that one
 * run cannot push out the windows the next runs read.
 */
export function createMarketReadCache(maxBytes: number): MarketReadCache {
  type Entry =
    | { readonly answer: CachedAnswer; readonly bytes: number }
    | { readonly series: SeriesEntry; readonly bytes: number }
    | { readonly part: KnownPart; readonly bytes: number };
  // Answers, series entries and parts in one order, under one limit; a part's key (a read's key
  // or one of windowKeys) gets a prefix of its own. The order is of insertion, with a second chance
  // (CLOCK): a lookup only marks its entry used; when room is needed, the oldest entry goes
  // unless it was used since it was put last, which puts it last again. Moving an entry to the
  // end on every lookup (a delete and a set of keys some hundreds of characters long) cost the
  // night's ~170,000 lookups ~0.7 s of the worker's main thread (issue 25).
  const partKey = (key: string) => `part\u0000${key}`;
  const entries = new Map<string, { readonly entry: Entry; used: boolean }>();
  const pending = new Map<string, Promise<CachedAnswer | null>>();
  const rowNames = new WeakMap<object, string>();
  const maxEntry = maxBytes / 16;
  let held = 0;
  const used = (key: string): Entry | undefined => {
    const slot = entries.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.entry;
  };
  const keep = (key: string, entry: Entry): void => {
    const earlier = entries.get(key);
    if (earlier) {
      entries.delete(key);
      held -= earlier.entry.bytes;
    }
    entries.set(key, { entry, used: false });
    held += entry.bytes;
    while (held > maxBytes) {
      const [oldest, slot] = entries.entries().next().value!;
      entries.delete(oldest);
      if (slot.used) {
        slot.used = false;
        entries.set(oldest, slot);
      } else held -= slot.entry.bytes;
    }
  };
  return {
    get(key) {
      const entry = used(key);
      return entry && 'answer' in entry ? entry.answer : undefined;
    },
    set(key, answer, bytes) {
      if (bytes > maxEntry || entries.has(key)) return;
      keep(key, { answer, bytes });
    },
    getSeries(key) {
      const entry = used(key);
      return entry && 'series' in entry ? entry.series : undefined;
    },
    setSeries(key, series, bytes) {
      if (bytes > maxEntry) return;
      keep(key, { series, bytes });
    },
    getPart(key) {
      const entry = used(partKey(key));
      return entry && 'part' in entry ? entry.part : undefined;
    },
    setPart(key, part) {
      const k = partKey(key);
      keep(k, { part, bytes: 2 * k.length + 2 * part.hash.length + 64 });
    },
    nameRow(row, key) {
      rowNames.set(row, key);
    },
    rowName(row) {
      return rowNames.get(row);
    },
    get bytes() {
      return held;
    },
    seriesTexts: new Map(),
    seriesFrom: new Map(),
    inFlight(key) {
      return pending.get(key);
    },
    reading(key, answer) {
      pending.set(key, answer);
      void answer.finally(() => {
        if (pending.get(key) === answer) pending.delete(key);
      });
    },
  };
}

/** About how many bytes the rows of an answer hold (strings, byte arrays, numbers). */
export function answerBytes(rows: readonly unknown[]): number {
  let bytes = 0;
  const add = (value: unknown): void => {
    if (typeof value === 'string') bytes += 2 * value.length;
    else if (value instanceof Uint8Array) bytes += value.byteLength;
    else if (Array.isArray(value)) for (const v of value) add(v);
    else if (typeof value === 'object' && value !== null)
      for (const v of Object.values(value)) add(v);
    else bytes += 8;
  };
  for (const row of rows) add(row);
  return bytes;
}
