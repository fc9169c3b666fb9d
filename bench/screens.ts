/**
 * Browser benchmark: every screen of the route table (contracts ROUTES) opened as superadmin
 * (who may open them all) against a running app (`npm start`, or FONRISK_URL) with its demo data.
 * For each screen: a fresh page load until the network is idle (every API call the screen makes
 * has answered) and the page has drawn what they brought (its next frame: the network goes idle
 * in the browser process while the page's main thread may still be drawing a long list), and the
 * slowest API call it made. Prints one line a screen and fails when a
 * screen takes longer than LIMIT_MS or one of its API calls answers 4xx/5xx.
 * Run: `npm run bench -- screens` while `npm start` is up (FONRISK_URL=http://localhost:3000).
 */
import type { Request } from 'playwright-core';
import { ROUTES } from '../packages/contracts/src/index.ts';
import { BASE_URL, withSignedInPage } from './browser.ts';

const USER = 'superadmin';
const LIMIT_MS = 2000;

async function main(): Promise<void> {
  let failed = 0;
  await withSignedInPage(USER, async (page) => {
    const started = new Map<Request, number>();
    let calls: { url: string; ms: number; status: number }[] = [];
    page.on('request', (r) => started.set(r, performance.now()));
    page.on('response', (r) => {
      const t = started.get(r.request());
      if (t !== undefined && r.url().includes('/api/')) {
        calls.push({
          // The event stream's sign-in token stays out of the printed figures.
          url: r
            .url()
            .replace(BASE_URL, '')
            .replace(/access_token=[^&]*/, 'access_token=…'),
          ms: performance.now() - t,
          status: r.status(),
        });
      }
    });
    console.log(
      `every screen, fresh page load until the network is idle and the page has drawn its next frame (limit ${String(LIMIT_MS)} ms):`,
    );
    for (const route of ROUTES) {
      if (route.path === 'login') continue;
      calls = [];
      const t0 = performance.now();
      await page.goto(`${BASE_URL}/${route.path}`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise<void>((drawn) => requestAnimationFrame(() => drawn())));
      const ms = performance.now() - t0;
      const slowest = calls.reduce<(typeof calls)[number] | null>(
        (a, c) => (a === null || c.ms > a.ms ? c : a),
        null,
      );
      const refused = calls.filter((c) => c.status >= 400);
      const ok = ms < LIMIT_MS && refused.length === 0;
      if (!ok) failed += 1;
      console.log(
        `  /${route.path.padEnd(28)} ${ms.toFixed(0).padStart(5)} ms, ${String(calls.length)} API calls, slowest ${slowest ? `${slowest.ms.toFixed(0)} ms ${slowest.url}` : '-'}${refused.length > 0 ? `, refused: ${refused.map((c) => `${String(c.status)} ${c.url}`).join(', ')}` : ''}: ${ok ? 'OK' : 'FAILED'}`,
      );
    }
  });
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
