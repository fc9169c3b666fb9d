/**
 * Where one night run's time goes (issue 25, task "batch compute"): the night data set of
 * data-set.ts for a few funds (full positions and years), loaded once through the import API into
 * a kept embedded PostgreSQL, then each nightly analysis of one fund run in this process the way
 * the worker's runner runs it (one REPEATABLE READ snapshot, every statement recorded for the
 * input bundle, the bundle gzip-compressed), with the time split into:
 *   sql     statements on the database, answer decoded by pg (the statements the handler runs),
 *   record  encoding each answer into the recorded statements,
 *   handler the rest of the handler: scenario matrices, pricing, engine (compute in this thread),
 *   bundle  JSON + gzip of the input bundle (what the runner stores with the result).
 * It prints a digest of each result, so that a change can be checked to give the same results.
 *
 *   node --import tsx bench/night/profile-run.ts --dir /tmp/night-profile [--funds 2] [--reps 2]
 *   [--fund NF003] (the fund profiled; default the first) [--only backtest]
 *   (add --cpu-prof --cpu-prof-dir=... before --import for a CPU profile of the same runs)
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ANALYSIS_TYPES,
  VAR_METHODS,
  type AnalysisType,
  type LoginResponse,
} from '../../packages/contracts/src/index.ts';
import {
  connectDatabase,
  migrateDatabase,
  poolOf,
  startEmbeddedPostgres,
  type Database,
} from '../../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../../apps/api/src/demo/index.ts';
import { demoUsersStep } from '../../apps/api/src/demo/demo-users.ts';
import { ensureShippedScenarios } from '../../apps/api/src/modules/stress-scenarios/stress-scenarios.repository.ts';
import { ANALYSIS_HANDLERS } from '../../apps/worker/src/analyses/index.ts';
import { runTaskHere } from '../../apps/worker/src/pool/tasks.ts';
import type { AnalysisHandler, RunContext } from '../../apps/worker/src/runner/handler.ts';
import {
  compressParts,
  InputBundleRecorder,
  packBundle,
} from '../../apps/worker/src/runner/input-bundle.ts';
import { encodeValue } from '../../apps/worker/src/runner/value-codec.ts';
import { openRunSnapshot } from '../../apps/worker/src/runner/run-snapshot.ts';
import {
  recordingDatabase,
  type QueryAnswer,
  type RawClient,
  type StatementConfig,
} from '../../apps/worker/src/runner/statement-recorder.ts';
import { COMPILED_ARGS, ensureServerBuilt } from '../../scripts/server-build.mjs';
import { newPortfolios } from './new-portfolios.ts';
import { generateNightData, MARKET, NIGHT_SIZE } from './data-set.ts';
import {
  fxFile,
  holdingsFiles,
  instrumentsFile,
  priceFiles,
  type ImportFile,
} from './import-files.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/fonrisk-night-profile' },
    funds: { type: 'string', default: '2' },
    series: { type: 'string', default: '600' },
    years: { type: 'string', default: String(NIGHT_SIZE.years) },
    reps: { type: 'string', default: '1' },
    only: { type: 'string' },
    fund: { type: 'string' },
    statements: { type: 'boolean', default: false },
    port: { type: 'string', default: '3102' },
  },
});
const size = {
  ...NIGHT_SIZE,
  funds: Number(args.funds),
  series: Number(args.series),
  years: Number(args.years),
};
const ms = (x: number) => x.toFixed(0).padStart(7);
/** Bundle parts (decision 0086) this profile has stored so far, as the database would hold them. */
const storedParts = new Set<string>();

// --- loading, once, through the import API (as bench/night.ts loads) ----------------------------

async function loadThroughApi(databaseUrl: string, dataDir: string): Promise<void> {
  const data = generateNightData(size);
  ensureServerBuilt(ROOT);
  const base = `http://127.0.0.1:${args.port}/api`;
  const api = spawn(process.execPath, COMPILED_ARGS.api, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PORT: args.port,
      FONRISK_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => {
    api.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('Fonrisk hazır')) resolve();
    });
  });
  try {
    const xsrfOf = (res: Response) => {
      const value = /XSRF-TOKEN=([^;]*)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
      return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
    };
    const first = await fetch(`${base}/Authorization/Login`, {
      method: 'POST',
      headers: { ...xsrfOf(await fetch(`${base}/health`)), 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await first.json()) as LoginResponse).accessToken;
    const session = { ...xsrfOf(first), authorization: `Bearer ${token}` };
    const send = async (path: string, body: FormData | string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers:
          typeof body === 'string' ? { ...session, 'content-type': 'application/json' } : session,
        body,
      });
      if (!res.ok) throw new Error(`${path}: ${String(res.status)} ${await res.text()}`);
    };
    const upload = (kind: string, file: ImportFile, fields: Record<string, unknown> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, JSON.stringify(v));
      form.append('file', new Blob([file.text], { type: 'text/csv' }), file.name);
      return send(`/imports/${kind}?acceptWarnings=true`, form);
    };
    await upload('instruments', instrumentsFile(data));
    for (const f of priceFiles(data)) await upload('prices', f, { newSeries: f.newSeries });
    await upload('fxRates', fxFile(data));
    for (const [i, f] of holdingsFiles(data).entries())
      await upload('holdings', f, i === 0 ? { newPortfolios: newPortfolios(data) } : {});
    const bulk = (rule: object, target: object) =>
      send('/ticker-mappings/bulk', JSON.stringify({ rule, target }));
    for (const mainType of ['stock', 'governmentBond', 'corporateBond', 'fundShare', 'future'])
      await bulk({ mainType }, { kind: 'sameCode' });
    await bulk({ mainType: 'option' }, { kind: 'sameCode' });
    for (const mainType of ['deposit', 'reverseRepo', 'moneyMarket'])
      await bulk(
        { mainType, currency: 'TRY' },
        { kind: 'series', seriesTicker: MARKET.moneyMarketIndex },
      );
    await bulk(
      { mainType: 'deposit', currency: 'USD' },
      { kind: 'series', seriesTicker: MARKET.usdTry },
    );
  } finally {
    const exited = new Promise((r) => api.once('exit', r));
    api.kill('SIGTERM');
    await exited;
  }
}

// --- one run, as the runner runs it --------------------------------------------------------------

interface Split {
  sql: number;
  rows: number;
  statements: number;
  answers: unknown[][];
}

/** The snapshot's connection, timing each statement (sent, answered, decoded by pg). */
function timedClient(client: RawClient, split: Split): RawClient {
  return {
    async query(config: StatementConfig, values?: unknown[]): Promise<QueryAnswer> {
      const t = performance.now();
      const answer = await client.query(config, values);
      split.sql += performance.now() - t;
      split.rows += answer.rows.length;
      split.statements += 1;
      split.answers.push(answer.rows);
      if (args.statements) {
        const text = typeof config === 'string' ? config : config.text;
        console.log(
          `    ${ms(performance.now() - t)} ms ${String(answer.rows.length).padStart(6)} rows  ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
        );
      }
      return answer;
    },
  };
}

async function profileRun(db: Database, type: AnalysisType, inputs: Record<string, unknown>) {
  const handler = ANALYSIS_HANDLERS[type] as AnalysisHandler<AnalysisType>;
  const parsed = ANALYSIS_TYPES[type].inputsSchema.parse(inputs);
  const split: Split = { sql: 0, rows: 0, statements: 0, answers: [] };
  const t0 = performance.now();
  const snapshot = await openRunSnapshot(db);
  const recording = recordingDatabase(db, timedClient(snapshot.client, split));
  const ctx: RunContext<typeof parsed> = {
    runId: '00000000-0000-4000-8000-000000000000',
    inputs: parsed,
    db: recording.db,
    userId: 1,
    signal: new AbortController().signal,
    progress: () => Promise.resolve(),
    bundle: new InputBundleRecorder(),
    compute: (task, ...a) => runTaskHere(task, a),
  };
  const outcome = await handler.run(ctx);
  const t1 = performance.now();
  await snapshot.close();
  // The recorder encodes each answer as it comes: measured apart by encoding them again.
  const tr = performance.now();
  for (const a of split.answers) encodeValue(a);
  const record = performance.now() - tr;
  const te = performance.now();
  const packed = await packBundle({
    reads: recording.recorder.statements,
    data: ctx.bundle.isEmpty ? null : ctx.bundle.data(),
    snapshot: snapshot.info,
  });
  // Parts an earlier run of this profile stored are not gzip'd again, as in the worker.
  const parts = await compressParts(packed.parts, (hashes) =>
    Promise.resolve(new Set(hashes.filter((h) => storedParts.has(h)))),
  );
  for (const part of parts) storedParts.add(part.hash);
  const bundle = {
    content: packed.content,
    jsonBytes: packed.jsonBytes,
    partBytes: parts.reduce((sum, p) => sum + (p.content?.length ?? 0), 0),
  };
  const t2 = performance.now();
  const digest = createHash('sha256')
    .update(JSON.stringify(outcome.result))
    .digest('hex')
    .slice(0, 16);
  return {
    total: t2 - t0,
    handlerWithSql: t1 - t0,
    sql: split.sql,
    record,
    rows: split.rows,
    statements: split.statements,
    bundle: t2 - te,
    bundleBytes: bundle.content.length + bundle.partBytes,
    jsonBytes: bundle.jsonBytes,
    digest,
  };
}

// --- main ----------------------------------------------------------------------------------------

await mkdir(args.dir, { recursive: true });
const pgDir = join(args.dir, 'pg');
const fresh = !existsSync(pgDir);
const server = await startEmbeddedPostgres({ dataDir: pgDir, logFile: null });
try {
  const url = new URL(server.adminUrl);
  if (fresh) {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE fonrisk_night');
    await admin.end();
  }
  url.pathname = '/fonrisk_night';
  const handle = connectDatabase(url.toString(), { max: 4 });
  // A kept directory may hold an earlier schema: the migrations it lacks, as a start applies them.
  await migrateDatabase(handle.pool);
  if (fresh) {
    await loadDemoData(handle.db, [demoUsersStep]);
    const t = performance.now();
    await loadThroughApi(url.toString(), args.dir);
    console.log(`loaded ${String(size.funds)} funds in ${ms(performance.now() - t)} ms`);
  }
  const { rows: funds } = await poolOf(handle.db).query<{ code: string }>(
    `SELECT code FROM portfolios ORDER BY code LIMIT 1`,
  );
  const code = args.fund ?? funds[0]!.code;
  const asOfDate = size.endDate;
  const one = { portfolioCodes: [code], asOfDate };
  await ensureShippedScenarios(handle.db);
  const { rows: scenarios } = await poolOf(handle.db).query<{ id: number }>(
    'SELECT id FROM stress_scenarios ORDER BY id LIMIT 50',
  );
  type Planned = [string, AnalysisType, Record<string, unknown>];
  const runs: Planned[] = [
    ...VAR_METHODS.map((method): Planned => [`var ${method}`, 'var', { ...one, method }]),
    ['incremental-var', 'incremental-var', { portfolioCode: code, asOfDate, trades: [] }],
    ['backtest', 'backtest', { portfolioCode: code, toDate: asOfDate }],
    ['leverage', 'leverage', one],
    ['stress-test', 'stress-test', { ...one, scenarioIds: scenarios.map((s) => s.id) }],
    ['risk-value', 'risk-value', one],
  ];
  console.log(`fund ${code}, ${asOfDate}; ms per run (last of ${args.reps})`);
  console.log(
    'run                    total  handler      sql   record   rows  stmts   bundle  bundle KB  digest',
  );
  for (const [label, type, inputs] of runs) {
    if (args.only !== undefined && !label.startsWith(args.only)) continue;
    let r: Awaited<ReturnType<typeof profileRun>> | null = null;
    for (let i = 0; i < Number(args.reps); i++) r = await profileRun(handle.db, type, inputs);
    console.log(
      `${label.padEnd(20)} ${ms(r!.total)} ${ms(r!.handlerWithSql - r!.sql - r!.record)}  ${ms(r!.sql)}  ${ms(r!.record)} ${String(r!.rows).padStart(6)} ${String(r!.statements).padStart(6)} ${ms(r!.bundle)} ${String(Math.round(r!.bundleBytes / 1024)).padStart(10)}  ${r!.digest}`,
    );
  }
  await handle.close();
} finally {
  await server.stop();
}
