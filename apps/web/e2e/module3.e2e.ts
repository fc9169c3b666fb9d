import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, openBrowser, openInApp, signIn, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

async function pickFund(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Portföyler', exact: true }).first();
  await field.click();
  await field.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`^${code} · `) })
    .first()
    .click();
  // The multi-select keeps its list open; close it so it does not cover the start button.
  await page.keyboard.press('Escape');
}

describe('Module 3 screens in the browser', () => {
  it('defines a criterion with a live preview as hesaplayici', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/criterion-definition');
    await page.locator('[data-code="SPK-5-10-40"]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Yeni kriter' }).click();
    await page.getByLabel('Kod', { exact: true }).fill('E2E-YABANCI');
    await page.getByLabel('Ad', { exact: true }).fill('E2E yabancı varlık en fazla %30');
    await page.getByLabel('Limit (% FTD)').fill('30');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.locator('[data-code="E2E-YABANCI"]').waitFor({ state: 'visible' });
    // Editing shows the preview on a portfolio and date.
    await page.locator('[data-code="E2E-YABANCI"]').click();
    const field = page.getByTestId('portfolio-select').last();
    await field.click();
    await field.fill('DHS');
    await page
      .getByRole('option', { name: /^DHS · / })
      .first()
      .click();
    await page.getByTestId('preview-status').waitFor({ state: 'visible', timeout: 30_000 });
    await expect(page.getByTestId('preview-value').textContent()).resolves.toMatch(/^%\d/);
  });

  it('runs an audit as hesaplayici and comments on a breach', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/internalAudit');
    await pickFund(page, 'DHS');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('audit-result').waitFor({ state: 'visible', timeout: 90_000 });
    await page.getByTestId('audit-lines').locator('tbody tr').first().click();
    await page.getByTestId('audit-contributions').waitFor({ state: 'visible' });

    await openInApp(page, '/internal-audit-tracking');
    // The first-start tracked audit opens demo breaches; the worker may still be on it when this
    // file runs first, and the list shows what was open when it loaded: read it again until then.
    const row = page.getByTestId('breaches-table').locator('tbody tr').first();
    for (let attempt = 0; ; attempt++) {
      try {
        await row.waitFor({ state: 'visible', timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt >= 24) throw error;
        await page.reload();
      }
    }
    await row.click();
    await page.getByTestId('breach-panel').waitFor({ state: 'visible' });
    await page.getByLabel('Yorum', { exact: true }).fill('E2E: pozisyon azaltılacak.');
    await page.getByRole('button', { name: 'Yorum ekle' }).click();
    await page
      .getByTestId('breach-trail')
      .getByText('E2E: pozisyon azaltılacak.')
      .waitFor({ state: 'visible' });
  }, 240_000);

  it('opens audit results and tracking as gozlemleyici without run or comment controls', async () => {
    const { page } = browser;
    await signIn(page, 'gozlemleyici', '/internal-audit-result');
    await page.getByTestId('run-list').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: /^Aç / }).first().click();
    await page.getByTestId('audit-result').waitFor({ state: 'visible', timeout: 180_000 });
    await openInApp(page, '/internal-audit-tracking');
    await page.getByTestId('breaches-table').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Yorum ekle' }).count()).resolves.toBe(0);
    await expect(
      page.getByRole('button', { name: 'Tüm fonları şimdi denetle' }).count(),
    ).resolves.toBe(0);
  });

  it('kisitli (modules 1 and 3) reaches every Module 3 screen', async () => {
    const { page } = browser;
    await loginAs(page, 'kisitli');
    for (const [path, title] of [
      ['/criterion-definition', 'Kriter Tanımlama'],
      ['/internalAudit', 'İç Denetim'],
      ['/internal-audit-result', 'İç Denetim Sonuçları'],
      ['/internal-audit-tracking', 'İç Denetim Takibi'],
      ['/fund-statistics', 'Fon İstatistikleri'],
      ['/fund-statistics-result', 'Fon İstatistikleri Sonuçları'],
      ['/tefas-compare', 'TEFAS Karşılaştırma'],
    ] as const) {
      await openInApp(page, path);
      await page
        .getByRole('heading', { level: 1, name: title, exact: true })
        .waitFor({ state: 'visible' });
    }
  });

  it("offers the stored TEFAS fund list, says so, and shows the chosen funds' official risk values", async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/tefas-compare');
    await expect
      .poll(async () => (await page.getByTestId('tefas-list-source').textContent()) ?? '')
      .toContain('kayıtlı kopya');
    const field = page.getByTestId('tefas-funds');
    await field.click();
    await field.fill('DHS');
    await page
      .getByRole('option', { name: /^DHS · / })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tefas-official-risk').waitFor({ state: 'visible' });
    // The demo's stand-in official class of DHS (labelled demo) is shown beside the list's.
    await expect
      .poll(async () => (await page.getByTestId('official-risk-DHS').textContent()) ?? '')
      .toMatch(/^[1-7]$/);
    await page.getByTestId('tefas-import-risk').waitFor({ state: 'visible' });
  });
});
