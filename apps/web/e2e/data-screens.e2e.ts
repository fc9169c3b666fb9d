import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, openBrowser, openInApp, signIn, url, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ width: 1500, height: 950 });
});
afterEach(async () => {
  await browser.close();
});

interface Portfolio {
  code: string;
  name: string;
  lastDate: string | null;
  isDemo: boolean;
}
interface Holding {
  investmentInstrumentCode: string;
  currentValue: number;
}

/** Calls the API as the signed-in browser user (the token the login stored). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(url(`/api/${path}`), {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok(), `GET ${path} answers ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function gridHeaders(page: Page): Promise<string[]> {
  return page.getByTestId('holdings-grid').locator('.ag-header-cell-text').allTextContents();
}

async function openUpload(page: Page, fileName: string, csv: string): Promise<void> {
  await page.getByRole('button', { name: 'Dosya yükle' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByRole('button', { name: 'Yükle', exact: true }).click();
}

describe('portfolio holdings', () => {
  it('shows a demo fund with Turkish headers, tr-TR numbers, a totals row and the demo badge', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/portfolios');
    await page.getByTestId('holdings-grid').locator('.ag-header-cell-text').first().waitFor();
    const headers = await gridHeaders(page);
    expect(headers).toContain('Yatırım Aracı Kodu');
    expect(headers).toContain('Güncel Değer');
    expect(headers).toContain('FTD Ağırlığı (%)');
    expect(
      headers.some((h) => /^[a-z]+[A-Z]/.test(h)),
      `no raw camelCase key among labelled headers: ${headers.join(', ')}`,
    ).toBe(false);
    const totals = page.getByTestId('holdings-grid').locator('.ag-floating-bottom');
    await expect(totals.textContent()).resolves.toContain('Toplam');
    await expect(totals.textContent()).resolves.toMatch(/100,00/);
    await expect(page.getByTestId('holdings-nav').textContent()).resolves.toMatch(
      /^-?[\d.]+,\d{2} [A-Z]{3}$/,
    );
    await page.getByTestId('demo-badge').waitFor();
    await page.getByTestId('group-summary').waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-portfolios.png', fullPage: true });

    await page.getByRole('tab', { name: 'Tarih Karşılaştırma' }).click();
    await page.getByTestId('compare-counts').waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-portfolio-compare.png', fullPage: true });
  });

  it('rejects a CSV with bad rows, lists row/column/message, and writes nothing', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    const funds = await apiGet<Portfolio[]>(page, 'portfolios?kind=fund');
    const fund = funds.find((f) => f.lastDate !== null);
    if (!fund?.lastDate) throw new Error('demo data has no fund with holdings');
    const datesBefore = await apiGet<string[]>(page, `portfolios/${fund.code}/dates`);
    await openInApp(page, '/portfolios');
    await page.getByTestId('portfolio-select').waitFor();
    const csv = [
      'portfolioCode;portfolioDate;investmentInstrumentCode;currentValue',
      `${fund.code};2099-02-30;XYZ;1000`,
      `${fund.code};2099-03-01;XYZ;bin lira`,
    ].join('\n');
    await openUpload(page, 'hatali.csv', csv);
    const errors = page.getByTestId('upload-errors');
    await errors.waitFor();
    const rows = await errors.locator('tbody tr').allTextContents();
    expect(rows.length, 'every bad row is listed').toBeGreaterThanOrEqual(2);
    const firstCells = await errors.locator('tbody tr').first().locator('td').allTextContents();
    expect(firstCells[0]).toMatch(/^\d+$/);
    expect(firstCells[1], 'the column is named by its Turkish label').toMatch(/[A-ZÇĞİÖŞÜ]/);
    expect(firstCells[3]?.length).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/fonrisk-upload-errors.png', fullPage: true });
    expect(
      await apiGet<string[]>(page, `portfolios/${fund.code}/dates`),
      'a rejected file changes nothing',
    ).toEqual(datesBefore);
  });

  it('uploads a holdings file and shows the new date with its rows and NAV', async () => {
    const { page } = browser;
    await loginAs(page, 'admin');
    const funds = await apiGet<Portfolio[]>(page, 'portfolios?kind=fund');
    const fund = funds.find((f) => f.lastDate !== null);
    if (!fund?.lastDate) throw new Error('demo data has no fund with holdings');
    const snapshot = await apiGet<{ rows: Holding[] }>(
      page,
      `portfolios/${fund.code}/holdings?date=${fund.lastDate}`,
    );
    const picked = snapshot.rows.filter((r) => r.currentValue > 0).slice(0, 2);
    const newDate = '2099-01-05';
    const csv = [
      'Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer',
      `${fund.code};05.01.2099;${picked[0]?.investmentInstrumentCode};1.250.000,50`,
      `${fund.code};05.01.2099;${picked[1]?.investmentInstrumentCode};749.999,50`,
    ].join('\n');
    await openInApp(page, '/portfolios');
    await page.getByTestId('portfolio-select').waitFor();
    await openUpload(page, 'yeni-tarih.csv', csv);
    await expect(page.getByTestId('upload-result').textContent()).resolves.toContain(
      '2 satır yüklendi',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Kapat' }).click();

    await page.getByTestId('portfolio-select').click();
    await page.getByRole('option', { name: new RegExp(`^${fund.code} · `) }).click();
    await expect(page.getByTestId('snapshot-date').textContent()).resolves.toContain('05.01.2099');
    await page.getByTestId('holdings-nav').filter({ hasText: '2.000.000,00' }).waitFor();
    const grid = page.getByTestId('holdings-grid');
    await grid
      .getByText(picked[0]?.investmentInstrumentCode ?? '', { exact: true })
      .first()
      .waitFor();
    await grid.getByText('1.250.000,50').first().waitFor();
    expect(await apiGet<string[]>(page, `portfolios/${fund.code}/dates`)).toContain(newDate);
  });
});

describe('instrument creation', () => {
  it('creates a bond, shows its cash flows, and finds it in symbol search', async () => {
    const { page } = browser;
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await signIn(page, 'hesaplayici', '/bond-creation');
    await page.getByRole('button', { name: 'Yeni tanım' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Bu alan gerekli').first().waitFor();

    await dialog.getByLabel(/^Kod( \*)?$/).fill(code);
    await dialog.getByLabel(/^Ad( \*)?$/).fill('Deneme Tahvili 2029');
    await dialog.getByLabel('Yıllık kupon oranı (%)').fill('24,75');
    await dialog.getByLabel(/^İhraç tarihi/).fill('15.01.2025');
    await dialog.getByLabel(/^İhraç tarihi/).blur();
    await dialog.getByLabel(/^Vade tarihi/).fill('15.01.2029');
    await dialog.getByLabel(/^Vade tarihi/).blur();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText(`${code} kaydedildi.`, { exact: true }).waitFor();

    const cashflows = page.getByTestId('cashflow-table');
    await cashflows.waitFor();
    const rows = await cashflows.locator('tbody tr').allTextContents();
    expect(rows.length, 'semi-annual coupons up to 15.01.2029').toBeGreaterThanOrEqual(2);
    expect(rows[rows.length - 1]).toContain('15.01.2029');
    expect(
      rows.some((r) => r.includes('12,3750')),
      'a coupon of 24.75 / 2 per 100 nominal',
    ).toBe(true);
    await page.screenshot({ path: '/tmp/fonrisk-bond-creation.png', fullPage: true });

    await openInApp(page, '/symbol-search');
    await page.getByRole('textbox', { name: 'Arama' }).fill(code.toLowerCase());
    await page.getByTestId('instrument-results').getByText(code, { exact: true }).waitFor();
  });
});

describe('screenshots of the data screens', () => {
  it('captures symbol search with a chart, ticker mapper, unified funds and benchmarks', async () => {
    const { page } = browser;
    await signIn(page, 'admin', '/symbol-search');
    await page.getByRole('textbox', { name: 'Arama' }).fill('xu');
    await page.getByTestId('series-results').waitFor();
    await page
      .getByTestId('series-results')
      .getByRole('button', { name: 'Grafik' })
      .first()
      .click();
    await page.getByTestId('series-chart').locator('canvas').first().waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-symbol-search.png', fullPage: true });

    for (const path of [
      'ticker-mapper',
      'unified-funds',
      'benchmark-settings',
      'reference-benchmark',
      'customer-portfolios',
      'fund-creation',
      'option-creation',
      'future-creation',
    ]) {
      await openInApp(page, `/${path}`);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/fonrisk-${path}.png`, fullPage: true });
      await expect(
        page.getByTestId('placeholder-page').count(),
        `${path} shows its screen`,
      ).resolves.toBe(0);
    }
  });
});
