import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openBrowser, settle, waitForPath, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ width: 1280, height: 600 });
});
afterEach(async () => {
  await browser.close();
});

const KEPT = '[data-keep-state="varAnalysis"]';

describe('keep-state screens in the browser', () => {
  it('keeps the varAnalysis form (fund, window, date mode) and scroll position across navigation', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.getByRole('link', { name: 'RMD Analizi', exact: true }).click();
    await waitForPath(page, '/varAnalysis');
    const screen = page.locator(KEPT);
    await screen.waitFor({ state: 'visible' });

    // The real form: a chosen fund, a changed observation window and the selected date mode.
    const portfolios = screen.getByRole('textbox', { name: 'Portföyler', exact: true });
    await portfolios.click();
    await portfolios.fill('DHS');
    await page.getByRole('option', { name: /^DHS · / }).click();
    const windowDays = screen.getByLabel('Gözlem süresi (iş günü)');
    await windowDays.fill('500');
    await screen.locator('label', { hasText: 'Tarih aralığı' }).first().click();
    await screen.getByLabel('Başlangıç tarihi').waitFor({ state: 'visible' });
    // Page height so the scroll position can be tested on a short viewport.
    await screen.evaluate((el) => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      el.append(spacer);
    });
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() => window.scrollY > 600);
    const scrolled = await page.evaluate(() => window.scrollY);

    await settle(page);
    await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
    await waitForPath(page, '/portfolios');
    // The router's navigation is a transition: the kept screen hides once the next screen is ready.
    await screen.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => window.scrollY === 0);

    await settle(page);
    await page.getByRole('link', { name: 'RMD Analizi', exact: true }).click();
    await waitForPath(page, '/varAnalysis');
    await screen.waitFor({ state: 'visible' });
    await expect(windowDays.inputValue()).resolves.toBe('500');
    await expect(
      screen.getByText(/^DHS · /).count(),
      'the chosen fund is still a pill',
    ).resolves.toBeGreaterThan(0);
    await expect(
      screen.getByLabel('Başlangıç tarihi').isVisible(),
      'the date range mode is kept',
    ).resolves.toBe(true);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);
  });

  it('does not keep an ordinary screen', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await page.getByLabel('Mevcut parola').fill('taslak');
    await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
    // Wait until the other screen is really shown: a second click during the first (lazy)
    // transition would cancel it and never leave user-settings.
    await page.getByRole('heading', { name: 'Portföyler', exact: true }).waitFor();
    await settle(page);
    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    // Navigation is a transition: poll until the screen shown is the new one, which starts empty.
    await expect.poll(() => page.getByLabel('Mevcut parola').inputValue()).toBe('');
  });
});
