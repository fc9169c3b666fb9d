// The worker process's cache of market reads (decision 0078). The runs of one night read the
// same market window fund after fund: the five VaR methods, the decomposition and the stress test
// of a fund send the same statements for the same series and dates. A statement marked as
// reading market values only (`MARKET_READ_MARK`) is answered here when a run's snapshot sees the
// same market-data version as the snapshot that read it, which is then exactly what the database
// would answer. The run still records the statement with its answer, so its replay is the same.

/** The cache's size by default (`WORKER_MARKET_CACHE_MB`): a night's VaR windows fit in it. */
export const DEFAULT_MARKET_CACHE_MB = 128;

/** One cached answer: the rows as the driver gave them and as the run's recording holds them. */
export interface CachedAnswer {
  readonly rows: readonly unknown[];
  readonly encodedRows: readonly unknown[];
  readonly rowCount: number | null;
  readonly command: string | null;
}

export interface MarketReadCache {
  get(key: string): CachedAnswer | undefined;
  /** Keeps `answer` (about `bytes` large) unless it is larger than one entry may be. */
  set(key: string, answer: CachedAnswer, bytes: number): void;
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
 * A least-recently-used cache of at most `maxBytes`; an answer above `maxBytes / 16` (a risk
 * value's five years) is not kept, so that one run cannot push out the windows the next runs read.
 */
export function createMarketReadCache(maxBytes: number): MarketReadCache {
  const entries = new Map<string, { answer: CachedAnswer; bytes: number }>();
  const pending = new Map<string, Promise<CachedAnswer | null>>();
  const maxEntry = maxBytes / 16;
  let held = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key); // most recently used last
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, answer, bytes) {
      if (bytes > maxEntry || entries.has(key)) return;
      entries.set(key, { answer, bytes });
      held += bytes;
      for (const [oldest, entry] of entries) {
        if (held <= maxBytes) break;
        entries.delete(oldest);
        held -= entry.bytes;
      }
    },
    get bytes() {
      return held;
    },
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
