import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openBrowser, problemBody, url, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('toasts and spinner in the browser', () => {
  it('shows the problem detail of a failed GET in a toast with close button and progress bar', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    await page.route('**/api/Authorization/UserListById**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/problem+json',
        body: problemBody(404, 'Kullanıcı kaydı bulunamadı.'),
      }),
    );
    await page.goto(url('/user-settings'));
    const toast = page.getByRole('alert').filter({ hasText: 'Kullanıcı kaydı bulunamadı.' });
    await toast.waitFor({ state: 'visible' });
    await expect(toast.getByRole('progressbar').count()).resolves.toBe(1);
    await expect(toast.getByText('e2e-trace-1').count()).resolves.toBe(1);
    const box = await page.locator('.fr-toasts').boundingBox();
    expect(box && box.x + box.width, 'toasts sit at the right edge').toBeGreaterThan(1300);
    expect(box?.y, 'toasts sit at the top, below the header').toBeLessThan(100);
    await toast.getByRole('button', { name: 'Bildirimi kapat' }).click();
    await toast.waitFor({ state: 'detached' });
  });

  it('shows the full-screen spinner while a slow call runs', async () => {
    const { page } = browser;
    await page.route('**/api/blog/posts', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(url('/blog'));
    const spinner = page.getByTestId('spinner-overlay');
    await spinner.waitFor({ state: 'visible' });
    await expect(spinner.textContent()).resolves.toContain('Yükleniyor...');
    const background = await spinner.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background, 'dark translucent backdrop').toMatch(/^rgba\(\d+, \d+, \d+, 0\.\d+\)$/);
    await spinner.waitFor({ state: 'detached' });
    await expect(page.locator('article').count()).resolves.toBeGreaterThan(0);
  });
});
