import pg from 'pg';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from 'drizzle-orm';
import { drizzle, NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly pool: pg.Pool;
  /** Closes every pooled connection. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly max?: number;
  /** Called for errors of idle connections (for example when the server shuts down). */
  readonly onIdleError?: (error: Error) => void;
}

/** One pool per process; Drizzle on top of node-postgres. */
export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // Without a listener an idle connection dropped by the server would crash the process.
  const onError = options.onIdleError ?? (() => undefined);
  pool.on('error', onError);
  // A connection the server drops while a request holds it (PostgreSQL restarted, backend
  // terminated) fails that request's query; the client's own error event must not crash the
  // process either. The pool then discards the client and opens a new one for the next request.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * A drizzle handle with this schema over any node-postgres-like client (an object with
 * `query(config, values)`, and `connect()` when its class name says Pool): the worker records a
 * run's statements through one and replays them through another (decision 0041).
 */
export function databaseOver(client: QueryClient): Database {
  // What `drizzle(client, { schema })` makes, without extracting the relational config of the
  // whole schema again: the worker makes one handle per run (decision 0111).
  const { dialect, relational } = (shared ??= {
    dialect: new PgDialect(),
    relational: relationalConfig(),
  });
  const db = new NodePgDatabase(
    dialect,
    new NodePgSession(client as unknown as pg.Pool, dialect, relational, {}),
    relational,
  ) as Database & { $client: unknown };
  db.$client = client;
  return db;
}

type SchemaRelations = RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>>;

/** The dialect and the schema's relational config that every handle of databaseOver shares. */
let shared: { readonly dialect: PgDialect; readonly relational: SchemaRelations } | undefined;

/** The schema's relational config as drizzle() extracts it (tables, relations, names). */
function relationalConfig(): SchemaRelations {
  const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<typeof schema>>(
    schema,
    createTableRelationsHelpers,
  );
  return { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
}

/** The part of a node-postgres client drizzle calls: `query(config, values)` (see databaseOver). */
export interface QueryClient {
  query(
    config: { readonly text: string; readonly rowMode?: string; readonly types?: unknown },
    values?: unknown[],
  ): Promise<{ rows: unknown[]; rowCount: number | null; command?: string }>;
}

/** True when a query failed on a unique constraint (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** True when a query was chosen as the victim of a deadlock (SQLSTATE 40P01): it may be retried. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

/** Tries of one queue's creation when another process creates it at the same moment. */
const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * pg-boss's `createQueue` (idempotent), tried again when it fails with a deadlock or a unique
 * violation: on a first start the API, the worker's analysis consumers, its report scheduler and
 * its FTP jobs may create queues at the same moment, and pg-boss's create_queue then fails one of
 * them (demo-reports.test in full runs: "deadlock detected" ended the worker's report service).
 * The queue exists by the next try; any other error is thrown at once.
 */
export async function createQueueConcurrently<Options>(
  boss: { createQueue(name: string, options?: Options): Promise<void> },
  name: string,
  options: Options,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      const concurrent = isDeadlock(error) || isUniqueViolation(error);
      if (!concurrent || attempt >= CREATE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** The database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * True when `error` (or its cause chain) says the database is down or restarting: connection
 * refused, reset or dropped, or PostgreSQL shutting down / starting up (SQLSTATE classes 08 and
 * 57P). Such a failure may be retried once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (/^(08|57P)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH)$/.test(code))
    )
      return true;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|the database system is (shutting down|starting up)/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
