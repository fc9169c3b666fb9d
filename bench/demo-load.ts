/**
 * Demo-data load benchmark (issue 4: loading the demo on first start takes under 30 seconds).
 * Starts a throw-away embedded PostgreSQL (or uses TEST_DATABASE_URL's server), creates and
 * migrates a fresh database, runs every demo step as `npm start` does, and prints the time and
 * the row counts of the demo tables.
 * Run: node --import tsx bench/demo-load.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { loadDemoData } from '../apps/api/src/demo/index.ts';

const LIMIT_SECONDS = 30;
const TABLES = [
  'instruments',
  'market_series',
  'market_values',
  'fx_rates',
  'portfolios',
  'holdings',
  'benchmarks',
  'benchmark_components',
  'ticker_mappings',
  'unified_portfolios',
  'unified_portfolio_members',
];

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dataDir = process.env.TEST_DATABASE_URL
  ? null
  : await mkdtemp(join(tmpdir(), 'fonrisk-bench-demo-'));
if (dataDir) await chmod(dataDir, 0o755);
const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
const name = `fonrisk_bench_demo_${process.pid}`;
try {
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 2 });
  try {
    await migrateDatabase(handle.pool);
    const started = performance.now();
    const steps = await loadDemoData(handle.db);
    const seconds = (performance.now() - started) / 1000;
    console.log(`demo steps: ${steps.join(', ')}`);
    for (const table of TABLES) {
      const { rows } = await handle.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      console.log(`${table.padEnd(26)} ${rows[0]?.n ?? 0}`);
    }
    console.log(`load time ${seconds.toFixed(2)} s`);
    console.log(
      seconds < LIMIT_SECONDS ? `OK: under ${LIMIT_SECONDS} s` : `SLOW: over ${LIMIT_SECONDS} s`,
    );
    if (seconds >= LIMIT_SECONDS) process.exitCode = 1;
  } finally {
    await handle.close();
  }
} finally {
  await withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
