/**
 * The shared set-up of the browser benches (web-var-result, result-screens, screens): Debian's
 * Chromium (FONRISK_CHROMIUM) in a throw-away profile, signed in to the app at BASE_URL
 * (FONRISK_URL, default http://localhost:3000) as a demo user. Not a bench itself (bench/run.ts
 * skips it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env['FONRISK_URL'] ?? 'http://localhost:3000';
export const DEMO_PASSWORD = 'Fonrisk.2026';
const EXECUTABLE = process.env['FONRISK_CHROMIUM'] ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Runs `body` with a page signed in as `user`; the browser and its profile are removed after. */
export async function withSignedInPage<T>(
  user: string,
  body: (page: Page) => Promise<T>,
): Promise<T> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'fonrisk-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: EXECUTABLE,
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 900 },
    locale: 'tr-TR',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Kullanıcı adı').fill(user);
    await page.getByLabel('Parola', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    return await body(page);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
