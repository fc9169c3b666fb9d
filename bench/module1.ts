/**
 * Module 1 speed (issue 5): (1) VaR with component VaR for every demo fund on one date, end to
 * end through the API and the worker (target < 5 s); (2) a 250-day daily backtest of the largest
 * demo fund (target < 10 s). Starts a throw-away embedded PostgreSQL (or uses
 * TEST_DATABASE_URL's server), loads the demo data, builds the API in-process (fastify.inject),
 * starts the analysis worker (pg-boss consumer + compute threads) and times each run from the
 * POST to the finished result read back through the API.
 * Run: node --import tsx bench/module1.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { z } from 'zod';
import type {
  ANALYSIS_TYPES,
  AnalysisType,
  LoginResponse,
  Run,
} from '../packages/contracts/src/index.ts';

/** The result type of an analysis type, from its registry definition. */
type ResultOf<T extends AnalysisType> = z.infer<(typeof ANALYSIS_TYPES)[T]['resultSchema']>;
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { buildServer } from '../apps/api/src/http/server.ts';
import { ANALYSIS_HANDLERS } from '../apps/worker/src/analyses/index.ts';
import { startAnalysisWorker } from '../apps/worker/src/worker.ts';

const VAR_LIMIT_S = 5;
const BACKTEST_LIMIT_S = 10;

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
  : await mkdtemp(join(tmpdir(), 'fonrisk-bench-m1-'));
if (dataDir) await chmod(dataDir, 0o755);
const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
const name = `fonrisk_bench_m1_${process.pid}`;
try {
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 8 });
  try {
    await migrateDatabase(handle.pool);
    let t = performance.now();
    await loadDemoData(handle.db);
    console.log(`demo data loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const app = await buildServer({
      db: handle.db,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      secretsKey: Buffer.alloc(32, 1),
      jwtTtlSeconds: 3600,
      login: { maxFailures: 5, windowMinutes: 15 },
    });
    await app.ready();
    const worker = await startAnalysisWorker({
      db: handle.db,
      handlers: ANALYSIS_HANDLERS,
      log: { info: () => undefined, error: (m, d) => console.error(m, d) },
    });
    try {
      const xsrf = { cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' };
      const login = await app.inject({
        method: 'POST',
        url: '/api/Authorization/Login',
        headers: xsrf,
        payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
      });
      const token = login.json<LoginResponse>().accessToken;
      const headers = { ...xsrf, authorization: `Bearer ${token}` };
      const { rows: funds } = await handle.pool.query<{ code: string; nav: string; date: string }>(
        `SELECT p.code, sum(h.current_value) AS nav, max(h.portfolio_date)::text AS date FROM portfolios p
         JOIN holdings h ON h.portfolio_code = p.code
         WHERE p.kind = 'fund' AND h.portfolio_date = (SELECT max(portfolio_date) FROM holdings)
         GROUP BY p.code ORDER BY sum(h.current_value) DESC`,
      );
      const asOfDate = funds[0]!.date;

      async function timedRun<T extends AnalysisType>(
        analysisType: T,
        inputs: unknown,
      ): Promise<{ seconds: number; run: Run & { result: ResultOf<T> } }> {
        const started = performance.now();
        const created = await app.inject({
          method: 'POST',
          url: '/api/analyses/runs',
          headers,
          payload: { analysisType, inputs },
        });
        if (created.statusCode !== 200)
          throw new Error(`${analysisType}: ${created.statusCode} ${created.body}`);
        const id = created.json<Run>().id;
        for (;;) {
          const res = await app.inject({ method: 'GET', url: `/api/analyses/runs/${id}`, headers });
          const run = res.json<Run & { result: ResultOf<T> }>();
          if (run.status === 'done') return { seconds: (performance.now() - started) / 1000, run };
          if (run.status === 'failed' || run.status === 'cancelled')
            throw new Error(`${analysisType} ${run.status}: ${run.error ?? ''}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }

      t = performance.now();
      const v = await timedRun('var', {
        portfolioCodes: funds.map((f) => f.code),
        asOfDate,
      });
      console.log(
        `\nVaR (historical, 99 %, 20 days √t, 250-day window) with component VaR, ${funds.length} demo funds on ${asOfDate}:`,
      );
      for (const p of v.run.result.portfolios) {
        const sum = p.positions.reduce((s, x) => s + x.componentVarTry, 0);
        console.log(
          `  ${p.portfolioCode.padEnd(6)} NAV ${p.navTry.toFixed(0).padStart(14)}  VaR ${p.varTry.toFixed(0).padStart(12)} (${(p.varPct * 100).toFixed(2)} %)  Σ component ${sum.toFixed(0).padStart(12)}  positions ${p.positions.length}  unmapped ${(p.unmappedWeight * 100).toFixed(2)} %  ${p.status}`,
        );
      }
      console.log(
        `end to end (POST -> worker -> GET result): ${v.seconds.toFixed(2)} s ${v.seconds < VAR_LIMIT_S ? `OK: under ${VAR_LIMIT_S} s` : `SLOW: over ${VAR_LIMIT_S} s`}`,
      );

      const largest = funds[0]!.code;
      const b = await timedRun('backtest', { portfolioCode: largest });
      const h = b.run.result.hypothetical;
      console.log(
        `\nBacktest of ${largest} (largest demo fund), ${b.run.result.fromDate} .. ${b.run.result.toDate}: ${h.observations} days, ${h.exceptions} exceptions, Kupiec p ${h.kupiec.pValue.toFixed(3)}, Basel ${h.baselZone}`,
      );
      console.log(
        `end to end: ${b.seconds.toFixed(2)} s ${b.seconds < BACKTEST_LIMIT_S ? `OK: under ${BACKTEST_LIMIT_S} s` : `SLOW: over ${BACKTEST_LIMIT_S} s`}`,
      );
      if (v.seconds >= VAR_LIMIT_S || b.seconds >= BACKTEST_LIMIT_S) process.exitCode = 1;

      // Not timed targets: the other two Module 1 analyses on the demo data, for the record.
      const l = await timedRun('leverage', {
        portfolioCodes: funds.map((f) => f.code),
        asOfDate,
      });
      console.log(`\nLeverage on ${asOfDate} (${l.seconds.toFixed(2)} s):`);
      for (const p of l.run.result.portfolios.filter((x) => x.positions.length > 0)) {
        console.log(
          `  ${p.portfolioCode.padEnd(6)} gross ${(p.grossPct * 100).toFixed(2)} %  commitment ${(p.commitmentPct * 100).toFixed(2)} %  derivatives ${p.positions.length}  ${p.status}`,
        );
      }
      const i = await timedRun('incremental-var', {
        portfolioCode: 'DSF',
        asOfDate,
      });
      const top = [...i.run.result.positions]
        .sort((a, b) => b.componentVarTry - a.componentVarTry)
        .slice(0, 3);
      console.log(
        `\nIncremental VaR of DSF (${i.seconds.toFixed(2)} s): VaR ${i.run.result.varTry.toFixed(0)}, largest components: ${top.map((p) => `${p.instrumentCode} ${p.componentVarTry.toFixed(0)}`).join(', ')}`,
      );
    } finally {
      await worker.stop(1_000);
      await app.close();
    }
  } finally {
    await handle.close();
  }
} finally {
  await withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
