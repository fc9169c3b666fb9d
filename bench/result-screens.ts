/**
 * Browser benchmark (issues 11, 12, 13: "a result screen opens a finished run in under 1
 * second"), generic over the registry: for EVERY registered analysis type (contracts
 * ANALYSIS_TYPES), against a running app (`npm start`, or FONRISK_URL) with its demo runs,
 * finds the latest finished run of the type, opens `/<resultRoute>?run=<id>` in a fresh page
 * load ROUNDS times and prints the time from navigation until the result is on screen (the
 * provenance strip and the type's view render together, once the result matched its contract).
 * A type without a finished run is reported as such and fails the bench.
 * Run: node --import tsx bench/result-screens.ts   (FONRISK_URL=http://localhost:3000 by default)
 */
import {
  ANALYSIS_TYPE_IDS,
  ANALYSIS_TYPES,
  type LoginResponse,
  type RunListResponse,
} from '../packages/contracts/src/index.ts';
import { BASE_URL, DEMO_PASSWORD, withSignedInPage } from './browser.ts';

const USER = 'hesaplayici';
const ROUNDS = 3;
const LIMIT_MS = 1000;

/** A bearer token through the API, echoing the anti-forgery value the app hands out (decision 0026). */
async function apiToken(): Promise<string> {
  const first = await fetch(`${BASE_URL}/api/health`);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = cookie ? decodeURIComponent(cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)) : '';
  const login = await fetch(`${BASE_URL}/api/Authorization/Login`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username: USER, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${String(login.status)}`);
  return ((await login.json()) as LoginResponse).accessToken;
}

async function latestDoneRun(token: string, type: string): Promise<string | null> {
  const res = await fetch(
    `${BASE_URL}/api/analyses/runs?analysisType=${encodeURIComponent(type)}&status=done&limit=1`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!res.ok) throw new Error(`runs of ${type}: ${String(res.status)}`);
  return ((await res.json()) as RunListResponse).items[0]?.id ?? null;
}

async function main(): Promise<void> {
  const token = await apiToken();
  let failed = 0;
  await withSignedInPage(USER, async (page) => {
    console.log(
      `result screens, fresh page load until the result is on screen (${String(ROUNDS)} rounds, limit ${String(LIMIT_MS)} ms):`,
    );
    for (const type of ANALYSIS_TYPE_IDS) {
      const route = ANALYSIS_TYPES[type].resultRoute;
      const runId = await latestDoneRun(token, type);
      if (runId === null) {
        console.log(
          `  ${type.padEnd(28)} no finished run (the demo leaves one on every result screen): FAILED`,
        );
        failed += 1;
        continue;
      }
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const started = performance.now();
        await page.goto(`${BASE_URL}/${route}?run=${runId}`, { waitUntil: 'commit' });
        // A results page shows the opened run in `opened-run`; a type whose result route is its
        // run screen (risk-graphic) shows the run under the form.
        await page
          .getByTestId('opened-run')
          .getByTestId('run-provenance')
          .or(page.getByTestId('run-provenance'))
          .first()
          .waitFor({ state: 'visible' });
        times.push(performance.now() - started);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const ok = median < LIMIT_MS;
      if (!ok) failed += 1;
      console.log(
        `  ${type.padEnd(28)} /${route}: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}): ${ok ? 'OK' : 'TOO SLOW'}`,
      );
    }
  });
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
