import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  loginAs,
  openBrowser,
  signIn,
  url,
  waitForPath,
  type Browser,
} from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ width: 1440, height: 1600 });
});
afterEach(async () => {
  await browser.close();
});

/** POST /api/pre-trade-check as a demo user, straight to the API (anti-forgery pair included). */
async function postAs(username: string, body: unknown): Promise<number> {
  const health = await fetch(url('/api/health'));
  const xsrfOf = (res: Response) =>
    decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '');
  const first = xsrfOf(health);
  const login = await fetch(url('/api/Authorization/Login'), {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${encodeURIComponent(first)}`,
      'x-xsrf-token': first,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const xsrf = xsrfOf(login) || first;
  const res = await fetch(url('/api/pre-trade-check'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe('pre-trade check on incremental-var', () => {
  it('runs the demo example trades as hesaplayici: before/after with statuses and headroom', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/incremental-var');
    const section = page.getByTestId('pre-trade-section');
    await section.waitFor({ state: 'visible' });
    await page.getByTestId('pre-trade-checks').waitFor({ state: 'visible', timeout: 90_000 });
    await expect(page.getByTestId('pre-trade-demo-badge').textContent()).resolves.toBe(
      'Demo verisi: örnek işlemler',
    );
    const checks = await page.getByTestId('pre-trade-checks').textContent();
    expect(checks).toContain('RMD limiti');
    expect(checks).toContain('Kaldıraç (taahhüt yöntemi)');
    expect(checks).toMatch(/Uygun|Uyarı|İhlal/);
    // The headroom table comes with the second answer.
    await page.getByTestId('pre-trade-headroom').waitFor({ state: 'visible', timeout: 90_000 });
    expect(
      await page.getByTestId('pre-trade-headroom').locator('tbody tr').count(),
    ).toBeGreaterThan(1);
    await section.screenshot({ path: process.env['PRE_TRADE_SCREENSHOT'] ?? '/tmp/pre-trade.png' });
    // A sale larger than the holding is refused in Turkish, naming the row.
    await page.getByRole('textbox', { name: 'Miktar' }).first().fill('999999999999');
    await page.getByRole('button', { name: 'Kontrol et' }).click();
    await expect(
      page.getByTestId('pre-trade-error').textContent({ timeout: 60_000 }),
    ).resolves.toMatch(/1\. işlem satırı \(.+\): satış .* portföydeki tutarı .* aşıyor/);
  });

  it('keeps gozlemleyici off the run screen (sent home, no run button); the API refuses (403)', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    await page.goto(url('/incremental-var'));
    // incremental-var is a run screen (runRoles): an observer is sent home.
    await waitForPath(page, '/');
    expect(await page.getByTestId('pre-trade-section').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Kontrol et' }).count()).toBe(0);
    const status = await postAs('gozlemleyici', {
      portfolioCode: 'DHS',
      asOfDate: '2099-01-01',
      trades: [],
    });
    expect(status).toBe(403);
  });
});
