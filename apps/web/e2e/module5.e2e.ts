import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, openBrowser, signIn, url, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** Opens the first run of the screen's run list (the demo run of the first start at least). */
async function openFirstRun(page: Page, resultTestId: string): Promise<void> {
  await page.getByTestId('run-list').waitFor({ state: 'visible' });
  // The demo runs are queued at the first start; wait until one is listed as done.
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId('run-list').waitFor({ state: 'visible' });
        return page.getByRole('button', { name: /^Aç / }).count();
      },
      { timeout: 120_000, interval: 3_000 },
    )
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Aç / }).first().click();
  await page.getByTestId(resultTestId).waitFor({ state: 'visible', timeout: 60_000 });
}

const PERCENT = /^-?%\d{1,3}(\.\d{3})*,\d{2}$|^%-?\d/;

describe('Module 5 reports and bond analysis in the browser', () => {
  for (const role of ['hesaplayici', 'gozlemleyici'] as const) {
    it(`opens the demo performance report as ${role}`, async () => {
      const { page } = browser;
      await signIn(page, role, '/performance-report');
      await openFirstRun(page, 'performance-report-result');
      const net = (await page.getByTestId('one-year-net').textContent()) ?? '';
      expect(net.trim()).toMatch(PERCENT);
      await page.getByTestId('result-table-periods').waitFor({ state: 'visible' });
      await page.getByTestId('result-table-attributionAssetClass').waitFor({ state: 'visible' });
      // The attribution's total against the unit price: fee and the rest (issue 23.3).
      await page.getByTestId('result-table-reconciliation').waitFor({ state: 'visible' });
      await expect(page.getByTestId('attribution-reconciliation').textContent()).resolves.toMatch(
        /Ayrıştırmanın toplamı .* yönetim ücreti -%\d/,
      );
      await expect(page.getByText(/Carino \(1999\)/).count()).resolves.toBeGreaterThan(0);
      // Sector attribution of the equity part against the BIST 100 constituents (issue 13).
      await page.getByTestId('result-table-attributionSector').waitFor({ state: 'visible' });
      await expect(page.getByTestId('fee-source').textContent()).resolves.toContain(
        'fonun kayıtlı yönetim ücreti oranı',
      );
      await expect(page.getByRole('button', { name: 'Analizi başlat' }).count()).resolves.toBe(
        role === 'hesaplayici' ? 1 : 0,
      );
    });

    it(`opens the demo customer report as ${role}`, async () => {
      const { page } = browser;
      await signIn(page, role, '/customer-performance-report');
      await openFirstRun(page, 'customer-report-result');
      const net = (await page.getByTestId('customer-net-return').textContent()) ?? '';
      expect(net).toMatch(/%/);
      await page.getByTestId('result-table-statement').waitFor({ state: 'visible' });
      await page.getByTestId('result-table-flows').waitFor({ state: 'visible' });
      await expect(page.getByRole('button', { name: 'Analizi başlat' }).count()).resolves.toBe(
        role === 'hesaplayici' ? 1 : 0,
      );
    });

    it(`opens the demo bond analysis as ${role}`, async () => {
      const { page } = browser;
      await signIn(page, role, '/bond-analysis-result');
      await openFirstRun(page, 'bond-analysis-result');
      await page.getByTestId('weighted-duration').waitFor({ state: 'visible' });
      await page.getByTestId('result-table-buckets').waitFor({ state: 'visible' });
      await page.getByTestId('result-table-cashflows').waitFor({ state: 'visible' });
    });
  }

  it('prices a bond of the instrument master from a typed yield as hesaplayici', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/bond-analysis');
    const select = page.getByTestId('bond-select');
    await select.click();
    await select.fill('Sabit Kuponlu Devlet');
    await page
      .getByRole('option', { name: /Sabit Kuponlu Devlet Tahvili/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Valör / değerleme tarihi' }).fill('01.06.2026');
    await page.keyboard.press('Escape');
    await page.getByText('Getiriden fiyat', { exact: true }).click();
    await page.getByTestId('quote-input').fill('35');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('bond-analysis-result').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByTestId('bond-yield').textContent()).resolves.toContain('35,00');
  });

  it('answers a yield of -100 % in Turkish before starting a run', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/bond-analysis');
    await page.getByText('Elle girilen tahvil', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Valör / değerleme tarihi' }).fill('01.06.2026');
    await page.getByTestId('quote-input').fill('-100');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByText('getiri -%100’den büyük olmalı').waitFor({ state: 'visible' });
  });

  it('stores a fund fee rate on the portfolios screen as hesaplayici', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/portfolios');
    const select = page.getByTestId('portfolio-select');
    await select.click();
    await select.fill('DBA');
    await page.getByRole('option', { name: /DBA/ }).first().click();
    await page.getByTestId('fee-rate-editor').waitFor({ state: 'visible' });
    await page.getByTestId('fee-rate-input').fill('1,75');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByTestId('fee-rate-saved').waitFor({ state: 'visible' });
    await expect(page.getByText('Kayıtlı ücret oranı: %1,75').count()).resolves.toBeGreaterThan(0);
  });

  it('keeps observers away from the bond-analysis run screen', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    await page.goto(url('/bond-analysis'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
