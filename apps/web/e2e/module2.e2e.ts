import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  loginAs,
  openBrowser,
  openInApp,
  signIn,
  url,
  waitForPath,
  type Browser,
} from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** Types into a multi-select and clicks the option whose text starts with `option`. */
async function pick(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true }).first();
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

describe('Module 2 screens in the browser', () => {
  it('runs a risk-value calculation as hesaplayici and shows the class and its band', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/risk-value');
    await pick(page, 'Fonlar', 'DHS', /^DHS · /);
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('risk-value-result').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByTestId('risk-value-class').textContent()).resolves.toMatch(/^[1-7]$/);
    await expect(page.getByTestId('risk-value-volatility').textContent()).resolves.toMatch(
      /^%\d+,\d{2}$/,
    );
    await expect(page.getByTestId('risk-value-bands').textContent()).resolves.toContain(
      'Fon burada',
    );
  });

  it('runs a stress test as hesaplayici under a shipped scenario and refuses a -100 % shock', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/stress-test');
    await page.getByTestId('scenario-library').waitFor({ state: 'visible' });
    await pick(page, 'Portföyler', 'DHS', /^DHS · /);
    await pick(page, 'Senaryolar', 'Ağustos', /^Ağustos 2018 Kur Krizi$/);
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('stress-result').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByTestId('stress-worst').textContent()).resolves.toMatch(/^-?%\d/);

    await page.getByRole('button', { name: 'Yeni senaryo' }).click();
    await page.getByRole('textbox', { name: 'Senaryo adı' }).fill('Çöküş');
    await page.getByRole('textbox', { name: 'Hisse endeksi (%)' }).fill('-100');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('hisse şoku -%100 veya daha kötü olamaz').waitFor({ state: 'visible' });
  });

  it('finds the parallel TL rate shift that costs the demo bond fund 10 % (reverse stress)', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/stress-test');
    await page.getByTestId('scenario-library').waitFor({ state: 'visible' });
    await pick(page, 'Portföyler', 'DBA', /^DBA · /);
    await pick(page, 'Senaryolar', '2023', /^2023 Tipi Faiz Şoku$/);
    await page
      .getByRole('textbox', { name: 'Ters stres: hedef kayıp (% FTD, isteğe bağlı)' })
      .fill('10');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('stress-result').waitFor({ state: 'visible', timeout: 60_000 });
    // A bond fund: no uniform equity or FX move costs it 10 %, a rise of the TL rates does.
    await expect(page.getByTestId('stress-reverse').textContent()).resolves.toMatch(
      /^yok \/ yok \/ \+[\d.]+ bp$/,
    );
  });

  it('opens the demo stress-test and risk-value runs as gozlemleyici, without run buttons', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    for (const [path, testId] of [
      ['/stress-test-result', 'stress-result'],
      ['/risk-value-result', 'risk-value-result'],
    ] as const) {
      await openInApp(page, path);
      await page.getByTestId('run-list').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: /^Aç / }).first().click();
      await page.getByTestId(testId).waitFor({ state: 'visible', timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Analizi başlat' }).count()).resolves.toBe(0);
    }
    await page.goto(url('/stress-test'));
    await waitForPath(page, '/');
  });
});
