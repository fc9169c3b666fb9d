import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeToken,
  loginAs,
  openBrowser,
  problemBody,
  settle,
  storeSession,
  url,
  waitForPath,
  where,
  type Browser,
} from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('route guard in the browser', () => {
  it('sends a signed-out user to login with the returnUrl and back there after login', async () => {
    const { page } = browser;
    await page.goto(url('/portfolios?fund=ABC&date=2026-11-21'));
    await waitForPath(page, '/login?returnUrl=%2Fportfolios%3Ffund%3DABC%26date%3D2026-11-21');
    await loginAs(page, 'admin', '/portfolios?fund=ABC&date=2026-11-21');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('accessToken'),
      role: localStorage.getItem('userRole'),
      fullName: localStorage.getItem('fullName'),
      module: localStorage.getItem('module'),
      userId: localStorage.getItem('userId'),
    }));
    expect(stored.token?.split('.')).toHaveLength(3);
    expect(stored.role).toBe('Admin');
    expect(stored.module).toBe('1,2,3,4,5');
    expect(stored.fullName).not.toBe('');
    expect(Number(stored.userId)).toBeGreaterThan(0);
    await expect(page.getByTestId('user-role').textContent()).resolves.toBe('Yönetici');
  });

  it('sends a module-restricted user home from a module-2 route', async () => {
    const { page } = browser;
    await loginAs(page, 'kisitli');
    await page.goto(url('/stress-test'));
    await waitForPath(page, '/');
    await page.goto(url('/varAnalysis'));
    // Module 1 is one of the user's modules: the real run screen opens.
    await page.getByRole('button', { name: 'Analizi başlat' }).waitFor({ state: 'visible' });
    expect(where(page)).toBe('/varAnalysis');
  });

  it('sends an observer home from a run screen', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    await page.goto(url('/varAnalysis'));
    await waitForPath(page, '/');
  });

  it('treats a two-segment token as absent', async () => {
    const { page } = browser;
    const [header, payload] = fakeToken(3600).split('.');
    await storeSession(page, `${header}.${payload}`);
    await page.goto(url('/user-settings'));
    await waitForPath(page, '/login?returnUrl=%2Fuser-settings');
  });

  it('sends a user with an expired token to login', async () => {
    const { page } = browser;
    await storeSession(page, fakeToken(-60));
    await page.goto(url('/portfolios'));
    await waitForPath(page, '/login?returnUrl=%2Fportfolios');
  });

  it('sends the user to login when the API answers 401', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    await page.route('**/api/Authorization/UserListById**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: problemBody(401, 'Oturumunuzun süresi doldu.'),
      }),
    );
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await waitForPath(page, '/login');
  });

  it('logout clears all local storage and goes to login', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
    await waitForPath(page, '/portfolios');
    await page.evaluate(() => localStorage.setItem('baskaBirAnahtar', 'x'));
    await settle(page);
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await waitForPath(page, '/login');
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
  });
});
