import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiAs,
  loginAs,
  openBrowser,
  openInApp,
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

interface PortfolioSummary {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  readonly lastDate: string | null;
  readonly dateCount: number;
}

/** "2026-10-31" -> "31.10.2026", as the date fields take it. */
function turkishDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The demo step's board report (apps/api/src/demo/demo-reports.ts). */
const DEMO_REPORT_TITLE = 'Demo: Yönetim Kurulu Aylık Risk Raporu — DHS';

describe('reports in the browser', () => {
  it('produces a report on reporting as hesaplayici, downloads it and finds it in my-reports', async () => {
    const { page } = browser;
    const api = await apiAs('hesaplayici');
    const funds = (await api.get<PortfolioSummary[]>('/portfolios')).filter(
      (p) => p.kind === 'fund' && p.dateCount > 0 && p.lastDate !== null,
    );
    // A demo fund: other browser tests add funds of their own (TURFON) with other dates.
    const fund = funds.find((p) => p.code === 'DHS') ?? funds[0];
    if (fund === undefined) throw new Error('no demo fund with holdings');

    await loginAs(page, 'hesaplayici');
    // A template of the user's own, made on template-settings: a text block and the VaR section.
    const templateName = `E2E RMD raporu ${String(Date.now())}`;
    await openInApp(page, '/template-settings');
    await page.getByTestId('template-table').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Yeni şablon' }).click();
    await page.getByRole('textbox', { name: 'Şablon adı' }).fill(templateName);
    await page.getByRole('button', { name: '+ Analiz bölümü' }).click();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText(`${templateName} kaydedildi.`).waitFor({ state: 'visible' });

    await openInApp(page, '/reporting');
    await page.getByRole('heading', { name: 'Raporlama' }).waitFor();
    const picker = page.getByRole('textbox', { name: 'Portföyler' });
    await picker.click();
    await picker.fill(fund.code);
    await page.getByRole('option', { name: `${fund.code} · ${fund.name}` }).click();
    await page.keyboard.press('Escape');
    await pick(page, 'Şablon', templateName);
    const date = page.getByRole('textbox', { name: 'Rapor tarihi' });
    await date.fill(turkishDate(fund.lastDate!));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Raporu oluştur' }).click();

    const card = page.getByTestId('report-progress');
    await card.waitFor({ state: 'visible' });
    // Ready or failed: a failed report's Turkish reason is the assertion's message.
    await card
      .locator('[data-testid="report-status"][data-status="done"], [role="alert"]')
      .first()
      .waitFor({ state: 'visible', timeout: 240_000 });
    await expect(
      card.getByTestId('report-status').getAttribute('data-status'),
      (await card.textContent()) ?? '',
    ).resolves.toBe('done');
    await card.getByTestId('report-runs-used').waitFor({ state: 'visible' });
    const title = (await card.getByTestId('report-title').textContent()) ?? '';

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'PDF indir' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = await pdf.path();
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Excel indir' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a zip archive.
    expect(
      readFileSync(await xlsx.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    await openInApp(page, '/my-reports');
    const table = page.getByTestId('report-table-1');
    await table.waitFor({ state: 'visible' });
    expect(title).not.toBe('');
    await table.getByText(title, { exact: true }).first().waitFor({ state: 'visible' });
    await page.getByTestId('report-module-4').waitFor({ state: 'visible' });
    // First start: the analyst's list also holds the demo board report, labelled as demo data.
    const demoRow = table.locator('tr', { hasText: DEMO_REPORT_TITLE });
    await demoRow.first().waitFor({ state: 'visible' });
    await demoRow.getByText('Demo verisi').first().waitFor({ state: 'visible' });

    // Share it: the Report-Key link downloads the PDF in a browser without a session.
    await table.locator('tr', { hasText: title }).getByRole('button', { name: 'Paylaş' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Bağlantı oluştur' }).click();
    const link = await dialog.getByTestId('report-key-link').getByRole('textbox').inputValue();
    expect(link).toMatch(/\/#report-key=/);
    const stranger = await openBrowser();
    try {
      const [shared] = await Promise.all([
        stranger.page.waitForEvent('download', { timeout: 60_000 }),
        stranger.page.goto(link),
      ]);
      expect(shared.suggestedFilename()).toBe(pdf.suggestedFilename());
      expect(
        readFileSync(await shared.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      await stranger.close();
    }
  }, 360_000);

  it('shows gozlemleyici only what the route table allows', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await menu.getByRole('link', { name: 'Raporlarım' }).waitFor({ state: 'visible' });
    await expect(menu.getByRole('link', { name: 'Raporlama', exact: true }).count()).resolves.toBe(
      0,
    );
    await expect(menu.getByRole('link', { name: 'Analiz Bazlı Rapor' }).count()).resolves.toBe(0);

    await page.goto(url('/reporting'));
    await waitForPath(page, '/');
    await page.goto(url('/analysis-based-report'));
    await waitForPath(page, '/');

    await openInApp(page, '/my-reports');
    await page.getByRole('heading', { name: 'Raporlarım' }).waitFor();
    await page.getByTestId('report-module-1').waitFor({ state: 'visible' });
    // The demo report made for the observer: seen and downloadable, not changeable.
    await page
      .getByTestId('report-table-1')
      .locator('tr', { hasText: DEMO_REPORT_TITLE })
      .first()
      .waitFor({ state: 'visible' });
    await expect(page.getByRole('button', { name: 'Sil', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Yeniden oluştur' }).count()).resolves.toBe(0);
  });
});
