/**
 * End-to-end import benchmark (issues 4 and 10: 100,000 price rows, with the validation by kind,
 * the comparison with stored values and the day-over-day jump checks, load in under 10 seconds).
 * The file is a random walk per ticker with a 40 % jump every 5,000 rows: the first upload
 * answers 409 listing the jumps (timed), the second accepts them and writes (timed). Starts a
 * throw-away embedded PostgreSQL, migrates it, creates the series, writes a 100,000-row prices
 * CSV (Turkish style: ';' and decimal commas) and POSTs it as multipart/form-data through
 * buildServer's inject — parse, validation, one-transaction upsert and audit — then prints the
 * times and checks the row count.
 *
 * First, the big-file case of issue 22: a 600,000-row prices .xlsx (about 3 MB) is POSTed the
 * same way and must be refused (row limit) in under 3 s, its sheet read as a stream: the time and
 * the peak memory (resident set and heap high-water, sampled while the request runs) are printed,
 * and, for the reader alone, its time, the rows it read and how much of the sheet it inflated
 * (it stops one row past the limit; the rest of the entry is never inflated).
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
import { textCell, workbookOf } from '../apps/api/src/imports/test-support.ts';
import { readXlsx } from '../apps/api/src/imports/read-xlsx.ts';
import { MAX_IMPORT_ROWS } from '../apps/api/src/imports/table.ts';

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

const BIG_ROWS = 600_000;
const BIG_LIMIT_SECONDS = 3;

/** The 600,000-row prices sheet (inline strings, dates in style 1) and its inflated XML size. */
function bigXlsx(rows: number): { file: Buffer; sheetBytes: number } {
  const lines = [
    `<row r="1">${textCell(1, 1, 'Sembol')}${textCell(1, 2, 'Tarih')}${textCell(1, 3, 'Kapanış')}</row>`,
  ];
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const date = 33_000 + Math.floor(i / TICKERS);
    lines.push(
      `<row r="${String(r)}">${textCell(r, 1, `BENCH${String(i % TICKERS).padStart(2, '0')}`)}<c r="B${String(r)}" s="1"><v>${String(date)}</v></c><c r="C${String(r)}"><v>${(100 + (i % 997) / 10).toFixed(1)}</v></c></row>`,
    );
  }
  const rowsXml = lines.join('');
  return { file: workbookOf(rowsXml), sheetBytes: Buffer.byteLength(rowsXml) };
}

/** Peak resident set and heap while `work` runs (sampled every 10 ms), in MB. */
async function peakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; rss: number; heap: number }> {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed + m.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, rss: rss / 1_048_576, heap: heap / 1_048_576 };
  } finally {
    clearInterval(timer);
  }
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
  const send = (body: ReturnType<typeof multipart>, query: string) =>
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

  const { file: bigFile, sheetBytes } = bigXlsx(BIG_ROWS);
  // The reader alone: where it stops, and how much of the sheet it inflated to get there.
  let rowsRead = 0;
  let bytesRead = 0;
  const parseStarted = performance.now();
  const parseRefusal = await readXlsx(bigFile, {
    onRow: () => (rowsRead += 1),
    onSheetBytes: (n) => (bytesRead += n),
  }).then(
    () => 'kabul edildi',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  const parseSeconds = (performance.now() - parseStarted) / 1000;
  console.log(
    `Okuyucu tek başına: ${parseSeconds.toFixed(2)} s; ${String(rowsRead)} satır okundu, sayfanın ${(bytesRead / 1e6).toFixed(1)} / ${(sheetBytes / 1e6).toFixed(1)} MB'ı açıldı (${((100 * bytesRead) / sheetBytes).toFixed(0)} %): ${parseRefusal.slice(0, 80)}`,
  );

  const big = multipart(bigFile, 'fiyatlar.xlsx');
  const before = process.memoryUsage();
  const bigStarted = performance.now();
  const refused = await peakMemory(() => send(big, ''));
  const bigSeconds = (performance.now() - bigStarted) / 1000;
  const bigOk =
    refused.result.statusCode === 422 &&
    bigSeconds < BIG_LIMIT_SECONDS &&
    rowsRead === MAX_IMPORT_ROWS + 2 &&
    bytesRead < sheetBytes;
  console.log(
    `${BIG_ROWS} satırlık .xlsx (${(big.payload.length / 1e6).toFixed(1)} MB): HTTP ${String(refused.result.statusCode)} ${bigSeconds.toFixed(2)} s içinde; en yüksek bellek RSS ${refused.rss.toFixed(0)} MB (önce ${(before.rss / 1_048_576).toFixed(0)} MB), yığın+tampon ${refused.heap.toFixed(0)} MB (önce ${((before.heapUsed + before.arrayBuffers) / 1_048_576).toFixed(0)} MB).`,
  );
  console.log(`  ${(refused.result.json<{ detail?: string }>().detail ?? '').slice(0, 200)}`);
  console.log(
    bigOk
      ? `Hedef (< ${BIG_LIMIT_SECONDS} s, reddedildi) karşılandı.`
      : `Hedef (< ${BIG_LIMIT_SECONDS} s, reddedildi) KARŞILANMADI.`,
  );

  const body = multipart(csv(), 'fiyatlar.csv');
  const post = (query: string) => send(body, query);
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
    bigOk &&
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
