import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, openBrowser, url, waitForPath, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** Picks a demo fund in the screen's portfolio field by typing its code and clicking the option. */
async function pickFund(page: Page, label: 'Portföyler' | 'Portföy', code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true }).first();
  await field.click();
  await field.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`^${code} · `) })
    .first()
    .click();
}

describe('Module 1 screens in the browser', () => {
  it('runs a VaR analysis as hesaplayici with live progress, then the result', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.goto(url('/varAnalysis'));
    await page.getByText('RMD(20 gün) = RMD(1 gün) × √20').waitFor({ state: 'visible' });
    await pickFund(page, 'Portföyler', 'DHS');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('run-progress').waitFor({ state: 'visible' });
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByTestId('run-status').first().textContent()).resolves.toBe('Tamamlandı');
    const varTry = (await page.getByTestId('var-try').textContent()) ?? '';
    expect(varTry, 'VaR in Turkish number format with TL').toMatch(/^\d{1,3}(\.\d{3})* TL$/);
  });

  it('runs a backtest as hesaplayici and shows the tests and the SPK verdict', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.goto(url('/backtest'));
    await pickFund(page, 'Portföy', 'DHS');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('run-progress').waitFor({ state: 'visible' });
    await page.getByTestId('backtest-result').waitFor({ state: 'visible', timeout: 90_000 });
    await expect(page.getByTestId('backtest-tests').textContent()).resolves.toContain('Kupiec POF');
    await expect(page.getByTestId('basel-zone').textContent()).resolves.toMatch(/bölge$/);
  });

  it('opens a finished VaR run as gozlemleyici, without run buttons', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    await page.goto(url('/varAnalysis'));
    await pickFund(page, 'Portföyler', 'DBA');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 60_000 });

    const observer = await openBrowser();
    try {
      await loginAs(observer.page, 'gozlemleyici');
      await observer.page.goto(url('/var-analysis-result'));
      await observer.page.getByTestId('run-list').waitFor({ state: 'visible' });
      await observer.page.getByRole('button', { name: /^Aç / }).first().click();
      await observer.page.getByTestId('var-result').waitFor({ state: 'visible' });
      await expect(
        observer.page.getByRole('button', { name: 'Analizi başlat' }).count(),
      ).resolves.toBe(0);
      await observer.page.goto(url('/varAnalysis'));
      await waitForPath(observer.page, '/');
    } finally {
      await observer.close();
    }
  });
});
