import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openBrowser, signIn, url, waitForPath, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('user settings as admin', () => {
  it('creates a user with role and modules who can then log in', async () => {
    const { page } = browser;
    const username = `e2e.${Date.now().toString(36)}`;
    await signIn(page, 'admin', '/user-settings');
    await page.getByTestId('user-table').getByText('hesaplayici', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-user-settings.png', fullPage: true });

    await page.getByRole('button', { name: 'Yeni kullanıcı' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Kullanıcı adı').fill(username);
    await dialog.getByLabel('Ad soyad').fill('Deniz Koç');
    await dialog.getByLabel('Parola', { exact: true }).fill('Deneme.Parola.2026');
    await dialog.getByLabel(/^Modül 2:/).check();
    await dialog.getByLabel(/^Modül 5:/).check();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kullanıcı oluşturuldu.').waitFor();
    const row = page.getByTestId('user-table').getByRole('row').filter({ hasText: username });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Hesaplayıcı');

    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await waitForPath(page, '/login');
    await loginAs(page, username, '/', 'Deneme.Parola.2026');
    await expect(page.evaluate(() => localStorage.getItem('module'))).resolves.toBe('2,5');
    await expect(page.getByTestId('user-full-name').textContent()).resolves.toBe('Deniz Koç');
  });
});

describe('screenshots for a visual check', () => {
  it('captures the home and login pages', async () => {
    const { page } = browser;
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Giriş yap' }).waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-login.png' });
    await loginAs(page, 'superadmin');
    await page.locator('article').first().waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-home.png', fullPage: true });
  });
});
