/**
 * The large manager's night (issue 25): `npm run bench -- night`.
 *
 * 1. Generates the seeded data set of bench/night/data-set.ts (100 funds × 200 positions = 20,000
 *    holdings rows a day, 3,000 series, 10 years of business days; not the demo).
 * 2. Starts a throw-away embedded PostgreSQL with the schema and the demo users only, and the
 *    compiled API as `npm start` runs it (API process + its worker child process), and loads the
 *    data set through the import screens' API, as users do: instruments, prices (creating their
 *    series), FX rates, the portfolios (created on the holdings upload's confirmation), the
 *    holdings, and the ticker mappings (bulk rules). Prints the time of each.
 * 3. Runs the nightly batch for the last date through the queue's batch lane: VaR with all three
 *    methods and its decomposition (incremental VaR), backtest, leverage, stress with every
 *    shipped scenario, risk value per fund; the internal audit with every criterion and breach
 *    tracking, and RMD limit tracking, through their own run-all endpoints. While it runs, a user
 *    starts a VaR run: it must finish within 1 s of its compute time.
 * 4. Prints the wall time per analysis and in total, every run's status, the CPU of the worker's
 *    main thread, its other threads and PostgreSQL over the batch (night/cpu.ts), the peak memory
 *    (VmHWM) of the API and worker processes over the batch (the API's while loading is printed
 *    with each step of the load; decision 0117), and the database size. Goal on 2 cores: under
 *    60 s in total, under 2 GB, every run done. Then times the lists the screens users open
 *    first read on this house (data quality, ticker mappings, series, portfolios, instruments,
 *    RMD tracking), each under 1 s, with the API's peak memory while serving them.
 * 5. Starts a second worker process on the same queue (`npm run worker`'s compiled entry) and runs
 *    the same batch again: prints each process's CPU and the speed-up, with how busy the first
 *    process kept the cores alone (both share this machine's cores; decision 0112).
 * 6. Holds each worker process to a core of its own (taskset), as a house adds a machine per
 *    worker: the same batch with the first process alone on one core, then with a second process
 *    on the other, PostgreSQL on either; prints both and the speed-up (--skip-core-each: not run;
 *    decision 0117).
 *
 * Smaller runs for a quick look: node --import tsx bench/night.ts --funds 10 --series 300 --years 3
 * The user's run during the batch only, several times (the worst counts), then stop:
 *   node --import tsx bench/night.ts --funds 20 --series 300 --years 5 --user-runs 5 --user-only
 * --keep-dir <dir>: the database is kept in <dir> (not deleted at the end); a later run with the
 * same dir, sizes and generator version (NIGHT_DATA_VERSION) starts from it without loading again (the full size loads in ~4 minutes), so
 * a change to the API or the worker can be measured again on the same data. The finished runs of
 * earlier batches are deleted before each batch (and the bundle parts only they referred to, so that
 * each batch stores its bundles as a new night does); the runs it left unfinished are cancelled.
 * --log-statements-over <ms>: PostgreSQL logs every statement that took longer, with its time, in
 * <data dir>/postgres.log (PostgreSQL's log_min_duration_statement; with --keep-dir, kept).
 * --statement-stats <n>: PostgreSQL counts every statement (pg_stat_statements); after each batch
 * the bench prints the database's total execution time and the <n> statements that took most.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ANALYSIS_QUEUES,
  REPORT_MAX_PORTFOLIOS,
  RunLane,
  VAR_METHODS,
  type AnalysisType,
  type ImportResponse,
  type LoginResponse,
  type Report,
  type ReportTemplate,
  type Run,
} from '../packages/contracts/src/index.ts';
import {
  connectDatabase,
  deleteUnreferencedBundleParts,
  migrateDatabase,
  startEmbeddedPostgres,
  type Database,
} from '../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { demoUsersStep } from '../apps/api/src/demo/demo-users.ts';
import {
  createRunQueue,
  queueRuns,
  type RunToQueue,
} from '../apps/api/src/modules/analyses/run-queue.ts';
import { PDF_PROGRESS } from '../apps/api/src/modules/reports/report-output.ts';
import { parseWorkerEnv } from '../apps/worker/src/config.ts';
import { COMPILED_ARGS, COMPILED_ENTRIES, ensureServerBuilt } from '../scripts/server-build.mjs';
import {
  generateNightData,
  heldMix,
  NIGHT_DATA_VERSION,
  NIGHT_SIZE,
  MARKET,
  type NightDataSet,
} from './night/data-set.ts';
import {
  fxFile,
  holdingsFiles,
  instrumentsFile,
  priceFiles,
  type ImportFile,
} from './night/import-files.ts';
import {
  childPids,
  coresBusy,
  cpuSnapshot,
  describeCpu,
  describeProcessesCpu,
} from './night/cpu.ts';
import { newPortfolios } from './night/new-portfolios.ts';
import {
  describeMarketReads,
  describeRunSteps,
  describeTimeline,
  watchRunTimelines,
} from './run-timelines.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_SECONDS = 60;
const GOAL_BYTES = 2 * 1024 ** 3;
const USER_SLACK_MS = 1000;
/** The runs each worker process executes at once on the batch lane (its WORKER_CONCURRENCY). */
const batchSlots = parseWorkerEnv({
  ...process.env,
  DATABASE_URL: 'postgres://bench',
}).WORKER_CONCURRENCY;

const { values: args } = parseArgs({
  options: {
    funds: { type: 'string' },
    positions: { type: 'string' },
    series: { type: 'string' },
    years: { type: 'string' },
    port: { type: 'string' },
    'user-runs': { type: 'string' },
    'user-only': { type: 'boolean' },
    'keep-dir': { type: 'string' },
    'log-statements-over': { type: 'string' },
    'statement-stats': { type: 'string' },
    'skip-core-each': { type: 'boolean' },
  },
});
const size = {
  ...NIGHT_SIZE,
  ...(args.funds ? { funds: Number(args.funds) } : {}),
  ...(args.positions ? { positionsPerFund: Number(args.positions) } : {}),
  ...(args.series ? { series: Number(args.series) } : {}),
  ...(args.years ? { years: Number(args.years) } : {}),
};
const PORT = Number(args.port ?? process.env['BENCH_PORT'] ?? 3178);
const BASE = `http://127.0.0.1:${String(PORT)}/api`;
const ACTOR = { userId: null, name: 'Gece toplu işi (bench)' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

// --- processes -----------------------------------------------------------------------------------

/** Peak resident memory (VmHWM) of a process, in bytes; 0 when it is gone. */
function peakMemory(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts a process's peak resident memory (VmHWM) again from its resident memory now (Linux's
 * clear_refs 5): the batch's peak is then the batch's, not the load's before it (printed apart).
 */
function resetPeakMemory(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    writeFileSync(`/proc/${String(pid)}/clear_refs`, '5');
  } catch {
    // not allowed or gone: the peak stays the process's whole life's
  }
}

function spawnLogged(
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stderr.on('data', keep);
  watchRunTimelines(child.stderr);
  return new Promise((resolve, reject) => {
    let out = '';
    const look = (chunk: Buffer) => {
      keep(chunk);
      out = (out + chunk.toString()).slice(-4000);
      if (out.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => {
      reject(new Error(`${command.at(-1) ?? ''} exited (${String(code)}):\n${tail}`));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// --- the API, as a user's browser or script calls it ---------------------------------------------

let session: Record<string, string> = {};

function xsrfOf(res: Response): Record<string, string> {
  const value = /XSRF-TOKEN=([^;]*)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  if (value === undefined) throw new Error('no anti-forgery cookie');
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
}

async function login(username: string): Promise<void> {
  const xsrf = xsrfOf(await fetch(`${BASE}/health`));
  const res = await fetch(`${BASE}/Authorization/Login`, {
    method: 'POST',
    headers: { ...xsrf, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${String(res.status)}`);
  const token = ((await res.json()) as LoginResponse).accessToken;
  session = { ...xsrfOf(res), authorization: `Bearer ${token}` };
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { ...session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok)
    throw new Error(`${method} ${path}: ${String(res.status)} ${(await res.text()).slice(0, 600)}`);
  return (await res.json()) as T;
}

async function upload(
  kind: string,
  file: ImportFile,
  fields: Record<string, unknown> = {},
): Promise<ImportResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, JSON.stringify(value));
  form.append('file', new Blob([file.text], { type: 'text/csv' }), file.name);
  const res = await fetch(`${BASE}/imports/${kind}?acceptWarnings=true`, {
    method: 'POST',
    headers: session,
    body: form,
  });
  if (!res.ok)
    throw new Error(
      `${kind} ${file.name}: ${String(res.status)} ${(await res.text()).slice(0, 1500)}`,
    );
  return (await res.json()) as ImportResponse;
}

// --- the users' lists ----------------------------------------------------------------------------

/**
 * What the screens users open first read on a house this size (issue 25, "Users before batches";
 * decision 0123: these took up to 7 s on this data set): each list's median of three calls, and
 * its first (the series' quality checks are kept for the data they were made on, decision 0140:
 * the first call makes them).
 */
const USER_LISTS = [
  '/data-quality',
  '/series/quality?kind=price',
  '/ticker-mappings',
  '/ticker-mappings/unmapped',
  '/series',
  '/portfolios?kind=fund',
  '/instruments?limit=1000',
  '/rmd-tracking',
];
const LIST_LIMIT_MS = 1000;

async function timeUserLists(apiPid: number | undefined): Promise<void> {
  resetPeakMemory(apiPid);
  const before = peakMemory(apiPid);
  console.log(
    `lists users open on this house, median of 3 calls (limit ${String(LIST_LIMIT_MS)} ms):`,
  );
  for (const path of USER_LISTS) {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(`${BASE}${path}`, { headers: session });
      if (!res.ok) throw new Error(`GET ${path}: ${String(res.status)}`);
      bytes = (await res.arrayBuffer()).byteLength;
      ms.push(performance.now() - started);
    }
    const first = ms[0]!;
    const median = [...ms].sort((a, b) => a - b)[1]!;
    console.log(
      `  GET ${path.padEnd(28)} ${median.toFixed(0).padStart(5)} ms (first ${first.toFixed(0)} ms), ${(bytes / 1024).toFixed(0)} KB: ${median < LIST_LIMIT_MS ? 'OK' : 'SLOW'}`,
    );
  }
  console.log(
    `  the API's peak memory while serving them: ${mb(peakMemory(apiPid))} (from ${mb(before)})`,
  );
}

// --- a scheduled report ------------------------------------------------------------------------

/**
 * The board's monthly report of as many funds as a report takes, on the batch's date, as a
 * schedule makes it (issue 25 counts scheduled reports among the batch work): the batch's runs
 * reused, its liquidity and concentration runs started for it. Prints its time, its pages and the
 * worker process's peak memory meanwhile (it renders reports; decision 0142).
 */
async function timeBoardReport(data: NightDataSet, workerPid: number | undefined): Promise<void> {
  const templates = await call<ReportTemplate[]>('GET', '/report-templates');
  const board = templates.find((t) => t.key === 'board-monthly');
  if (board === undefined) throw new Error('no board-monthly report template');
  const codes = data.funds.slice(0, REPORT_MAX_PORTFOLIOS).map((f) => f.code);
  resetPeakMemory(workerPid);
  const before = peakMemory(workerPid);
  const started = performance.now();
  let report = await call<Report>('POST', '/reports', {
    templateId: board.id,
    portfolioCodes: codes,
    asOfDate: data.size.endDate,
  });
  // When its progress passed the document's and the workbook's marks (polled every 0.5 s).
  let documentAt = Number.NaN;
  let workbookAt = Number.NaN;
  while (report.status === 'queued' || report.status === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    report = await call<Report>('GET', `/reports/${String(report.id)}`);
    const at = performance.now();
    if (Number.isNaN(documentAt) && report.progress >= PDF_PROGRESS.from) documentAt = at;
    if (Number.isNaN(workbookAt) && report.progress >= PDF_PROGRESS.to) workbookAt = at;
  }
  const ended = performance.now();
  if (report.status !== 'done')
    throw new Error(`board report ${report.status}: ${report.error ?? ''}`);
  const pdf = report.files.find((f) => f.format === 'pdf');
  const reused = report.runsUsed.filter((r) => r.reused).length;
  console.log(
    `board report of ${String(codes.length)} funds (${board.name}): ${seconds(ended - started)} (its runs ${seconds(documentAt - started)}, document and PDF ${seconds(workbookAt - documentAt)}, workbook and storing ${seconds(ended - workbookAt)}, by its progress), ${String(pdf?.pages ?? 0)} pages, ${String(reused)} of ${String(report.runsUsed.length)} runs reused; the worker's peak memory meanwhile ${mb(peakMemory(workerPid))} (from ${mb(before)})`,
  );
}

// --- loading -------------------------------------------------------------------------------------

/** Runs `work` and prints its time, and the API's peak memory so far when given its `apiPid`. */
async function timed<T>(label: string, work: () => Promise<T>, apiPid?: number): Promise<T> {
  const t = performance.now();
  const out = await work();
  const peak = apiPid === undefined ? '' : ` (API's peak memory so far ${mb(peakMemory(apiPid))})`;
  console.log(`  ${label}: ${seconds(performance.now() - t)}${peak}`);
  return out;
}

/** The files a user would upload, written out before the API starts (see `load`). */
interface ImportFiles {
  readonly instruments: ImportFile;
  readonly prices: readonly ImportFile[];
  readonly fx: ImportFile;
  readonly portfolios: ReturnType<typeof newPortfolios>;
  readonly holdings: readonly ImportFile[];
}

function importFiles(data: NightDataSet): ImportFiles {
  return {
    instruments: instrumentsFile(data),
    prices: priceFiles(data),
    fx: fxFile(data),
    portfolios: newPortfolios(data),
    holdings: holdingsFiles(data),
  };
}

/**
 * Uploads the files in a user's order. They are all written before the API starts: writing the
 * 33 price files takes seconds of this thread, and a connection that sat idle through them had
 * been closed by the API's keep-alive timeout (5 s) before fetch's own idle timer could run (not
 * before the thread was free), so the next upload wrote into a closed socket (EPIPE).
 */
async function load(data: NightDataSet, files: ImportFiles, apiPid: number): Promise<void> {
  const { instruments, prices, fx, portfolios, holdings } = files;
  const priceRows = prices.reduce((s, f) => s + f.rows, 0);
  const holdingRows = holdings.reduce((s, f) => s + f.rows, 0);
  console.log('loading through the import API:');
  const started = performance.now();
  await timed(
    `instruments (${String(instruments.rows)} rows)`,
    () => upload('instruments', instruments),
    apiPid,
  );
  await timed(
    `prices (${String(priceRows)} rows in ${String(prices.length)} files)`,
    async () => {
      for (const file of prices) await upload('prices', file, { newSeries: file.newSeries });
    },
    apiPid,
  );
  await timed(`FX rates (${String(fx.rows)} rows)`, () => upload('fxRates', fx), apiPid);
  await timed(
    `holdings (${String(holdingRows)} rows in ${String(holdings.length)} files, ${String(data.holdingsDates.length)} dates)`,
    async () => {
      for (const [i, file] of holdings.entries())
        await upload('holdings', file, i === 0 ? { newPortfolios: portfolios } : {});
    },
    apiPid,
  );
  await timed(
    'ticker mappings (bulk rules)',
    async () => {
      for (const mainType of [
        'stock',
        'governmentBond',
        'corporateBond',
        'fundShare',
        'future',
        'option',
      ])
        await call('POST', '/ticker-mappings/bulk', {
          rule: { mainType },
          target: { kind: 'sameCode' },
        });
      for (const mainType of ['deposit', 'reverseRepo', 'moneyMarket'])
        await call('POST', '/ticker-mappings/bulk', {
          rule: { mainType, currency: 'TRY' },
          target: { kind: 'series', seriesTicker: MARKET.moneyMarketIndex },
        });
      await call('POST', '/ticker-mappings/bulk', {
        rule: { mainType: 'deposit', currency: 'USD' },
        target: { kind: 'series', seriesTicker: MARKET.usdTry },
      });
    },
    apiPid,
  );
  console.log(`  load in total: ${seconds(performance.now() - started)}`);
}

/**
 * The batch `queue` queues, after `prepare`, waited for with the CPU of the worker processes
 * `pids` and PostgreSQL over it: prints its report (under `label`) and that CPU.
 */
async function measuredBatch(options: {
  readonly pool: pg.Pool;
  readonly prepare: () => Promise<void>;
  readonly queue: () => Promise<Batch>;
  readonly pids: readonly (number | undefined)[];
  readonly pgDir: string;
  readonly label: string;
}): Promise<{ batch: Batch; rows: RunRow[]; wall: number }> {
  await options.prepare();
  const batch = await options.queue();
  const before = options.pids.map((pid) => cpuSnapshot(pid, options.pgDir));
  const rows = await waitFor(options.pool, batch);
  const after = options.pids.map((pid) => cpuSnapshot(pid, options.pgDir));
  const wall = report(rows, options.label);
  const cpu = describeProcessesCpu(before, after, availableParallelism());
  if (cpu !== null) console.log(cpu);
  return { batch, rows, wall };
}

// --- a core per worker process ------------------------------------------------------------------

/** Holds every thread of process `pid` (and the threads it starts later) to `core`. */
function pinToCore(pid: number, core: number): boolean {
  return (
    spawnSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' })
      .status === 0
  );
}

/**
 * How the batch scales when each worker process has cores of its own, as a house adds a machine
 * per worker (step 6): with both processes on the same cores, which one keeps busy alone, the
 * second adds nothing to measure. Each process is held to one core (taskset), PostgreSQL runs on
 * either: the same batch with the first process alone on core 0, then with a second process on
 * core 1. Prints both and the speed-up; returns the runs of both batches.
 */
async function coreEachScaleOut(options: {
  readonly db: { readonly pool: pg.Pool; readonly db: Database };
  readonly workerPid: number | undefined;
  /** The second process of step 5, stopped first. */
  readonly second: ChildProcess;
  readonly wallTwo: number;
  readonly start: () => Promise<ChildProcess>;
  readonly batch: () => Promise<Batch>;
  readonly pgDir: string;
}): Promise<RunRow[]> {
  const { db, workerPid, pgDir } = options;
  await stopProcess(options.second);
  if (availableParallelism() < 2 || workerPid === undefined || !pinToCore(workerPid, 0)) {
    console.log(
      'a core per worker process: not measured (one core, or taskset could not hold the process)',
    );
    return [];
  }
  const alone = await measuredBatch({
    pool: db.pool,
    prepare: () => clearFinishedRuns(db.pool, db.db),
    queue: options.batch,
    pids: [workerPid],
    pgDir,
    label: 'the same batch, one worker process held to core 0',
  });
  const other = await options.start();
  if (other.pid === undefined || !pinToCore(other.pid, 1)) {
    console.log('two worker processes on a core each: not measured (taskset could not hold it)');
    return alone.rows;
  }
  const both = await measuredBatch({
    pool: db.pool,
    prepare: () => clearFinishedRuns(db.pool, db.db),
    queue: options.batch,
    pids: [workerPid, other.pid],
    pgDir,
    label: 'the same batch, two worker processes on a core each',
  });
  console.log(
    `speed-up with a second worker process on a core of its own: ${(alone.wall / both.wall).toFixed(2)}x ` +
      `(PostgreSQL ran on both cores, as it would not on a server of its own; two processes on both cores took ${seconds(options.wallTwo)})`,
  );
  return [...alone.rows, ...both.rows];
}

// --- the batch -----------------------------------------------------------------------------------

interface Batch {
  readonly since: Date;
  readonly runIds: string[];
}

/** Queues the night's runs on the batch lane (as the schedules do) and the two run-all batches. */
async function queueBatch(
  db: ReturnType<typeof connectDatabase>['db'],
  data: NightDataSet,
  scenarioIds: number[],
): Promise<Batch> {
  const since = new Date();
  const asOfDate = data.size.endDate;
  const queue = createRunQueue(db, (e) => console.error(e));
  const runs: RunToQueue[] = [];
  const add = (analysisType: AnalysisType, inputs: Record<string, unknown>) =>
    runs.push({ analysisType, inputs, requester: ACTOR, lane: RunLane.Batch });
  for (const fund of data.funds) {
    const one = { portfolioCodes: [fund.code], asOfDate };
    for (const method of VAR_METHODS) add('var', { ...one, method });
    add('incremental-var', { portfolioCode: fund.code, asOfDate, trades: [] });
    add('backtest', { portfolioCode: fund.code, toDate: asOfDate });
    add('leverage', one);
    add('stress-test', { ...one, scenarioIds });
    add('risk-value', one);
  }
  const runIds: string[] = [];
  try {
    // As a scheduler's: its pg-boss is running before the night starts.
    await queue.start();
    const rows = await db.transaction((tx) => queueRuns(tx, queue, runs));
    runIds.push(...rows.map((row) => row.id));
  } finally {
    await queue.close();
  }
  const audit = await call<{ runId: string | null }>('POST', '/internal-audit/run-all', {
    asOfDate,
  });
  if (audit.runId) runIds.push(audit.runId);
  const rmd = await call<{ runIds: string[] }>('POST', '/rmd-tracking/run-all', { asOfDate });
  runIds.push(...rmd.runIds);
  return { since, runIds };
}

interface RunRow {
  analysis_type: string;
  status: string;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

async function waitFor(pool: pg.Pool, batch: Batch, onTick?: () => void): Promise<RunRow[]> {
  let lastProgress = Date.now();
  for (;;) {
    const { rows } = await pool.query<RunRow>(
      `SELECT analysis_type, status, error, created_at, started_at, finished_at
         FROM analysis_runs WHERE id = ANY($1::uuid[])`,
      [batch.runIds],
    );
    onTick?.();
    if (rows.every((r) => ['done', 'failed', 'cancelled'].includes(r.status))) return rows;
    if (Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      console.log(`  … ${[...counts].map(([k, v]) => `${k} ${String(v)}`).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** With --statement-stats: counting from now on (pg_stat_statements). */
/**
 * Deletes the finished runs of earlier batches with their input bundles, and the bundle parts no
 * run refers to any more (decision 0086): each batch stores its bundles as a new night would,
 * not finding its parts stored by the batch before (same data, same date). Their finished jobs
 * go too: a running worker's pg-boss archives a completed job after 12 hours, so a night does not
 * find the night before's in the queue, but the bench's processes never live long enough to do
 * it, and a data set kept with --keep-dir gathered 110,000 of them over the batches run on it.
 */
async function clearFinishedRuns(pool: pg.Pool, db: Database): Promise<void> {
  const runs = await pool.query(
    `DELETE FROM analysis_runs WHERE status IN ('done', 'failed', 'cancelled')`,
  );
  const parts = await deleteUnreferencedBundleParts(db);
  const jobs = await pool.query(
    `DELETE FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('completed', 'failed', 'cancelled')`,
    [[...ANALYSIS_QUEUES]],
  );
  // The space of the deleted rows is reused by the next batch's (the database does not grow).
  await pool.query(
    'VACUUM analysis_runs, analysis_run_bundles, analysis_bundle_parts, analysis_run_bundle_parts, pgboss.job',
  );
  if ((runs.rowCount ?? 0) > 0 || (jobs.rowCount ?? 0) > 0)
    console.log(
      `earlier runs deleted: ${String(runs.rowCount)} with their bundles, ${String(parts)} bundle parts, ${String(jobs.rowCount)} finished jobs`,
    );
}

/**
 * What the batch's runs stored as input bundles: their own rows and the parts they refer to, with
 * the parts those refer to (a read's rows, decision 0091).
 */
async function describeBundles(pool: pg.Pool, runIds: readonly string[]): Promise<string> {
  const { rows } = await pool.query<{ own: string; parts: string; count: string; json: string }>(
    `SELECT (SELECT coalesce(sum(length(content)), 0) FROM analysis_run_bundles
              WHERE run_id = ANY($1::uuid[]))::text AS own,
            coalesce(sum(length(p.content)), 0)::text AS parts, count(p.hash)::text AS count,
            coalesce(sum(p.json_bytes), 0)::text AS json
       FROM analysis_bundle_parts p
      WHERE p.hash IN (SELECT hash FROM analysis_run_bundle_parts WHERE run_id = ANY($1::uuid[])
                       UNION
                       SELECT unnest(r.children) FROM analysis_bundle_parts r
                         JOIN analysis_run_bundle_parts l ON l.hash = r.hash
                        WHERE l.run_id = ANY($1::uuid[]))`,
    [runIds],
  );
  const r = rows[0]!;
  return `input bundles of the batch: ${mb(Number(r.own))} in the runs' own rows, ${mb(Number(r.parts))} in ${r.count} parts stored once (${mb(Number(r.json))} of JSON; decisions 0086, 0091, 0100)`;
}

async function resetStatementStats(pool: pg.Pool, top: number): Promise<void> {
  if (top <= 0) return;
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query('SELECT pg_stat_statements_reset()');
}

/** With --statement-stats: the database's time since the reset, and the statements that took most. */
async function printStatementStats(pool: pg.Pool, top: number): Promise<void> {
  if (top <= 0) return;
  const { rows } = await pool.query<{ total: number; calls: string; query: string }>(
    `SELECT total_exec_time AS total, calls::text, query FROM pg_stat_statements
     ORDER BY total_exec_time DESC`,
  );
  const all = rows.reduce((s, r) => s + r.total, 0);
  const calls = rows.reduce((s, r) => s + Number(r.calls), 0);
  console.log(
    `statements: ${String(rows.length)}, ${String(calls)} calls, execution time ${seconds(all)} in all; most:`,
  );
  for (const r of rows.slice(0, top)) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110);
    console.log(
      `  ${seconds(r.total).padStart(8)} ${r.calls.padStart(7)} calls  ${(r.total / Number(r.calls)).toFixed(2).padStart(7)} ms  ${text}`,
    );
  }
}

function report(rows: RunRow[], label: string): number {
  const first = Math.min(...rows.map((r) => r.created_at.getTime()));
  const lastFinished = Math.max(...rows.map((r) => r.finished_at?.getTime() ?? 0));
  const byType = new Map<string, RunRow[]>();
  for (const r of rows) byType.set(r.analysis_type, [...(byType.get(r.analysis_type) ?? []), r]);
  console.log(`${label}: ${String(rows.length)} runs`);
  console.log('  analysis              runs  failed  compute (sum)  wall (first start → last end)');
  for (const [type, list] of [...byType].sort()) {
    const compute = list.reduce(
      (s, r) => s + ((r.finished_at?.getTime() ?? 0) - (r.started_at?.getTime() ?? 0)),
      0,
    );
    const start = Math.min(...list.map((r) => r.started_at?.getTime() ?? Infinity));
    const end = Math.max(...list.map((r) => r.finished_at?.getTime() ?? 0));
    const failed = list.filter((r) => r.status !== 'done').length;
    console.log(
      `  ${type.padEnd(20)} ${String(list.length).padStart(5)}  ${String(failed).padStart(6)}  ${seconds(compute).padStart(13)}  ${seconds(end - start).padStart(10)}`,
    );
  }
  const failures = rows.filter((r) => r.status !== 'done');
  for (const f of failures.slice(0, 5))
    console.log(`  not done: ${f.analysis_type} ${f.status}: ${f.error ?? ''}`);
  const wall = lastFinished - first;
  console.log(
    `  total wall time: ${seconds(wall)} (goal under ${String(GOAL_SECONDS)} s): ${wall < GOAL_SECONDS * 1000 ? 'OK' : 'TOO SLOW'}; every run done: ${failures.length === 0 ? 'yes' : `NO (${String(failures.length)})`}`,
  );
  return wall;
}

/** A user's VaR run during the batch: milliseconds beyond its own compute time. */
async function userRunDuringBatch(
  code: string,
  asOfDate: string,
  pool: pg.Pool | null = null,
  when = 'during the batch',
): Promise<number> {
  await login('hesaplayici');
  const t = performance.now();
  const { id } = await call<Run>('POST', '/analyses/runs', {
    analysisType: 'var',
    inputs: { portfolioCodes: [code], asOfDate },
  });
  const postMs = performance.now() - t;
  const polls: number[] = [];
  for (;;) {
    const asked = performance.now();
    const run = await call<Run>('GET', `/analyses/runs/${id}`);
    polls.push(performance.now() - asked);
    if (run.status === 'done' || run.status === 'failed') {
      const total = performance.now() - t;
      const compute = Date.parse(run.finishedAt ?? '') - Date.parse(run.startedAt ?? '');
      const beyond = total - compute;
      console.log(
        `user VaR run ${when} (${code}): ${run.status}, ${total.toFixed(0)} ms from request to result, compute ${String(compute)} ms, waited ${beyond.toFixed(0)} ms (goal within ${String(USER_SLACK_MS)} ms of compute): ${beyond < USER_SLACK_MS ? 'OK' : 'TOO SLOW'}`,
      );
      await new Promise((r) => setTimeout(r, 200)); // the worker's log line follows its commit
      console.log(
        `  where it went: POST answered in ${postMs.toFixed(0)} ms (a GET of the run: longest ${Math.max(...polls).toFixed(0)} ms); ${describeTimeline(id)}`,
      );
      if (pool) await printOverlapping(pool, id);
      return beyond;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The batch runs in progress during the user's run, with their timelines (--user-only). */
async function printOverlapping(pool: pg.Pool, userRunId: string): Promise<void> {
  const { rows } = await pool.query<{ id: string; analysis_type: string; inputs: unknown }>(
    `SELECT b.id, b.analysis_type, b.inputs FROM analysis_runs b, analysis_runs u
      WHERE u.id = $1 AND b.lane = 'batch' AND b.started_at < u.finished_at
        AND COALESCE(b.finished_at, now()) > u.created_at ORDER BY b.started_at`,
    [userRunId],
  );
  for (const r of rows)
    console.log(
      `    batch meanwhile: ${r.analysis_type} ${JSON.stringify(r.inputs).slice(0, 80)}; ${describeTimeline(r.id)}`,
    );
}

/** Ends the bench after the user's runs (--user-only): the batch is left unfinished. */
class UserOnly extends Error {
  constructor(readonly slack: number) {
    super('user runs only');
  }
}

// --- main ----------------------------------------------------------------------------------------

const generated = performance.now();
const data = generateNightData(size);
const values = data.series.reduce((s, x) => s + x.values.filter((v) => !Number.isNaN(v)).length, 0);
console.log(
  `data set (seed ${String(size.seed)}): ${String(data.funds.length)} funds, ${String(data.funds.reduce((s, f) => s + f.positions.length, 0))} holdings rows a day, ${String(data.series.length)} series, ${String(data.dates.length)} dates (${data.dates[0]!} – ${data.size.endDate}), ${String(values)} prices; generated in ${seconds(performance.now() - generated)}`,
);
const mix = heldMix(data);
console.log(
  `  held a day (rows, funds): ${mix.map((k) => `${k.label} ${String(k.rows)} (${String(k.funds)})`).join(', ')}`,
);
const missing = mix.filter((k) => k.rows === 0).map((k) => k.label);
if (missing.length > 0)
  throw new Error(`the night funds hold none of the demo's mix: ${missing.join(', ')}`);

const keepDir = args['keep-dir'];
const loadedMark =
  keepDir === undefined
    ? null
    : join(keepDir, `loaded-v${String(NIGHT_DATA_VERSION)}-${JSON.stringify(size)}`);
const reuse = loadedMark !== null && existsSync(loadedMark);
const files = reuse ? null : importFiles(data);
ensureServerBuilt(ROOT);
const dataDir = keepDir ?? (await mkdtemp(join(tmpdir(), 'fonrisk-bench-night-')));
await mkdir(dataDir, { recursive: true });
await chmod(dataDir, 0o755);
const logOver = args['log-statements-over'];
const statementStats = args['statement-stats'] === undefined ? 0 : Number(args['statement-stats']);
const server = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'pg'),
  logFile: logOver === undefined ? null : join(dataDir, 'postgres.log'),
  settings: {
    ...(logOver === undefined ? {} : { log_min_duration_statement: logOver }),
    ...(statementStats > 0 ? { shared_preload_libraries: 'pg_stat_statements' } : {}),
  },
});
const processes: ChildProcess[] = [];
let failed: boolean;
try {
  const url = new URL(server.adminUrl);
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  if (!reuse) {
    await admin.query('DROP DATABASE IF EXISTS fonrisk_night');
    await admin.query('CREATE DATABASE fonrisk_night');
  }
  await admin.end();
  url.pathname = '/fonrisk_night';
  const databaseUrl = url.toString();
  const handle = connectDatabase(databaseUrl, { max: 4 });
  if (!reuse) {
    await migrateDatabase(handle.pool);
    await loadDemoData(handle.db, [demoUsersStep]);
  } else {
    // A --user-only bench leaves its batch unfinished: it must not run beside this one's.
    await handle.pool.query(
      `UPDATE analysis_runs SET status = 'cancelled', error = 'bench: earlier batch'
       WHERE status IN ('queued', 'running')`,
    );
    await handle.pool.query(`DELETE FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`);
  }

  const api = await spawnLogged(
    COMPILED_ARGS.api,
    { DATABASE_URL: databaseUrl, PORT: String(PORT), FONRISK_DATA_DIR: dataDir },
    'Fonrisk hazır',
  );
  processes.push(api);
  await login('admin');
  if (files === null) console.log(`the data set loaded earlier in ${keepDir ?? ''}`);
  else {
    await load(data, files, api.pid!);
    if (loadedMark !== null) await writeFile(loadedMark, new Date().toISOString());
  }
  const scenarios = await call<{ items?: { id: number }[] } | { id: number }[]>(
    'GET',
    '/stress-scenarios',
  );
  const scenarioIds = (Array.isArray(scenarios) ? scenarios : (scenarios.items ?? []))
    .map((s) => s.id)
    .slice(0, 50);

  await clearFinishedRuns(handle.pool, handle.db);
  // The same run on a quiet worker first: what the API and the worker take without a batch.
  await userRunDuringBatch(data.funds.at(-1)!.code, data.size.endDate, null, 'before the batch');
  await resetStatementStats(handle.pool, statementStats);
  // The batch's peaks, not the load's (printed with it): the import of a 180,000-row prices file
  // takes the API's memory higher than the night does.
  resetPeakMemory(api.pid);
  for (const pid of childPids(api.pid!)) resetPeakMemory(pid);
  const first = await queueBatch(handle.db, data, scenarioIds);
  // The API's worker process (the compiled worker entry among its children).
  const workerPid = childPids(api.pid!).find((pid) => {
    try {
      return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').includes(COMPILED_ENTRIES.worker);
    } catch {
      return false;
    }
  });
  const cpuBefore = cpuSnapshot(workerPid, join(dataDir, 'pg'));
  await new Promise((r) => setTimeout(r, 2000));
  let slack = 0;
  for (let i = 0; i < Number(args['user-runs'] ?? 1); i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 1000));
    const code = data.funds[i % data.funds.length]!.code;
    const pool = args['user-only'] ? handle.pool : null;
    slack = Math.max(slack, await userRunDuringBatch(code, data.size.endDate, pool));
  }
  if (args['user-only']) throw new UserOnly(slack);
  await login('admin');
  let workerPeak = 0;
  const sample = () => {
    for (const pid of childPids(api.pid!)) workerPeak = Math.max(workerPeak, peakMemory(pid));
  };
  const rows = await waitFor(handle.pool, first, sample);
  const cpuAfter = cpuSnapshot(workerPid, join(dataDir, 'pg'));
  const wallOne = report(rows, 'night batch, one worker process');
  const cpu = describeCpu(cpuBefore, cpuAfter, workerPid, availableParallelism());
  if (cpu !== null) console.log(cpu);
  console.log(describeMarketReads(first.runIds));
  console.log(describeRunSteps(first.runIds, batchSlots));
  console.log(await describeBundles(handle.pool, first.runIds));
  await printStatementStats(handle.pool, statementStats);
  const apiPeak = peakMemory(api.pid);
  const { rows: size1 } = await handle.pool.query<{ bytes: string }>(
    'SELECT pg_database_size(current_database())::text AS bytes',
  );
  const dbBytes = Number(size1[0]!.bytes);
  console.log(
    `peak memory over the batch: API ${mb(apiPeak)}, worker ${mb(workerPeak)} (goal under ${mb(GOAL_BYTES)} together): ${apiPeak + workerPeak < GOAL_BYTES ? 'OK' : 'TOO MUCH'}; database ${mb(dbBytes)}`,
  );
  // After the batch's figures: the heap V8 grows for these answers (~0.7 MB of JSON each, their
  // rows and objects) stays with the API until it needs it again, and is printed here.
  await timeUserLists(api.pid);
  await timeBoardReport(data, workerPid);

  const second = await spawnLogged(
    COMPILED_ARGS.worker,
    { DATABASE_URL: databaseUrl, FONRISK_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    'worker started',
  );
  processes.push(second);
  const pgDir = join(dataDir, 'pg');
  const {
    batch: again,
    rows: rowsTwo,
    wall: wallTwo,
  } = await measuredBatch({
    pool: handle.pool,
    prepare: async () => {
      await clearFinishedRuns(handle.pool, handle.db);
      await resetStatementStats(handle.pool, statementStats);
    },
    queue: () => queueBatch(handle.db, data, scenarioIds),
    pids: [workerPid, second.pid],
    pgDir,
    label: 'the same batch, two worker processes on one queue',
  });
  console.log(await describeBundles(handle.pool, again.runIds));
  await printStatementStats(handle.pool, statementStats);
  // Both processes share this machine's cores: once one process keeps them busy (its run
  // threads, decision 0112), a second one here has no core to add; on a machine of its own it
  // brings that machine's cores.
  const busy =
    workerPid === undefined ? null : coresBusy(cpuBefore, cpuAfter, availableParallelism());
  console.log(
    `speed-up with a second worker process: ${(wallOne / wallTwo).toFixed(2)}x` +
      (busy === null || busy === 0
        ? ''
        : ` (both on the same ${String(availableParallelism())} cores, which the first process and PostgreSQL kept ${(100 * busy).toFixed(0)} % busy alone)`),
  );
  const coreEach = args['skip-core-each']
    ? []
    : await coreEachScaleOut({
        db: handle,
        workerPid,
        second,
        wallTwo,
        start: () =>
          spawnLogged(
            COMPILED_ARGS.worker,
            { DATABASE_URL: databaseUrl, FONRISK_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
            'worker started',
          ).then((child) => {
            processes.push(child);
            return child;
          }),
        batch: () => queueBatch(handle.db, data, scenarioIds),
        pgDir,
      });
  failed =
    rows.some((r) => r.status !== 'done') ||
    rowsTwo.some((r) => r.status !== 'done') ||
    coreEach.some((r) => r.status !== 'done') ||
    slack >= USER_SLACK_MS;
  await handle.close();
} catch (error) {
  if (error instanceof UserOnly) failed = error.slack >= USER_SLACK_MS;
  else {
    console.error(error);
    failed = true;
  }
} finally {
  for (const child of processes.reverse()) await stopProcess(child);
  await server.stop();
  if (keepDir === undefined) await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
