import {
  chromium,
  type Browser as ChromiumBrowser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { ROUTES, type LoginResponse } from '@fonrisk/contracts';
import { APP_MESSAGES } from '../src/app/messages.ts';
import { saveLogin } from '../src/lib/session.ts';

export const BASE_URL = process.env['FONRISK_E2E_URL'] ?? 'http://localhost:3000';

/**
 * Which of Debian's two Chromium builds a test drives (never a browser download):
 * - `shell`: the headless shell (package chromium-headless-shell), Blink and V8 without the
 *   browser around them. A test's sign-in and screen cost it about half the CPU of the full
 *   browser run headless (2.7–2.8 s against 5.2–6.1 s, decision 0072): every test uses it
 *   unless it needs what only the full browser has;
 * - `full`: the browser users have (package chromium), with its PDF viewer.
 */
export type ChromiumBuild = 'shell' | 'full';
const EXECUTABLES: Readonly<Record<ChromiumBuild, string>> = {
  shell: process.env['FONRISK_CHROMIUM_SHELL'] ?? '/usr/lib/chromium/chromium-headless-shell',
  full: process.env['FONRISK_CHROMIUM'] ?? '/usr/bin/chromium',
};

/** Demo users loaded by `npm start` (password shared by all). */
export const DEMO_PASSWORD = 'Fonrisk.2026';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Browser {
  readonly page: Page;
  readonly context: BrowserContext;
  close(): Promise<void>;
}

const launched = new Map<ChromiumBuild, Promise<ChromiumBrowser>>();

/**
 * The file's Chromium of a build, launched once per test file: a launch costs ~0.8 s and a fresh
 * context ~0.1 s, with the same isolation (cookies, storage and cache of its own). setup.ts closes
 * it after the file's tests (docs/decisions/0072-ci-time.md).
 */
function chromiumBrowser(build: ChromiumBuild): Promise<ChromiumBrowser> {
  let browser = launched.get(build);
  if (browser === undefined) {
    browser = chromium.launch({ executablePath: EXECUTABLES[build], headless: true, args: FLAGS });
    launched.set(build, browser);
  }
  return browser;
}

/** Closes the file's Chromiums, if any was launched. */
export async function closeChromium(): Promise<void> {
  const browsers = [...launched.values()];
  launched.clear();
  for (const browser of browsers) await (await browser).close();
}

/** A fresh browser context (no cookies, no storage) with one page. */
export async function openBrowser(
  viewport = { width: 1366, height: 860 },
  build: ChromiumBuild = 'shell',
): Promise<Browser> {
  const context = await (
    await chromiumBrowser(build)
  ).newContext({ viewport, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { page, context, close: () => context.close() };
}

export function url(pathWithQuery: string): string {
  return `${BASE_URL}${pathWithQuery}`;
}

/** Current path and query of the page. */
export function where(page: Page): string {
  const current = new URL(page.url());
  return `${current.pathname}${current.search}`;
}

/**
 * Waits until the SPA sits at `expected` (path and query). A timeout names where the page is
 * instead, and what the screen shows: a redirect (the guard's /login?returnUrl=…) or a click that
 * moved nothing reads differently from a slow screen.
 */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForURL((u) => `${u.pathname}${u.search}` === expected);
  } catch (error) {
    const heading = await page
      .locator('h1, h2')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    throw new Error(
      `The page did not reach ${expected}: it is at ${where(page)}, showing "${heading ?? '?'}".`,
      { cause: error },
    );
  }
}

/**
 * Waits until no call of the app has been in flight for `quietMs`. Every call raises the
 * full-screen spinner (`spinner-overlay`, product-spec.md section 1) over the menu, and a screen
 * that loads in steps (the fund list, then the fund's holdings) raises it again between two
 * steps: a click whose mouse-down reached a menu link just before the spinner came up, and whose
 * mouse-up then hit the spinner, clicks nothing (the click goes to what both share), so the page
 * stays where it is. Tests that leave a screen through the menu wait for it to settle first.
 */
export async function settle(page: Page, quietMs = 300): Promise<void> {
  const key = `${Date.now()}-${Math.random()}`;
  await page.waitForFunction(
    ({ quiet, key }) => {
      // Since when the spinner has been down, per call of settle (the page keeps it between polls).
      const quietSince = ((
        window as unknown as { fonriskQuietSince?: Map<string, number> }
      ).fonriskQuietSince ??= new Map<string, number>());
      if (document.querySelector('[data-testid="spinner-overlay"]') !== null) {
        quietSince.delete(key);
        return false;
      }
      const since = quietSince.get(key) ?? performance.now();
      quietSince.set(key, since);
      return performance.now() - since >= quiet;
    },
    { quiet: quietMs, key },
    { polling: 25 },
  );
}

/**
 * Opens a screen inside the loaded app, as its menu and links do: the router's own history entry
 * (pushState and the browser's popstate), not a page load. A page load parses and starts the whole
 * bundle again (~0.9 s of the renderer's CPU for the login screen alone, decision 0072): tests
 * whose subject is not the page load itself open their screens this way. Waits until the router
 * drew the screen: the layout names it in the document's title.
 */
export async function openInApp(page: Page, pathWithQuery: string): Promise<void> {
  const title = screenTitle(pathWithQuery);
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, pathWithQuery);
  await waitForScreen(page, pathWithQuery, title);
}

/** Waits until the SPA sits at `pathWithQuery` and the router drew its screen (its title). */
async function waitForScreen(
  page: Page,
  pathWithQuery: string,
  title = screenTitle(pathWithQuery),
): Promise<void> {
  await waitForPath(page, pathWithQuery);
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** The document title the layout gives the route of `pathWithQuery` (the router drew its screen). */
function screenTitle(pathWithQuery: string): string {
  const path = new URL(pathWithQuery, BASE_URL).pathname;
  const route = ROUTES.find((r) => `/${r.path}` === path);
  if (route === undefined) throw new Error(`${path} is not a route of the app`);
  return APP_MESSAGES.documentTitle(route.title);
}

/** Logs in through the login form and waits to land on `landing`. */
export async function loginAs(
  page: Page,
  username: string,
  landing = '/',
  password = DEMO_PASSWORD,
): Promise<void> {
  if (!where(page).startsWith('/login')) await page.goto(url('/login'));
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await waitForPath(page, landing);
}

/** A Storage kept in `entries` (what the app's own session code writes, read back here). */
function memoryStorage(entries: Map<string, string>): Storage {
  return {
    get length() {
      return entries.size;
    },
    clear: () => {
      entries.clear();
    },
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => {
      entries.delete(key);
    },
    setItem: (key, value) => {
      entries.set(key, value);
    },
  };
}

/**
 * Signs in as `username` without the login form and opens the screen `pathWithQuery`: the API's
 * login as the form calls it (`apiLogin`), the session kept where the form keeps it (its
 * localStorage fields, written by the app's own `saveLogin`, and the anti-forgery cookie bound
 * to the session), then one page load of the screen. The login screen and the landing screen cost
 * a test ~0.45 s of Chromium's CPU (decision 0072); tests about the login, the landing screen or
 * the menu sign in through the form (`loginAs`).
 */
export async function signIn(
  page: Page,
  username: string,
  pathWithQuery: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const { response, xsrf } = await apiLogin(username, password);
  const fields = new Map<string, string>();
  saveLogin(response, memoryStorage(fields));
  await page.context().addCookies([{ name: XSRF_COOKIE, value: xsrf, url: BASE_URL }]);
  // localStorage belongs to the app's origin: a page of it without the app's script first.
  await page.goto(url('/api/health'));
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [...fields],
  );
  await page.goto(url(pathWithQuery));
  await waitForScreen(page, pathWithQuery);
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT-shaped token; the browser only checks its shape and expiry. */
export function fakeToken(expSecondsFromNow: number): string {
  const payload = {
    userId: 1,
    role: 'Super Admin',
    modules: [1, 2, 3, 4, 5],
    fullName: 'Selin Aydın',
    exp: Math.floor(Date.now() / 1000) + expSecondsFromNow,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** Puts a session into localStorage as login would, without calling the API. */
export async function storeSession(page: Page, accessToken: string): Promise<void> {
  await page.goto(url('/blog'));
  await page.evaluate((token) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('userRole', 'Super Admin');
    localStorage.setItem('fullName', 'Selin Aydın');
    localStorage.setItem('module', '1,2,3,4,5');
    localStorage.setItem('userId', '1');
  }, accessToken);
}

export function problemBody(status: number, detail: string): string {
  return JSON.stringify({
    type: 'about:blank',
    title: 'Hata',
    status,
    detail,
    traceId: 'e2e-trace-1',
  });
}

/** A signed-in API client of the running app (the figures a screen shows are checked against it). */
export interface ApiClient {
  get<T>(pathWithQuery: string): Promise<T>;
}

/** The anti-forgery cookie's name (docs/decisions/0026). */
const XSRF_COOKIE = 'XSRF-TOKEN';

/** The anti-forgery value the app handed out in a response's Set-Cookie, if any. */
function xsrfCookie(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    if (cookie.startsWith(`${XSRF_COOKIE}=`))
      return decodeURIComponent(cookie.slice(XSRF_COOKIE.length + 1).split(';')[0]!);
  }
  return null;
}

/**
 * The API's login as the browser's form calls it: the signed anti-forgery value handed out before
 * sign-in echoed on the login POST (docs/decisions/0026); returns the login's answer and the
 * anti-forgery value bound to the new session.
 */
async function apiLogin(
  username: string,
  password: string,
): Promise<{ response: LoginResponse; xsrf: string }> {
  const first = await fetch(url('/api/health'));
  const anonymous = xsrfCookie(first);
  if (anonymous === null) throw new Error('no anti-forgery cookie from /api/health');
  const login = await fetch(url('/api/Authorization/Login'), {
    method: 'POST',
    headers: {
      cookie: `${XSRF_COOKIE}=${encodeURIComponent(anonymous)}`,
      'x-xsrf-token': anonymous,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login ${username}: ${login.status}`);
  const xsrf = xsrfCookie(login);
  if (xsrf === null)
    throw new Error(`login ${username}: no anti-forgery cookie bound to the session`);
  return { response: (await login.json()) as LoginResponse, xsrf };
}

/** Logs in through the API as a demo user the way the browser does (`apiLogin`). */
export async function apiAs(username: string, password = DEMO_PASSWORD): Promise<ApiClient> {
  const {
    response: { accessToken },
  } = await apiLogin(username, password);
  return {
    async get<T>(pathWithQuery: string): Promise<T> {
      const res = await fetch(url(`/api${pathWithQuery}`), {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!res.ok) throw new Error(`GET ${pathWithQuery}: ${res.status}`);
      return (await res.json()) as T;
    },
  };
}

/**
 * The holdings template (its CSV header line as the API serves it) filled in: each given column
 * by its Turkish header, the others left blank.
 */
export async function filledTemplate(
  page: Page,
  rows: readonly Readonly<Record<string, string>>[],
): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(url('/api/imports/templates/holdings?format=csv'), {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok()).toBe(true);
  const header = (await response.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  const separator = header.includes(';') ? ';' : ',';
  const columns = header.split(separator);
  for (const key of Object.keys(rows[0]!))
    expect(columns, `the template has the column ${key}`).toContain(key);
  return [header, ...rows.map((r) => columns.map((c) => r[c] ?? '').join(separator))].join('\n');
}

/** "1.234.567 TL" -> 1234567; "%12,34" -> 0.1234 (the tr-TR formats the screens use). */
export function parseTurkishNumber(text: string): number {
  const percent = text.includes('%');
  const plain = text
    .replace(/TL|%|\s/g, '')
    .replace(/\./g, '')
    .replace(',', '.');
  const value = Number(plain);
  if (!Number.isFinite(value)) throw new Error(`not a Turkish number: ${text}`);
  return percent ? value / 100 : value;
}
