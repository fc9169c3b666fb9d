/**
 * Module 2 speed (issue 11): (1) a stress test of every demo fund under every shipped scenario
 * with full revaluation (target < 3 s); (2) the SPK risk value of every demo fund with its weekly
 * class history (target < 2 s); (3) liquidity test and concentration of every demo fund, active
 * share and risk graphics (printed), and opening each finished run as its result screen does
 * (target < 1 s). Same harness as bench/module1.ts: throw-away embedded
 * PostgreSQL, demo data, API in-process, the analysis worker, each run timed from the POST to the
 * finished result read back through the API.
 * Run: node --import tsx bench/module2.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type {
  AnalysisResult,
  AnalysisType,
  LoginResponse,
  Run,
  StressScenario,
} from '../packages/contracts/src/index.ts';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { buildServer } from '../apps/api/src/http/server.ts';
import { ANALYSIS_HANDLERS } from '../apps/worker/src/analyses/index.ts';
import { startAnalysisWorker } from '../apps/worker/src/worker.ts';

const STRESS_LIMIT_S = 3;
const RISK_VALUE_LIMIT_S = 2;
const RESULT_OPEN_LIMIT_S = 1;

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
  : await mkdtemp(join(tmpdir(), 'fonrisk-bench-m2-'));
if (dataDir) await chmod(dataDir, 0o755);
const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
const name = `fonrisk_bench_m2_${process.pid}`;
try {
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 8 });
  try {
    await migrateDatabase(handle.pool);
    const t = performance.now();
    await loadDemoData(handle.db);
    console.log(`demo data loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const app = await buildServer({
      db: handle.db,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      jwtTtlSeconds: 3600,
      secretsKey: Buffer.alloc(32, 1),
      login: { maxFailures: 5, windowMinutes: 15 },
    });
    await app.ready();
    const worker = await startAnalysisWorker({
      db: handle.db,
      handlers: ANALYSIS_HANDLERS,
      log: { info: () => undefined, error: (m, d) => console.error(m, d) },
    });
    try {
      // The anti-forgery value: an anonymous one for the sign-in, then the session-bound one.
      const cookieToken = (setCookie: string | string[] | undefined): string => {
        const all = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
        return /XSRF-TOKEN=([^;]+)/.exec(all)?.[1] ?? '';
      };
      const probe = await app.inject({ method: 'GET', url: '/api/health' });
      const anon = cookieToken(probe.headers['set-cookie']);
      const login = await app.inject({
        method: 'POST',
        url: '/api/Authorization/Login',
        headers: { cookie: `XSRF-TOKEN=${anon}`, 'x-xsrf-token': anon },
        payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
      });
      const token = login.json<LoginResponse>().accessToken;
      const bound = cookieToken(login.headers['set-cookie']);
      const headers = {
        cookie: `XSRF-TOKEN=${bound}`,
        'x-xsrf-token': bound,
        authorization: `Bearer ${token}`,
      };
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
      ): Promise<{ seconds: number; run: Run & { result: AnalysisResult<T> } }> {
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
          const run = res.json<Run & { result: AnalysisResult<T> }>();
          if (run.status === 'done') return { seconds: (performance.now() - started) / 1000, run };
          if (run.status === 'failed' || run.status === 'cancelled')
            throw new Error(`${analysisType} ${run.status}: ${run.error ?? ''}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }

      const list = await app.inject({ method: 'GET', url: '/api/stress-scenarios', headers });
      const scenarios = list.json<StressScenario[]>().filter((s) => s.shipped);
      const codes = funds.map((f) => f.code);

      const s = await timedRun('stress-test', {
        portfolioCodes: codes,
        asOfDate,
        scenarioIds: scenarios.map((x) => x.id),
      });
      console.log(
        `\nStress test, full revaluation: ${funds.length} demo funds x ${scenarios.length} shipped scenarios on ${asOfDate}:`,
      );
      for (const code of codes) {
        const row = s.run.result.outcomes
          .filter((o) => o.portfolioCode === code)
          .map((o) => `${(o.pnlPct * 100).toFixed(2).padStart(9)} %${o.worst ? '*' : ' '}`)
          .join(' ');
        console.log(`  ${code.padEnd(6)} ${row}`);
      }
      console.log(
        `end to end (POST -> worker -> GET result): ${s.seconds.toFixed(2)} s ${s.seconds < STRESS_LIMIT_S ? `OK: under ${STRESS_LIMIT_S} s` : `SLOW: over ${STRESS_LIMIT_S} s`}`,
      );

      const r = await timedRun('risk-value', { portfolioCodes: codes, asOfDate });
      console.log(`\nRisk value with weekly class history, ${funds.length} demo funds:`);
      for (const f of r.run.result.funds) {
        console.log(
          `  ${f.portfolioCode.padEnd(6)} σ ${(f.volatility * 100).toFixed(2).padStart(6)} %  class ${f.riskValue}  weeks ${f.weeks}  history ${f.history.length} weeks`,
        );
      }
      console.log(
        `end to end: ${r.seconds.toFixed(2)} s ${r.seconds < RISK_VALUE_LIMIT_S ? `OK: under ${RISK_VALUE_LIMIT_S} s` : `SLOW: over ${RISK_VALUE_LIMIT_S} s`}`,
      );

      const l = await timedRun('liquidity-test', {
        portfolioCodes: codes,
        asOfDate,
        scenarios: [{ name: 'Yoğun geri ödeme', redemptionShare: 0.25, horizonDays: 5 }],
      });
      console.log(
        `\nLiquidity test, ${funds.length} demo funds (buckets 1 | 2-7 | 8-30 | 31-90 | >90 % NAV, coverage):`,
      );
      for (const f of l.run.result.funds) {
        const buckets = f.buckets.map((b) => (b.share * 100).toFixed(1).padStart(5)).join(' |');
        const cover = f.scenarios
          .map(
            (x) =>
              `${x.coverageRatio === null ? '–' : x.coverageRatio.toFixed(2)}${x.passes ? '' : '!'}`,
          )
          .join(' ');
        console.log(
          `  ${f.portfolioCode.padEnd(6)} ${buckets}   RCR ${cover}   cost ${((f.liquidationCostTry / f.nav) * 100).toFixed(3)} %`,
        );
      }
      console.log(`end to end: ${l.seconds.toFixed(2)} s`);

      const c = await timedRun('concentration-risk', { portfolioCodes: codes, asOfDate });
      console.log(
        `\nConcentration, ${funds.length} demo funds (issuer HHI points, effective N, breaches):`,
      );
      for (const f of c.run.result.funds) {
        const h = f.hhi.find((x) => x.dimension === 'issuer')!;
        console.log(
          `  ${f.portfolioCode.padEnd(6)} HHI ${(h.hhiPoints ?? 0).toFixed(0).padStart(6)}  N ${(h.effectiveN ?? 0).toFixed(1).padStart(5)}  breaches ${f.breaches}`,
        );
      }
      console.log(`end to end: ${c.seconds.toFixed(2)} s`);

      // Active share (issue 11, task i11c): the demo equity and mixed funds against the holdings
      // of the demo BIST 30 index fund, then the risk graphics of every demo fund over a year.
      await handle.pool.query(
        `INSERT INTO benchmarks (code, name, kind, rebalancing, holdings_portfolio_code, is_demo)
         VALUES ('BENCH-PAY', 'DEF varlıkları', 'holdings', 'daily', 'DEF', true)`,
      );
      const a = await timedRun('active-share', {
        portfolioCodes: ['DHS', 'DKR'],
        asOfDate,
        benchmarkCode: 'BENCH-PAY',
      });
      console.log('\nActive share against the DEF holdings (TE window 250 days):');
      for (const f of a.run.result.funds)
        console.log(
          `  ${f.portfolioCode.padEnd(6)} AS ${(f.activeShare * 100).toFixed(2).padStart(6)} %  TE ${((f.trackingError ?? 0) * 100).toFixed(2)} %  history ${f.history.length} dates`,
        );
      console.log(`end to end: ${a.seconds.toFixed(2)} s`);
      const g = await timedRun('risk-graphic', {
        portfolioCodes: codes,
        fromDate: `${String(Number(asOfDate.slice(0, 4)) - 1)}${asOfDate.slice(4)}`,
        toDate: asOfDate,
      });
      console.log(
        `\nRisk graphics of ${codes.length} demo funds over a year (4 charts): ${g.seconds.toFixed(2)} s end to end`,
      );
      // Opening a finished run as a result screen does: GET analyses/runs/{id}.
      let slowest = 0;
      for (const run of [s.run, r.run, l.run, c.run, a.run, g.run]) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/analyses/runs/${run.id}`,
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`open ${run.analysisType}: ${res.statusCode}`);
        const seconds = (performance.now() - t0) / 1000;
        slowest = Math.max(slowest, seconds);
        console.log(
          `open ${run.analysisType} result: ${(seconds * 1000).toFixed(0)} ms (${(res.body.length / 1024).toFixed(0)} kB)`,
        );
      }
      console.log(
        `result screens: slowest open ${slowest.toFixed(2)} s ${slowest < RESULT_OPEN_LIMIT_S ? `OK: under ${RESULT_OPEN_LIMIT_S} s` : `SLOW: over ${RESULT_OPEN_LIMIT_S} s`}`,
      );
      if (
        s.seconds >= STRESS_LIMIT_S ||
        r.seconds >= RISK_VALUE_LIMIT_S ||
        slowest >= RESULT_OPEN_LIMIT_S
      )
        process.exitCode = 1;
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
