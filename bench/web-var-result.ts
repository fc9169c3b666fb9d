/**
 * Browser benchmark (issue 5: "the var-analysis-result screen opens a finished run in under 1
 * second"). Against a running app (`npm start`, or FONRISK_URL), logs in as the demo
 * `hesaplayici`, starts one VaR analysis of a demo fund from the varAnalysis screen, waits for it
 * to finish, then opens /var-analysis-result?run=<id> in a fresh page load several times and
 * prints the time from navigation start until the result (VaR figures) is on screen.
 * Run: node --import tsx bench/web-var-result.ts   (FONRISK_URL=http://localhost:3000 by default)
 */
import { BASE_URL, withSignedInPage } from './browser.ts';

const FUND = process.env['FONRISK_BENCH_FUND'] ?? 'DHS';
const ROUNDS = 5;
const LIMIT_MS = 1000;
function report(title: string, times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`${title}:`);
  console.log(`  times ms: ${times.map((t) => t.toFixed(0)).join(', ')}`);
  console.log(
    `  median ${median.toFixed(0)} ms, worst ${sorted[sorted.length - 1]!.toFixed(0)} ms (limit ${LIMIT_MS} ms): ${median < LIMIT_MS ? 'OK' : 'TOO SLOW'}`,
  );
  return median;
}

async function main(): Promise<void> {
  await withSignedInPage('hesaplayici', async (page) => {
    await page.goto(`${BASE_URL}/varAnalysis`);
    const field = page.getByRole('textbox', { name: 'Portföyler', exact: true });
    await field.click();
    await field.fill(FUND);
    await page
      .getByRole('option', { name: new RegExp(`^${FUND} · `) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 120_000 });
    const href = await page.getByRole('link', { name: 'Sonuç ekranında aç' }).getAttribute('href');
    if (!href) throw new Error('no result link on the finished run');

    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      await page.goto(`${BASE_URL}${href}`, { waitUntil: 'commit' });
      await page.getByTestId('var-try').waitFor({ state: 'visible' });
      times.push(performance.now() - started);
    }
    // In the app: the result screen is open, the user clicks "Aç" on the run in the list.
    const inApp: number[] = [];
    await page.goto(`${BASE_URL}/var-analysis-result`);
    for (let i = 0; i < ROUNDS; i += 1) {
      await page.getByTestId('run-list').waitFor({ state: 'visible' });
      await page
        .getByRole('button', { name: 'Kapat' })
        .click()
        .catch(() => undefined);
      await page.getByTestId('var-result').waitFor({ state: 'detached' });
      const started = performance.now();
      await page.getByTestId('run-list').getByRole('button', { name: /^Aç / }).first().click();
      await page.getByTestId('var-try').waitFor({ state: 'visible' });
      inApp.push(performance.now() - started);
    }
    const fullMedian = report(
      `var-analysis-result?run=<id> as a full page load (${FUND}, ${ROUNDS} rounds)`,
      times,
    );
    const appMedian = report(
      `open a finished run from the result screen's list (${FUND}, ${ROUNDS} rounds)`,
      inApp,
    );
    process.exitCode = fullMedian < LIMIT_MS && appMedian < LIMIT_MS ? 0 : 1;
  });
}

await main();
