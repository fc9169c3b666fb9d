// The run's database as its handler sees it (decision 0041): a drizzle handle over a thin client
// that sends each statement to the real pool and records the statement with its answer, so that
// `fonrisk replay` can run the same handler again on exactly what it read.
import type { RecordedStatement } from '@fonrisk/contracts';
import {
  MARKET_DATA_VERSION_SQL,
  MARKET_READ_MARK,
  REFERENCE_DATA_VERSION_SQL,
  REFERENCE_READ_MARK,
  SERIES_COLUMNS_MARK,
  CALENDAR_START_MARK,
  calendarStartRequest,
  databaseOver,
  seriesColumnsRequest,
  poolOf,
  type Database,
  type QueryClient,
  type SeriesColumnsRow,
} from '@fonrisk/db';
import { answerBytes, type CachedAnswer, type MarketReadCache } from './market-read-cache.ts';
import {
  composeCalendarStart,
  composeCalendarStartRead,
  composeSeriesRead,
  seriesRowKey,
} from './series-reads.ts';
import { mapInSlices } from './slices.ts';
import { encodeValue } from './value-codec.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A statement as drizzle (and pg) hand it to a client: a config object or a text. */
export type StatementConfig =
  | string
  | {
      readonly text: string;
      readonly values?: unknown[];
      readonly rowMode?: string;
      readonly types?: unknown;
      readonly name?: string;
    };

/** The versions a run's snapshot sees (run-snapshot.ts): of the market and the reference data. */
export interface SnapshotVersions {
  readonly marketVersion: string;
  readonly referenceVersion: string;
}

export interface QueryAnswer {
  readonly rows: unknown[];
  readonly rowCount: number | null;
  readonly command?: string;
}

/** What a statement is answered by: its text, values and row mode. */
export interface StatementKeyParts {
  readonly text: string;
  readonly values: unknown[];
  readonly rowMode: 'array' | null;
}

export function statementParts(config: StatementConfig, values?: unknown[]): StatementKeyParts {
  if (typeof config === 'string') return { text: config, values: values ?? [], rowMode: null };
  return {
    text: config.text,
    values: values ?? config.values ?? [],
    rowMode: config.rowMode === 'array' ? 'array' : null,
  };
}

/** The key a replay finds a recorded statement by (encoded values: the same form as stored). */
export function statementKey(parts: {
  readonly text: string;
  readonly values: unknown[];
  readonly rowMode: 'array' | null;
}): string {
  return `${parts.rowMode ?? 'object'}\u0000${parts.text}\u0000${JSON.stringify(parts.values)}`;
}

export interface RawClient {
  query(config: StatementConfig, values?: unknown[]): Promise<QueryAnswer>;
}

function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

async function recorded(
  into: RecordedStatement[],
  client: RawClient,
  config: StatementConfig,
  values: unknown[] | undefined,
  /** Called with the answer and its recorded rows (the market-read cache keeps both). */
  onAnswer: ((answer: QueryAnswer, encodedRows: unknown[]) => void) | null = null,
): Promise<QueryAnswer> {
  const parts = statementParts(config, values);
  const base = {
    text: parts.text,
    values: encodeValue(parts.values) as unknown[],
    rowMode: parts.rowMode,
  };
  try {
    const answer = await client.query(config, values);
    // In the order the answers came; the rows are encoded in slices (decision 0075).
    const entry: Mutable<RecordedStatement> = {
      ...base,
      rows: [],
      rowCount: answer.rowCount,
      command: answer.command ?? null,
      error: null,
    };
    into.push(entry);
    try {
      entry.rows = await mapInSlices(answer.rows, encodeValue);
    } catch (error) {
      into.splice(into.indexOf(entry), 1); // recorded below as the statement's failure
      throw error;
    }
    onAnswer?.(answer, entry.rows);
    return answer;
  } catch (error) {
    into.push({
      ...base,
      rows: [],
      rowCount: null,
      command: null,
      error: {
        message: error instanceof Error ? error.message : String(error),
        code: errorCode(error),
      },
    });
    throw error;
  }
}

interface RawPool extends RawClient {
  connect(): Promise<RawClient & { release(error?: Error | boolean): void }>;
}

/**
 * Records every statement sent through it. Its class name holds "Pool" on purpose: drizzle's
 * node-postgres session then takes a connection of its own for a transaction (`connect()`),
 * whose statements are recorded too.
 */
export class RecordingPool implements QueryClient {
  readonly statements: RecordedStatement[] = [];
  /** Statements answered from the market-read cache (decision 0078). */
  cacheHits = 0;
  /** Tickers of packed series reads answered from the cache, and sent (decision 0081). */
  seriesKept = 0;
  seriesSent = 0;
  private marketVersion: Promise<string> | null = null;
  private referenceVersion: Promise<string> | null = null;
  /**
   * The cache key of each market or reference read's recorded rows: its bundle part's key
   * (decisions 0086, 0115).
   */
  private readonly readKeys = new WeakMap<object, string>();

  /**
   * `snapshot`: the run's connection inside its REPEATABLE READ transaction (run-snapshot.ts);
   * the handler's statements outside a transaction of its own are answered there, so that they
   * all read one state of the database.
   */
  constructor(
    private readonly pool: RawPool,
    private readonly snapshot: RawClient | null = null,
    /** Awaited before each statement (a batch run yields to users' runs here, decision 0075). */
    private readonly beforeStatement: (() => Promise<void>) | null = null,
    /** The process's market and reference reads, used only with a snapshot (decisions 0078, 0115). */
    private readonly cache: MarketReadCache | null = null,
    /** The snapshot's versions when they were read with the snapshot (run-snapshot.ts). */
    versions: SnapshotVersions | null = null,
  ) {
    if (versions !== null) {
      this.marketVersion = Promise.resolve(versions.marketVersion);
      this.referenceVersion = Promise.resolve(versions.referenceVersion);
    }
  }

  /**
   * The version of this run's snapshot that a marked read's answer depends on: read with the
   * snapshot (run-snapshot.ts), or else once before its first such read. The runner's statement,
   * like the snapshot's own: the handler's are the recorded ones.
   */
  private versionFor(snapshot: RawClient, reference: boolean): Promise<string> {
    const read = (statement: string) =>
      snapshot.query(statement).then((answer) => (answer.rows[0] as { version: string }).version);
    return reference
      ? (this.referenceVersion ??= read(REFERENCE_DATA_VERSION_SQL))
      : (this.marketVersion ??= read(MARKET_DATA_VERSION_SQL));
  }

  async query(config: StatementConfig, values?: unknown[]): Promise<QueryAnswer> {
    await this.beforeStatement?.();
    const parts = statementParts(config, values);
    // A market read (decision 0078) or a reference read (0115): answered by the version of the
    // tables it reads.
    const reference = parts.text.startsWith(REFERENCE_READ_MARK);
    if (
      this.cache === null ||
      this.snapshot === null ||
      !(reference || parts.text.startsWith(MARKET_READ_MARK))
    )
      return recorded(this.statements, this.snapshot ?? this.pool, config, values);
    const cache = this.cache;
    // The statement as the recording holds it (encoded values): also the cache key's part.
    const stored = { ...parts, values: encodeValue(parts.values) as unknown[] };
    const version = await this.versionFor(this.snapshot, reference);
    const key = `${version}\u0000${statementKey(stored)}`;
    // Kept, or being read by another run of this process now (two runs of one fund that
    // started together): the same answer, which the database would give this snapshot.
    // No turn of the event loop between a miss and `cache.reading` below unless another run is
    // reading the key: else two runs that reach one read together could both send it.
    const pending = cache.inFlight(key);
    const hit =
      cache.get(key) ??
      (pending === undefined ? null : await pending) ??
      this.composedStart(parts, version);
    if (hit) {
      // Recorded as if the database had answered (the replay answers it from the recording).
      this.cacheHits++;
      const rows = [...hit.encodedRows];
      this.readKeys.set(rows, key);
      this.statements.push({
        ...stored,
        rows,
        rowCount: hit.rowCount,
        command: hit.command,
        error: null,
      });
      return { rows: [...hit.rows], rowCount: hit.rowCount, command: hit.command ?? undefined };
    }
    let share: (answer: CachedAnswer | null) => void = () => undefined;
    cache.reading(
      key,
      new Promise((resolve) => {
        share = resolve;
      }),
    );
    // A packed series read is answered series by series (decision 0081): from the rows kept per
    // ticker, sending only the tickers no earlier read covers.
    const series =
      parts.rowMode === null && parts.text.startsWith(SERIES_COLUMNS_MARK)
        ? seriesColumnsRequest(parts.values)
        : null;
    // The window's first date: from the kept rows of its tickers, the others' latest days read
    // (decision 0094; with every ticker kept it was answered above, composedStart).
    const start =
      series === null && parts.rowMode === null && parts.text.startsWith(CALENDAR_START_MARK)
        ? calendarStartRequest(parts.values)
        : null;
    const snapshot = this.snapshot;
    const client: RawClient =
      series !== null
        ? {
            query: async () => {
              const composed = await composeSeriesRead(cache, version, parts.text, series, (only) =>
                snapshot.query(typeof config === 'string' ? parts.text : { ...config }, only),
              );
              this.seriesKept += composed.kept;
              this.seriesSent += composed.sent;
              if (composed.sent === 0) this.cacheHits++;
              return composed;
            },
          }
        : start !== null
          ? {
              query: () =>
                composeCalendarStartRead(cache, version, start, (statement) =>
                  snapshot.query(statement.text, statement.values),
                ),
            }
          : snapshot;
    try {
      return await recorded(this.statements, client, config, values, (answer, rows) => {
        this.readKeys.set(rows, key);
        // Each ticker's recorded row named by what it holds, for every run of the process: a
        // bundle part of its own, shared by the reads of every fund that holds it (decision 0091).
        if (series !== null)
          answer.rows.forEach((row, i) => {
            const recordedRow = rows[i];
            if (typeof recordedRow === 'object' && recordedRow !== null)
              cache.nameRow(
                recordedRow,
                seriesRowKey(cache, version, parts.text, (row as SeriesColumnsRow).ticker, series),
              );
          });
        const cached: CachedAnswer = {
          rows: answer.rows,
          encodedRows: rows,
          rowCount: answer.rowCount,
          command: answer.command ?? null,
        };
        // Not a composed series read: its rows are kept per ticker already, and kept whole too
        // (with their recorded form) they took the room of other funds' series (decision 0081).
        if (series === null) cache.set(key, cached, answerBytes(answer.rows) + answerBytes(rows));
        share(cached);
      });
    } finally {
      share(null); // a failed read: the waiting run sends the statement itself
    }
  }

  /**
   * The key that names the rows of one of this run's market or reference reads (the bundle part
   * memo's key, decision 0086): its cache key (statement, values and the version of the tables
   * it reads), which names the same rows for every run, as the cache's answers do. Undefined for
   * any other value.
   */
  readKey(rows: object): string | undefined {
    return this.readKeys.get(rows) ?? this.cache?.rowName(rows);
  }

  /**
   * The window's first date formed from the packed rows kept for its tickers (decision 0081),
   * when every ticker's row holds enough of its days up to the date; else null.
   */
  private composedStart(parts: StatementKeyParts, version: string): CachedAnswer | null {
    if (this.cache === null || parts.rowMode !== null) return null;
    if (!parts.text.startsWith(CALENDAR_START_MARK)) return null;
    const request = calendarStartRequest(parts.values);
    const row = request && composeCalendarStart(this.cache, version, request);
    // The row as the driver gives it and as the recording holds it (two strings or a null).
    return row ? { rows: [row], encodedRows: [{ ...row }], rowCount: 1, command: 'SELECT' } : null;
  }

  async connect(): Promise<RawClient & { release(error?: Error | boolean): void }> {
    const client = await this.pool.connect();
    return {
      query: async (config, values) => {
        await this.beforeStatement?.();
        return recorded(this.statements, client, config, values);
      },
      release: (error) => {
        client.release(error);
      },
    };
  }
}

/** A drizzle handle over `db`'s pool that records every statement of a run into `recorder`. */
export function recordingDatabase(
  db: Database,
  snapshot: RawClient | null = null,
  beforeStatement: (() => Promise<void>) | null = null,
  cache: MarketReadCache | null = null,
  versions: SnapshotVersions | null = null,
): { db: Database; recorder: RecordingPool } {
  const recorder = new RecordingPool(poolOf(db), snapshot, beforeStatement, cache, versions);
  return { db: databaseOver(recorder), recorder };
}
