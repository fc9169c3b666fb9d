/**
 * Load benchmark (issue 14): `npm run bench -- load`. Starts the whole application as `npm start`
 * does (embedded PostgreSQL with the demo data, the API, one worker process) in a throw-away data
 * directory, signs in LOAD_CONNECTIONS users, then keeps them busy for LOAD_DURATION_SECONDS:
 * open result screens (a run and its result), list runs and holdings, export Excel, start runs.
 * Prints requests per second, p50/p95/p99 latency, errors, memory of the API and the worker at
 * start and end, and waits until every run started has finished.
 *
 * Defaults are the manual run: 200 users for 10 minutes. A quick look:
 *   LOAD_DURATION_SECONDS=30 LOAD_CONNECTIONS=50 npm run bench -- load
 * LOAD_URL=http://host:port targets an application already running (its demo users) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION = Number(process.env.LOAD_DURATION_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** One in this many request sequences also starts a run. */
const RUN_EVERY = Number(process.env.LOAD_RUN_EVERY ?? 50);
const READ_P95_GOAL_MS = 300;
const DEMO_PASSWORD = 'Fonrisk.2026';
const USERS = ['admin', 'hesaplayici', 'superadmin', 'gozlemleyici'];
const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Session {
  readonly username: string;
  readonly token: string;
  readonly xsrf: string;
}
/** What autocannon keeps per connection: the user it plays. */
interface Ctx {
  user?: number;
  session?: Session;
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

/** The worker process the API started (its child running apps/api/src/worker-main.ts). */
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
  const dir = await mkdtemp(join(tmpdir(), 'fonrisk-load-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), FONRISK_DATA_DIR: dir, LOG_LEVEL: 'warn' },
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

async function main(): Promise<void> {
  const started = process.env.LOAD_URL ? null : await startApp();
  const base = process.env.LOAD_URL ?? started!.url;
  const apiPid = started?.child.pid;
  const workerPid = apiPid === undefined ? undefined : workerPidOf(apiPid);
  try {
    console.log(
      `Yük testi: ${String(CONNECTIONS)} kullanıcı, ${String(DURATION)} sn, hedef ${base}`,
    );
    const t0 = performance.now();
    const sessions: Session[] = [];
    for (let i = 0; i < CONNECTIONS; i++)
      sessions.push(await signIn(base, USERS[i % USERS.length]!));
    console.log(
      `Giriş: ${String(CONNECTIONS)} oturum ${((performance.now() - t0) / 1000).toFixed(1)} sn`,
    );
    const auth = (s: Session) => ({
      authorization: `Bearer ${s.token}`,
      cookie: `XSRF-TOKEN=${s.xsrf}`,
      'x-xsrf-token': s.xsrf,
      'content-type': 'application/json',
    });
    const admin = sessions[0]!;
    // Result screens: the demo's finished runs (any run while the demo's are still running).
    const listRuns = async (query: string) =>
      (
        (await (
          await fetch(`${base}/api/analyses/runs?${query}`, { headers: auth(admin) })
        ).json()) as { items: { id: string }[] }
      ).items.map((r) => r.id);
    const finished = await listRuns('status=done&limit=20');
    const doneIds = finished.length > 0 ? finished : await listRuns('limit=20');
    const dates = (await (
      await fetch(`${base}/api/portfolios/DHS/dates`, { headers: auth(admin) })
    ).json()) as string[] | { dates: string[] };
    const date = (Array.isArray(dates) ? dates : dates.dates).at(-1) ?? '2025-01-02';
    console.log(`Bellek başta: API ${rssMb(apiPid)}, işçi ${rssMb(workerPid)}`);

    const memStart = { api: rssMb(apiPid), worker: rssMb(workerPid) };
    let sequence = 0;
    const startedRuns: string[] = [];
    const failures = new Map<string, number>();
    const count = (kind: string) => (status: number, body: string) => {
      if (status < 200 || status >= 300) {
        const key = `${kind} ${String(status)} ${body.slice(0, 80)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    };
    const instance = autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      requests: [
        {
          setupRequest: (req, context) => {
            const ctx = context as Ctx;
            ctx.user ??= sequence++ % sessions.length;
            const session = sessions[ctx.user]!;
            ctx.session = session;
            return {
              ...req,
              method: 'GET',
              path: '/api/analyses/runs?limit=50',
              headers: auth(session),
            };
          },
          onResponse: count('runs list'),
        },
        {
          setupRequest: (req, context) => ({
            ...req,
            method: 'GET',
            path: `/api/analyses/runs/${doneIds[Math.floor(Math.random() * doneIds.length)] ?? 'yok'}`,
            headers: auth((context as Ctx).session!),
          }),
          onResponse: count('run result'),
        },
        {
          setupRequest: (req, context) => ({
            ...req,
            method: 'GET',
            path: `/api/portfolios/DHS/holdings?date=${date}`,
            headers: auth((context as Ctx).session!),
          }),
          onResponse: count('holdings'),
        },
        {
          setupRequest: (req, context) => ({
            ...req,
            method: 'POST',
            path: '/api/portfolios/DHS/holdings/export',
            body: JSON.stringify({ date }),
            headers: auth((context as Ctx).session!),
          }),
          onResponse: count('export'),
        },
        {
          setupRequest: (req, context) => {
            const session = (context as Ctx).session!;
            const start = Math.random() < 1 / RUN_EVERY && session.username !== 'gozlemleyici';
            return start
              ? {
                  ...req,
                  method: 'POST',
                  path: '/api/analyses/runs',
                  body: JSON.stringify({
                    analysisType: 'leverage',
                    inputs: { portfolioCodes: ['DHS'], asOfDate: date },
                  }),
                  headers: auth(session),
                }
              : { ...req, method: 'GET', path: '/api/health', headers: auth(session) };
          },
          onResponse: (status, body) => {
            count('run start / health')(status, body);
            if (status === 200 && body.includes('"analysisType"')) {
              startedRuns.push((JSON.parse(body) as { id: string }).id);
            }
          },
        },
      ],
    });
    const result = await instance;
    for (const [key, n] of failures) console.log(`  2xx dışı: ${String(n)} × ${key}`);
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `İstek/sn: ort ${result.requests.average.toFixed(0)}, toplam ${String(result.requests.total)}`,
    );
    console.log(
      `Gecikme (ms): p50 ${String(result.latency.p50)}, p90 ${String(result.latency.p90)}, p97.5 ${String(result.latency.p97_5)}, p99 ${String(result.latency.p99)}`,
    );
    console.log(
      `Hatalar: ${String(errors)} (bağlantı ${String(result.errors)}, zaman aşımı ${String(result.timeouts)}, 2xx dışı ${String(result.non2xx)})`,
    );

    // p95 of the read requests alone, measured after the load with one sample per endpoint kind.
    const reads = ['/api/analyses/runs?limit=50', `/api/portfolios/DHS/holdings?date=${date}`];
    const samples: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      await fetch(`${base}${reads[i % reads.length]!}`, { headers: auth(admin) });
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `Okuma p95 (yük sonrası): ${samples[Math.floor(samples.length * 0.95)]!.toFixed(0)} ms (hedef < ${String(READ_P95_GOAL_MS)})`,
    );

    // Every run started must finish.
    const deadline = Date.now() + 10 * 60_000;
    let pending = startedRuns.length;
    while (pending > 0 && Date.now() < deadline) {
      pending = 0;
      for (const id of startedRuns) {
        const run = (await (
          await fetch(`${base}/api/analyses/runs/${id}`, { headers: auth(admin) })
        ).json()) as { status: string };
        if (run.status === 'queued' || run.status === 'running') pending += 1;
      }
      if (pending > 0) await new Promise((r) => setTimeout(r, 2000));
    }
    console.log(
      `Başlatılan çalıştırma: ${String(startedRuns.length)}, bitmeyen: ${String(pending)}`,
    );
    console.log(
      `Bellek sonda: API ${rssMb(apiPid)} (başta ${memStart.api}), işçi ${rssMb(workerPid)} (başta ${memStart.worker})`,
    );
    if (errors > 0 || pending > 0) process.exitCode = 1;
  } finally {
    if (started) {
      started.child.kill('SIGTERM');
      await new Promise((r) => started.child.once('exit', r));
      await rm(started.dir, { recursive: true, force: true });
    }
  }
}

await main();
