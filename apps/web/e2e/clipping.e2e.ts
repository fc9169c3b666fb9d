import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANALYSIS_TYPES, ROUTES, type RunListResponse } from '@fonrisk/contracts';
import { apiAs, loginAs, openBrowser, openInApp, type ApiClient, type Browser } from './support.ts';

// Issue 24, "Nothing cut off" and "One vocabulary and one format": every screen hesaplayici may
// open, each result screen with a finished demo run opened, shows every number and badge whole
// (no ellipsis), dates as dd.mm.yyyy and no internal key (decision 0060), and no button of a
// table's row out of sight behind its sideways scroll (a report's five actions were).

/** What one screen shows wrongly, gathered in the page. */
interface Findings {
  readonly clipped: string[];
  readonly hiddenButtons: string[];
  readonly isoDates: string[];
  readonly keys: string[];
}

/**
 * Runs in the page: text cut by `text-overflow: ellipsis` (a number, or any badge), ISO dates and
 * identifiers (snake_case, camelCase, `key=value`) in the visible text, host-key fingerprints
 * left out.
 */
function inspect(): Findings {
  const letters = /[A-Za-zÇĞİÖŞÜçğıöşü]/;
  const clipped: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (el.childElementCount > 0 && !el.classList.contains('mantine-Badge-label')) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth) continue;
    if (el.getClientRects().length === 0) continue;
    const text = el.textContent.trim();
    if (text === '') continue;
    const badge = el.closest('.mantine-Badge-root') !== null;
    const numeric = /\d/.test(text) && !letters.test(text.replace(/\b(TL|USD|EUR)\b/g, ''));
    if (badge || numeric) clipped.push(text);
  }
  // A button of a table's row past the right edge of the table's scrolling frame: seen only by
  // scrolling sideways, on a 1,440-pixel screen.
  const hiddenButtons: string[] = [];
  for (const button of Array.from(document.body.querySelectorAll<HTMLElement>('td button'))) {
    const frame = button.closest('.mantine-ScrollArea-viewport');
    if (frame === null || button.getClientRects().length === 0) continue;
    if (button.getBoundingClientRect().right > frame.getBoundingClientRect().right + 1)
      hiddenButtons.push(button.textContent.trim());
  }
  // An SFTP host key's fingerprint (OpenSSH's `SHA256:` + base64, ftp-settings) is shown as the
  // server gives it, for the user to compare with their administrator's: its base64 often holds
  // a run like "riizR2r0" that reads as a camelCase key. It is not one.
  // A stored record printed as it is (the audit trail's values before and after, in a code
  // block) is data, not the screen's text.
  let text = document.body.innerText;
  for (const block of Array.from(document.body.querySelectorAll<HTMLElement>('pre, code')))
    text = text.replace(block.innerText, '');
  const visible = text.replace(/\bSHA256:[A-Za-z0-9+/]+/g, 'SHA256:…');
  const isoDates = visible.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [];
  const keys = [
    ...(visible.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []),
    ...(visible.match(/\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/g) ?? []),
    ...(visible.match(/\b[a-zA-Z]+=[^\s;]+/g) ?? []),
  ];
  return { clipped, hiddenButtons, isoDates, keys };
}

/** Waits until the screen has loaded: no loader, grids drawn, then a moment for layout. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  await page.waitForFunction(
    () => document.querySelector('.mantine-Loader-root') === null,
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(400);
}

/** The route paths that are an analysis type's result screen, with that type. */
const RESULT_TYPES = new Map<string, string>(
  Object.values(ANALYSIS_TYPES).map((d) => [d.resultRoute, d.id]),
);

let browser: Browser;
let api: ApiClient;
beforeAll(async () => {
  browser = await openBrowser();
  await loginAs(browser.page, 'hesaplayici');
  api = await apiAs('hesaplayici');
});
afterAll(async () => {
  await browser.close();
});

/** How long a result screen waits for the first start's demo run of its type to finish. */
const DEMO_RUN_WAIT_MS = 300_000;

/**
 * The screen to open for a route: a result screen with its type's latest finished demo run. The
 * demo computes its runs after the app is ready, so on a busy machine a type's run may still be
 * queued when its screen comes: it is waited for (every second, up to 5 min).
 */
async function targetOf(path: string): Promise<string> {
  const type = RESULT_TYPES.get(path);
  if (type === undefined) return `/${path}`;
  const deadline = Date.now() + DEMO_RUN_WAIT_MS;
  for (;;) {
    const done = await api.get<RunListResponse>(
      `/analyses/runs?analysisType=${type}&status=done&limit=1`,
    );
    const run = done.items[0];
    if (run !== undefined) return `/${path}?run=${run.id}`;
    if (Date.now() > deadline) throw new Error(`the demo has no finished ${type} run`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Opens a screen (a result screen with a finished run) and lists what it shows wrongly. */
async function problemsOf(page: Page, target: string, result: boolean): Promise<string[]> {
  await openInApp(page, target);
  if (result) {
    await page
      .locator('[data-testid="run-status"][data-status="done"]')
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
  }
  await settle(page);
  const found = await page.evaluate(inspect);
  return [
    ...found.clipped.map((t) => `kesik "${t}"`),
    ...found.hiddenButtons.map((t) => `görünmeyen düğme "${t}"`),
    ...found.isoDates.map((t) => `ISO tarih ${t}`),
    ...found.keys.map((t) => `iç anahtar ${t}`),
  ];
}

describe('as hesaplayici, every screen shows numbers, badges and dates whole and in Turkish', () => {
  for (const route of ROUTES.filter((r) => r.path !== 'login')) {
    it(
      `/${route.path}`,
      async () => {
        const target = await targetOf(route.path);
        const problems = await problemsOf(browser.page, target, RESULT_TYPES.has(route.path));
        expect(problems, target).toEqual([]);
      },
      DEMO_RUN_WAIT_MS + 90_000,
    );
  }
});

/** The menu's sections whose screens show an administrator more (users, the audit trail, owners). */
const ADMIN_GROUPS = new Set(['settings', 'reports', 'data']);

describe('as admin, the screens that show an administrator more show it whole and in Turkish', () => {
  let admin: Browser;
  beforeAll(async () => {
    admin = await openBrowser();
    await loginAs(admin.page, 'admin');
  });
  afterAll(async () => {
    await admin.close();
  });
  for (const route of ROUTES.filter((r) => r.menuGroup !== null && ADMIN_GROUPS.has(r.menuGroup))) {
    it(`/${route.path}`, async () => {
      expect(await problemsOf(admin.page, `/${route.path}`, false), route.path).toEqual([]);
    }, 90_000);
  }
});
