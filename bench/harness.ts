/**
 * The set-up the in-process benches share (module1, module2, module5): a throw-away embedded
 * PostgreSQL (or a database on TEST_DATABASE_URL's server), the schema, the demo data, the API
 * built in-process (fastify.inject), the analysis worker (pg-boss consumer + compute threads), and
 * a session of the demo `hesaplayici` signed in as the browser does (decision 0026: the
 * anti-forgery value handed out before sign-in is echoed on the login, the session-bound one it
 * hands back on every later request). Each run is timed from the POST to the finished result read
 * back through the API, as a user waits for it.
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
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '../packages/db/src/index.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { buildServer } from '../apps/api/src/http/server.ts';
import { ANALYSIS_HANDLERS } from '../apps/worker/src/analyses/index.ts';
import { startAnalysisWorker } from '../apps/worker/src/worker.ts';

/** The result type of an analysis type, from its registry definition. */
export type ResultOf<T extends AnalysisType> = z.infer<(typeof ANALYSIS_TYPES)[T]['resultSchema']>;

export interface DemoFund {
  readonly code: string;
  /** Sum of the current values on the last holdings date (numeric text, TRY). */
  readonly nav: string;
  readonly date: string;
}

export interface BenchApp {
  readonly app: Awaited<ReturnType<typeof buildServer>>;
  readonly pool: ReturnType<typeof connectDatabase>['pool'];
  /** Headers of the signed-in `hesaplayici` (bearer token and anti-forgery value). */
  readonly headers: Readonly<Record<string, string>>;
  /** The demo funds on the last holdings date, largest NAV first. */
  readonly funds: readonly DemoFund[];
  /** The last holdings date. */
  readonly asOfDate: string;
  /** Starts a run through the API and waits for its finished result. */
  readonly timedRun: <T extends AnalysisType>(
    analysisType: T,
    inputs: unknown,
  ) => Promise<{ seconds: number; run: Run & { result: ResultOf<T> } }>;
  /** Reads a finished run as its result screen does (GET analyses/runs/{id}). */
  readonly openRun: (id: string) => Promise<{ seconds: number; bytes: number }>;
}

/** "OK: under 5 s" or "SLOW: over 5 s". */
export function verdict(seconds: number, limitSeconds: number): string {
  return seconds < limitSeconds
    ? `OK: under ${String(limitSeconds)} s`
    : `SLOW: over ${String(limitSeconds)} s`;
}

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The anti-forgery header pair from a response's `XSRF-TOKEN` cookie. */
function antiForgery(res: { headers: Record<string, unknown> }): Record<string, string> {
  const raw = res.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const value = /XSRF-TOKEN=([^;]*)/.exec(cookies.join('\n'))?.[1];
  if (value === undefined) throw new Error('no anti-forgery cookie');
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
}

/**
 * Runs `body` against a fresh demo application and tears everything down afterwards (also when
 * the body throws). `label` names the throw-away database and data directory.
 */
export async function withDemoApp(
  label: string,
  body: (bench: BenchApp) => Promise<void>,
): Promise<void> {
  const dataDir = process.env.TEST_DATABASE_URL
    ? null
    : await mkdtemp(join(tmpdir(), `fonrisk-bench-${label}-`));
  if (dataDir) await chmod(dataDir, 0o755);
  const server = dataDir ? await startEmbeddedPostgres({ dataDir, logFile: null }) : null;
  const adminUrl = server?.adminUrl ?? process.env.TEST_DATABASE_URL!;
  const name = `fonrisk_bench_${label}_${String(process.pid)}`;
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
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        const login = await app.inject({
          method: 'POST',
          url: '/api/Authorization/Login',
          headers: antiForgery(health),
          payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
        });
        if (login.statusCode !== 200) throw new Error(`login: ${String(login.statusCode)}`);
        const token = login.json<LoginResponse>().accessToken;
        const headers = { ...antiForgery(login), authorization: `Bearer ${token}` };
        const { rows: funds } = await handle.pool.query<DemoFund>(
          `SELECT p.code, sum(h.current_value) AS nav, max(h.portfolio_date)::text AS date
             FROM portfolios p JOIN holdings h ON h.portfolio_code = p.code
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
            throw new Error(`${analysisType}: ${String(created.statusCode)} ${created.body}`);
          const id = created.json<Run>().id;
          for (;;) {
            const res = await app.inject({
              method: 'GET',
              url: `/api/analyses/runs/${id}`,
              headers,
            });
            const run = res.json<Run & { result: ResultOf<T> }>();
            if (run.status === 'done')
              return { seconds: (performance.now() - started) / 1000, run };
            if (run.status === 'failed' || run.status === 'cancelled')
              throw new Error(`${analysisType} ${run.status}: ${run.error ?? ''}`);
            await new Promise((r) => setTimeout(r, 50));
          }
        }

        async function openRun(id: string): Promise<{ seconds: number; bytes: number }> {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/analyses/runs/${id}`, headers });
          if (res.statusCode !== 200) throw new Error(`open ${id}: ${String(res.statusCode)}`);
          return { seconds: (performance.now() - t0) / 1000, bytes: res.rawPayload.length };
        }

        await body({ app, pool: handle.pool, headers, funds, asOfDate, timedRun, openRun });
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
}
