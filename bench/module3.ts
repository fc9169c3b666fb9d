/**
 * Module 3 speed (issue 12): (1) the audit of every demo portfolio against every shipped criterion
 * on one date (target < 2 s) and (2) over 250 business days (target < 20 s), both through the
 * worker's 'internal-audit' handler on a database loaded with the demo data (holdings read from
 * PostgreSQL included); (3) fund statistics of 20 funds over 5 years of daily unit prices
 * (target < 1 s), the packages/risk computation the 'fund-statistics' handler runs per fund.
 * Starts a throw-away embedded PostgreSQL (or uses TEST_DATABASE_URL's server).
 * Run: node --import tsx bench/module3.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FundStatisticsRow } from '../packages/contracts/src/index.ts';
import { FUND_FIGURE_KEYS } from '../packages/contracts/src/index.ts';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { fundStatistics } from '../packages/risk/src/index.ts';
import { loadDemoData } from '../apps/api/src/demo/index.ts';
import { ensureShippedCriteria } from '../apps/api/src/modules/internal-audit/criteria.service.ts';
import { rankFunds } from '../apps/worker/src/analyses/fund-statistics/fund-statistics-handler.ts';
import { internalAuditHandler } from '../apps/worker/src/analyses/internal-audit/internal-audit-handler.ts';
import { fakeContext } from '../apps/worker/src/analyses/testing/fake-context.ts';

const ONE_DATE_LIMIT_S = 2;
const RANGE_LIMIT_S = 20;
const STATS_LIMIT_S = 1;

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function verdict(seconds: number, limit: number): string {
  return seconds < limit ? `OK (< ${String(limit)} s)` : `YAVAŞ (hedef < ${String(limit)} s)`;
}

let failed = false;

// (3) fund statistics: 20 funds × 5 years of business days, deterministic prices.
{
  const days = 5 * 252 + 1;
  const dates: string[] = [];
  for (let d = Date.UTC(2021, 0, 4); dates.length < days; d += 86_400_000) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) dates.push(new Date(d).toISOString().slice(0, 10));
  }
  const series = Array.from({ length: 21 }, (_, k) => {
    const prices = new Float64Array(days);
    let p = 1 + k / 10;
    let seed = 12345 + k * 977;
    for (let t = 0; t < days; t++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      p *= 1 + 0.0004 + 0.012 * (seed / 2147483648 - 0.5);
      prices[t] = p;
    }
    return { dates, prices };
  });
  const benchmark = series[20]!;
  const started = performance.now();
  const rows = series.slice(0, 20).map((s, k) => {
    const st = fundStatistics(s, benchmark, { fromDate: dates[0], riskFreeAnnual: 0.3 });
    return {
      code: `F${String(k)}`,
      figures: Object.fromEntries(FUND_FIGURE_KEYS.map((key) => [key, st[key]])),
    } as unknown as FundStatisticsRow;
  });
  rankFunds(rows);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `fon istatistikleri: 20 fon × 5 yıl (${String(days)} fiyat): ${seconds.toFixed(3)} s ${verdict(seconds, STATS_LIMIT_S)}`,
  );
  if (seconds >= STATS_LIMIT_S) failed = true;
}

const dataDir = process.env.TEST_DATABASE_URL
  ? null
  : await mkdtemp(join(tmpdir(), 'fonrisk-bench-m3-'));
if (dataDir) await chmod(dataDir, 0o755);
const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
const name = `fonrisk_bench_m3_${String(process.pid)}`;
try {
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 4 });
  try {
    await migrateDatabase(handle.pool);
    let t = performance.now();
    await loadDemoData(handle.db);
    const shipped = await ensureShippedCriteria(handle.db);
    console.log(
      `demo verisi ${((performance.now() - t) / 1000).toFixed(1)} s içinde yüklendi; ${String(shipped)} SPK kriteri`,
    );
    const { rows: portfolios } = await handle.pool.query<{ code: string }>(
      `SELECT DISTINCT portfolio_code AS code FROM holdings ORDER BY 1`,
    );
    const { rows: dates } = await handle.pool.query<{ date: string }>(
      `SELECT DISTINCT portfolio_date::text AS date FROM holdings ORDER BY 1 DESC LIMIT 250`,
    );
    const codes = portfolios.map((p) => p.code);
    const last = dates[0]!.date;
    const first = dates[dates.length - 1]!.date;

    t = performance.now();
    const one = await internalAuditHandler.run(
      fakeContext(handle.db, { portfolioCodes: codes, asOfDate: last }),
    );
    let seconds = (performance.now() - t) / 1000;
    console.log(
      `iç denetim, tek tarih (${last}): ${String(codes.length)} portföy × ${String(one.result.criteria.length)} kriter = ${String(one.result.summary.checks)} kontrol, ${String(one.result.summary.breach)} ihlal: ${seconds.toFixed(2)} s ${verdict(seconds, ONE_DATE_LIMIT_S)}`,
    );
    if (seconds >= ONE_DATE_LIMIT_S) failed = true;

    t = performance.now();
    const range = await internalAuditHandler.run(
      fakeContext(handle.db, { portfolioCodes: codes, fromDate: first, toDate: last }),
    );
    seconds = (performance.now() - t) / 1000;
    const checks = range.result.series.reduce((s, x) => s + x.dates.length, 0);
    console.log(
      `iç denetim, ${String(range.result.dates.length)} iş günü (${first} – ${last}): ${String(checks)} kontrol: ${seconds.toFixed(2)} s ${verdict(seconds, RANGE_LIMIT_S)}`,
    );
    if (seconds >= RANGE_LIMIT_S) failed = true;
  } finally {
    await handle.close();
    await withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
} finally {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
