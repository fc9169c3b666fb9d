/**
 * End-to-end import benchmark (issues 4 and 10: 100,000 price rows, with the validation by kind,
 * the comparison with stored values and the day-over-day jump checks, load in under 10 seconds).
 * The file is a random walk per ticker with a 40 % jump every 5,000 rows: the first upload
 * answers 409 listing the jumps (timed), the second accepts them and writes (timed). Starts a
 * throw-away embedded PostgreSQL, migrates it, creates the series, writes a 100,000-row prices
 * CSV (Turkish style: ';' and decimal commas) and POSTs it as multipart/form-data through
 * buildServer's inject — parse, validation, one-transaction upsert and audit — then prints the
 * times and checks the row count.
 * Run: node --import tsx bench/import-db.ts [rows]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  connectDatabase,
  marketSeries,
  migrateDatabase,
  sql,
  startEmbeddedPostgres,
} from '@fonrisk/db';
import { buildServer } from '../apps/api/src/http/server.ts';
import { DEMO_PASSWORD, loadDemoData } from '../apps/api/src/demo/index.ts';
import { demoUsersStep } from '../apps/api/src/demo/demo-users.ts';
import { multipart } from '../apps/api/src/modules/data-imports/test-support.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const LIMIT_SECONDS = 10;
const TICKERS = 40;
const DAY_MS = 86_400_000;

function csv(): string {
  const lines = ['Sembol;Tarih;Kapanış'];
  const level = Array.from({ length: TICKERS }, (_, t) => 50 + t);
  for (let i = 0; i < ROWS; i++) {
    const d = new Date(Date.UTC(1990, 0, 1) + Math.floor(i / TICKERS) * DAY_MS);
    const date = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    const t = i % TICKERS;
    const step = Math.sin(i * 12.9898) * 0.02; // a deterministic ±2 % daily move
    level[t] = level[t]! * (1 + step) * (i % 5_000 === 4_999 ? 1.4 : 1);
    const close = level[t].toFixed(4).replace('.', ',');
    lines.push(`BENCH${String(i % TICKERS).padStart(2, '0')};${date};${close}`);
  }
  return lines.join('\n');
}

const dir = await mkdtemp(join(tmpdir(), 'fonrisk-bench-'));
const pg = await startEmbeddedPostgres({ dataDir: dir, notice: () => undefined });
const handle = connectDatabase(pg.url);
try {
  await migrateDatabase(handle.pool);
  // Only the demo users are needed (to sign in); the demo market data would only add rows.
  await loadDemoData(handle.db, [demoUsersStep]);
  await handle.db.insert(marketSeries).values(
    Array.from({ length: TICKERS }, (_, i) => ({
      ticker: `BENCH${String(i).padStart(2, '0')}`,
      name: `Karşılaştırma ${i}`,
      kind: 'price',
      currency: 'TRY',
    })),
  );
  const app = await buildServer({
    db: handle.db,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    secretsKey: Buffer.alloc(32, 1),
    jwtTtlSeconds: 600,
    login: { maxFailures: 5, windowMinutes: 15 },
  });
  await app.ready();
  // The anti-forgery pair (decision 0026): the value handed out before sign-in is echoed on the
  // login, the session-bound one the login hands back on every later request.
  const xsrfOf = (res: { cookies: readonly { name: string; value: string }[] }) => {
    const value = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (value === undefined) throw new Error('no anti-forgery cookie');
    return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
  };
  const anonymous = xsrfOf(await app.inject({ method: 'GET', url: '/api/health' }));
  const login = await app.inject({
    method: 'POST',
    url: '/api/Authorization/Login',
    headers: anonymous,
    payload: { username: 'hesaplayici', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const xsrf = xsrfOf(login);
  const { accessToken } = login.json<{ accessToken: string }>();
  const body = multipart(csv(), 'fiyatlar.csv');
  const post = (query: string) =>
    app.inject({
      method: 'POST',
      url: `/api/imports/prices${query}`,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...xsrf,
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
  const checkStarted = performance.now();
  const checked = await post('');
  const checkSeconds = (performance.now() - checkStarted) / 1000;
  const warnings = (checked.json<{ warnings?: unknown[] }>().warnings ?? []).length;
  console.log(
    `Kontrol (409, hiçbir şey yazılmadı): ${checkSeconds.toFixed(2)} s, HTTP ${checked.statusCode}, ${warnings} sıçrama uyarısı.`,
  );
  const started = performance.now();
  const response = await post('?acceptWarnings=true');
  const seconds = (performance.now() - started) / 1000;
  const stored = await handle.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM market_values`,
  );
  console.log(`HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`);
  console.log(
    `${ROWS} fiyat satırı (CSV, ${(body.payload.length / 1e6).toFixed(1)} MB): ${seconds.toFixed(2)} s uçtan uca; veritabanında ${stored.rows[0]!.n} satır.`,
  );
  const ok =
    checked.statusCode === 409 &&
    warnings > 0 &&
    checkSeconds < LIMIT_SECONDS &&
    response.statusCode === 200 &&
    Number(stored.rows[0]!.n) === ROWS &&
    seconds < LIMIT_SECONDS;
  console.log(
    ok ? `Hedef (< ${LIMIT_SECONDS} s) karşılandı.` : `Hedef (< ${LIMIT_SECONDS} s) KARŞILANMADI.`,
  );
  await app.close();
  process.exitCode = ok ? 0 : 1;
} finally {
  await handle.close();
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
