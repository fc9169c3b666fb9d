import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openBrowser, waitForPath, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ width: 1280, height: 600 });
});
afterEach(async () => {
  await browser.close();
});

const KEPT = '[data-keep-state="varAnalysis"]';

describe('keep-state screens in the browser', () => {
  it('keep varAnalysis mounted with its DOM, inputs and scroll position across navigation', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.getByRole('link', { name: 'RMD Analizi', exact: true }).click();
    await waitForPath(page, '/varAnalysis');
    const screen = page.locator(KEPT);
    await screen.waitFor({ state: 'visible' });

    // Once the real varAnalysis screen lands, its own first text input carries the state; until
    // then the placeholder has none, and the test checks the mechanism on the screen's kept DOM:
    // a marker, a typed input and page height added by the test survive only if the very same
    // screen is kept mounted rather than rendered anew.
    const hasOwnInput = (await screen.locator('input[type="text"], input:not([type])').count()) > 0;
    if (!hasOwnInput) {
      await screen.evaluate((el) => {
        const probe = document.createElement('input');
        probe.setAttribute('aria-label', 'e2e-probe');
        el.append(probe);
        const spacer = document.createElement('div');
        spacer.style.height = '3000px';
        el.append(spacer);
        (el as HTMLElement).dataset['e2eMarker'] = 'kept';
      });
    }
    const input = hasOwnInput ? screen.locator('input[type="text"], input:not([type])').first() : page.getByLabel('e2e-probe');
    await input.fill('Fon ABC, 21.11.2026');
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() => window.scrollY > 600);
    const scrolled = await page.evaluate(() => window.scrollY);

    await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
    await waitForPath(page, '/portfolios');
    await expect(screen.isVisible(), 'hidden while away').resolves.toBe(false);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    await page.getByRole('link', { name: 'RMD Analizi', exact: true }).click();
    await waitForPath(page, '/varAnalysis');
    await screen.waitFor({ state: 'visible' });
    await expect(input.inputValue()).resolves.toBe('Fon ABC, 21.11.2026');
    if (!hasOwnInput) await expect(screen.getAttribute('data-e2e-marker')).resolves.toBe('kept');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);
  });

  it('does not keep an ordinary screen', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await page.getByLabel('Mevcut parola').fill('taslak');
    await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await expect(page.getByLabel('Mevcut parola').inputValue()).resolves.toBe('');
  });
});
