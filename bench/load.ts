/**
 * Load benchmark (issue 14): `npm run bench -- load`. Starts the whole application as `npm start`
 * does (compiled JavaScript, NODE_ENV=production, embedded PostgreSQL with the demo data, the API
 * and one worker process) in a throw-away data directory, then runs two phases
 * (docs/decisions/0045-load-model.md):
 *
 * 1. Users (LOAD_USERS, default 200, for LOAD_DURATION_SECONDS, default 600): each user is signed
 *    in with its own session and, until the end, opens a screen and reads it before the next one:
 *    a result screen (a finished run), the runs list, a fund's holdings, an Excel export of them,
 *    or starts a run (never as gozlemleyici). The pause between two screens is drawn from an
 *    exponential distribution with mean LOAD_THINK_MS (default 2,000 ms: one screen every two
 *    seconds per user, all users at once, far busier than a risk desk). Prints requests/s,
 *    p50/p95/p99 of every request and of each kind, errors, the read p95 under load against the
 *    300 ms goal, the API's and worker's memory each minute, and waits until every run started
 *    has finished.
 * 2. Capacity (LOAD_CAPACITY_SECONDS, default 30; 0 skips it): autocannon with the same number of
 *    connections and no pause at all, the most the installation serves; printed as capacity, not
 *    as a user figure.
 *
 * A quick look: LOAD_DURATION_SECONDS=30 LOAD_USERS=50 npm run bench -- load
 * LOAD_URL=http://host:port targets an application already running (its demo users) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { COMPILED_ARGS, ensureServerBuilt } from '../scripts/server-build.mjs';

const DURATION = Number(process.env.LOAD_DURATION_SECONDS ?? 600);
const USERS = Number(process.env.LOAD_USERS ?? process.env.LOAD_CONNECTIONS ?? 200);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 2000);
const CAPACITY_SECONDS = Number(process.env.LOAD_CAPACITY_SECONDS ?? 30);
const READ_P95_GOAL_MS = 300;
const DEMO_PASSWORD = 'Fonrisk.2026';
const DEMO_USERS = ['admin', 'hesaplayici', 'superadmin', 'gozlemleyici'];
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The screens a user opens, with their share of the clicks (they sum to 1). */
const MIX = [
  { kind: 'sonuç ekranı', read: true, share: 0.35 },
  { kind: 'çalıştırma listesi', read: true, share: 0.25 },
  { kind: 'portföy içeriği', read: true, share: 0.25 },
  { kind: 'Excel dışa aktarma', read: false, share: 0.1 },
  { kind: 'çalıştırma başlatma', read: false, share: 0.05 },
] as const;
type Kind = (typeof MIX)[number]['kind'];

interface Session {
  readonly username: string;
  readonly token: string;
  readonly xsrf: string;
}

function rssMb(pid: number | undefined): string {
  if (pid === undefined) return '–';
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return `${(kb / 1024).toFixed(0)} MB`;
  } catch {
    return '–';
  }
}

/** The worker process the API started (its child running apps/api/…/worker-main). */
function workerPidOf(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children.find((child) =>
      readFileSync(`/proc/${String(child)}/cmdline`, 'utf8').includes('worker-main.'),
    );
  } catch {
    return undefined;
  }
}

async function startApp(): Promise<{ url: string; child: ChildProcess; dir: string }> {
  ensureServerBuilt(ROOT);
  const dir = await mkdtemp(join(tmpdir(), 'fonrisk-load-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, COMPILED_ARGS.api, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      FONRISK_DATA_DIR: dir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the application did not start')), 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Fonrisk hazır')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', () => undefined);
    child.once('exit', (code) => reject(new Error(`the application exited (${String(code)})`)));
  });
  return { url: `http://127.0.0.1:${String(port)}`, child, dir };
}

async function signIn(base: string, username: string): Promise<Session> {
  const probe = await fetch(`${base}/api/health`);
  const anon = /XSRF-TOKEN=([^;]+)/.exec(probe.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const r = await fetch(`${base}/api/Authorization/Login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${anon}`,
      'x-xsrf-token': anon,
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!r.ok) throw new Error(`sign-in ${username}: ${String(r.status)}`);
  const bound = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const { accessToken } = (await r.json()) as { accessToken: string };
  return { username, token: accessToken, xsrf: bound };
}

function headersOf(s: Session): Record<string, string> {
  return {
    authorization: `Bearer ${s.token}`,
    cookie: `XSRF-TOKEN=${s.xsrf}`,
    'x-xsrf-token': s.xsrf,
    'content-type': 'application/json',
  };
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (q: number) => quantile(sorted, q).toFixed(0);
  return `n ${String(sorted.length)}, p50 ${f(0.5)}, p95 ${f(0.95)}, p99 ${f(0.99)} ms`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Exponential pause with the given mean (a Poisson stream of clicks per user). */
const think = (mean: number) => (mean <= 0 ? 0 : -Math.log(1 - Math.random()) * mean);

interface Fixture {
  readonly base: string;
  readonly admin: Session;
  readonly doneIds: readonly string[];
  readonly funds: readonly string[];
  readonly date: string;
}

async function fixture(base: string, admin: Session): Promise<Fixture> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${base}${path}`, { headers: headersOf(admin) })).json()) as T;
  const finished = await get<{ items: { id: string }[] }>(
    '/api/analyses/runs?status=done&limit=50',
  );
  const portfolios = await get<{ code: string; kind?: string }[] | { items: { code: string }[] }>(
    '/api/portfolios',
  );
  const funds = (Array.isArray(portfolios) ? portfolios : portfolios.items)
    .map((p) => p.code)
    .slice(0, 10);
  const dates = await get<string[] | { dates: string[] }>(
    `/api/portfolios/${funds[0] ?? 'DHS'}/dates`,
  );
  return {
    base,
    admin,
    doneIds: finished.items.map((r) => r.id),
    funds: funds.length > 0 ? funds : ['DHS'],
    date: (Array.isArray(dates) ? dates : dates.dates).at(-1) ?? '2025-01-02',
  };
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function chooseKind(session: Session): Kind {
  let u = Math.random();
  for (const m of MIX) {
    if (u < m.share) {
      return m.kind === 'çalıştırma başlatma' && session.username === 'gozlemleyici'
        ? 'çalıştırma listesi'
        : m.kind;
    }
    u -= m.share;
  }
  return 'çalıştırma listesi';
}

/** One screen of one user: the request it sends, as a browser would. */
function requestOf(kind: Kind, f: Fixture): { path: string; init: RequestInit } {
  const fund = pick(f.funds);
  switch (kind) {
    case 'sonuç ekranı':
      return { path: `/api/analyses/runs/${pick(f.doneIds)}`, init: { method: 'GET' } };
    case 'çalıştırma listesi':
      return { path: '/api/analyses/runs?limit=50', init: { method: 'GET' } };
    case 'portföy içeriği':
      return { path: `/api/portfolios/${fund}/holdings?date=${f.date}`, init: { method: 'GET' } };
    case 'Excel dışa aktarma':
      return {
        path: `/api/portfolios/${fund}/holdings/export`,
        init: { method: 'POST', body: JSON.stringify({ date: f.date }) },
      };
    case 'çalıştırma başlatma':
      return {
        path: '/api/analyses/runs',
        init: {
          method: 'POST',
          body: JSON.stringify({
            analysisType: 'leverage',
            inputs: { portfolioCodes: [fund], asOfDate: f.date },
          }),
        },
      };
  }
}

interface UserPhase {
  readonly latencies: Map<Kind, number[]>;
  readonly failures: Map<string, number>;
  readonly startedRuns: string[];
  requests: number;
}

async function userLoop(session: Session, f: Fixture, until: number, out: UserPhase) {
  // Users arrive spread over the first pause, not all in the same millisecond.
  await sleep(Math.random() * Math.max(THINK_MS, 1));
  while (Date.now() < until) {
    const kind = chooseKind(session);
    const { path, init } = requestOf(kind, f);
    const t = performance.now();
    let status = 0;
    let body: string;
    try {
      const r = await fetch(`${f.base}${path}`, { ...init, headers: headersOf(session) });
      status = r.status;
      body =
        kind === 'Excel dışa aktarma' ? String((await r.arrayBuffer()).byteLength) : await r.text();
    } catch (error) {
      body = error instanceof Error ? error.message : String(error);
    }
    const ms = performance.now() - t;
    out.requests += 1;
    out.latencies.get(kind)!.push(ms);
    if (status < 200 || status >= 300) {
      const key = `${kind} ${String(status)} ${body.slice(0, 80)}`;
      out.failures.set(key, (out.failures.get(key) ?? 0) + 1);
    } else if (kind === 'çalıştırma başlatma') {
      out.startedRuns.push((JSON.parse(body) as { id: string }).id);
    }
    await sleep(think(THINK_MS));
  }
}

async function capacity(f: Fixture, sessions: readonly Session[]): Promise<void> {
  let next = 0;
  const result = await autocannon({
    url: f.base,
    connections: sessions.length,
    duration: CAPACITY_SECONDS,
    timeout: 30,
    requests: [
      {
        setupRequest: (req, context) => {
          const ctx = context as { session?: Session };
          ctx.session ??= sessions[next++ % sessions.length]!;
          return {
            ...req,
            method: 'GET',
            path: '/api/analyses/runs?limit=50',
            headers: headersOf(ctx.session),
          };
        },
      },
      {
        setupRequest: (req, context) => ({
          ...req,
          method: 'GET',
          path: `/api/analyses/runs/${pick(f.doneIds)}`,
          headers: headersOf((context as { session: Session }).session),
        }),
      },
      {
        setupRequest: (req, context) => ({
          ...req,
          method: 'GET',
          path: `/api/portfolios/${pick(f.funds)}/holdings?date=${f.date}`,
          headers: headersOf((context as { session: Session }).session),
        }),
      },
    ],
  });
  console.log(
    `Kapasite (${String(sessions.length)} bağlantı, bekleme yok, ${String(CAPACITY_SECONDS)} sn, yalnız okuma): ${result.requests.average.toFixed(0)} istek/sn, p50 ${String(result.latency.p50)}, p90 ${String(result.latency.p90)}, p99 ${String(result.latency.p99)} ms, hata ${String(result.errors + result.timeouts + result.non2xx)}`,
  );
}

async function main(): Promise<void> {
  const started = process.env.LOAD_URL ? null : await startApp();
  const base = process.env.LOAD_URL ?? started!.url;
  const apiPid = started?.child.pid;
  const workerPid = apiPid === undefined ? undefined : workerPidOf(apiPid);
  try {
    console.log(
      `Yük testi: ${String(USERS)} kullanıcı, ${String(DURATION)} sn, ekranlar arası ortalama ${String(THINK_MS)} ms, hedef ${base}`,
    );
    const t0 = performance.now();
    const sessions: Session[] = [];
    for (let i = 0; i < USERS; i++)
      sessions.push(await signIn(base, DEMO_USERS[i % DEMO_USERS.length]!));
    console.log(
      `Giriş: ${String(USERS)} oturum ${((performance.now() - t0) / 1000).toFixed(1)} sn`,
    );
    const f = await fixture(base, sessions[0]!);
    if (f.doneIds.length === 0) throw new Error('the demo has no finished run to open');

    const memStart = { api: rssMb(apiPid), worker: rssMb(workerPid) };
    console.log(`Bellek başta: API ${memStart.api}, işçi ${memStart.worker}`);
    const out: UserPhase = {
      latencies: new Map(MIX.map((m) => [m.kind, []])),
      failures: new Map(),
      startedRuns: [],
      requests: 0,
    };
    const began = Date.now();
    const until = began + DURATION * 1000;
    const memory = setInterval(() => {
      const minute = Math.round((Date.now() - began) / 60_000);
      console.log(
        `  ${String(minute)}. dk: ${String(out.requests)} istek, bellek API ${rssMb(apiPid)}, işçi ${rssMb(workerPid)}`,
      );
    }, 60_000);
    await Promise.all(sessions.map((s) => userLoop(s, f, until, out)));
    clearInterval(memory);
    const seconds = (Date.now() - began) / 1000;

    for (const [key, n] of out.failures) console.log(`  2xx dışı: ${String(n)} × ${key}`);
    const all = [...out.latencies.values()].flat();
    const reads = MIX.filter((m) => m.read).flatMap((m) => out.latencies.get(m.kind)!);
    const errors = [...out.failures.values()].reduce((a, b) => a + b, 0);
    console.log(`İstek/sn: ${(out.requests / seconds).toFixed(0)}, toplam ${String(out.requests)}`);
    console.log(`Gecikme, tüm istekler: ${summary(all)}`);
    for (const m of MIX) console.log(`  ${m.kind}: ${summary(out.latencies.get(m.kind)!)}`);
    const readP95 = quantile(
      [...reads].sort((a, b) => a - b),
      0.95,
    );
    console.log(
      `Okuma p95 (yük altında; sonuç ekranı, çalıştırma listesi, portföy içeriği): ${readP95.toFixed(0)} ms (hedef < ${String(READ_P95_GOAL_MS)}) ${readP95 < READ_P95_GOAL_MS ? 'TAMAM' : 'AŞILDI'}`,
    );
    console.log(`Hatalar: ${String(errors)}`);

    // Every run started must finish.
    const deadline = Date.now() + 10 * 60_000;
    let pending = out.startedRuns.length;
    while (pending > 0 && Date.now() < deadline) {
      pending = 0;
      for (const id of out.startedRuns) {
        const run = (await (
          await fetch(`${base}/api/analyses/runs/${id}`, { headers: headersOf(f.admin) })
        ).json()) as { status: string };
        if (run.status === 'queued' || run.status === 'running') pending += 1;
      }
      if (pending > 0) await sleep(2000);
    }
    console.log(
      `Başlatılan çalıştırma: ${String(out.startedRuns.length)}, bitmeyen: ${String(pending)}`,
    );
    console.log(
      `Bellek sonda: API ${rssMb(apiPid)} (başta ${memStart.api}), işçi ${rssMb(workerPid)} (başta ${memStart.worker})`,
    );
    if (CAPACITY_SECONDS > 0) await capacity(f, sessions);
    if (errors > 0 || pending > 0 || !(readP95 < READ_P95_GOAL_MS)) process.exitCode = 1;
  } finally {
    if (started) {
      started.child.kill('SIGTERM');
      await new Promise((r) => started.child.once('exit', r));
      await rm(started.dir, { recursive: true, force: true });
    }
  }
}

await main();
