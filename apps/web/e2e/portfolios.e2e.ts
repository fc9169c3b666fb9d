import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HoldingsSnapshot, PortfolioSummary, Run, RunListResponse } from '@fonrisk/contracts';
import { apiAs, filledTemplate, loginAs, openBrowser, openInApp, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a risk unit brings its own fund (issue 21)', () => {
  it('as hesaplayici: defines TURFON on the screen, uploads its first holdings and runs VaR on it', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const api = await apiAs('hesaplayici');
    // The demo fund DHS's latest snapshot: instruments and a date the demo market prices.
    const dhs = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === 'DHS',
    );
    if (!dhs?.lastDate) throw new Error('the demo fund DHS has no holdings');
    const snapshot = await api.get<HoldingsSnapshot>(
      `/portfolios/DHS/holdings?date=${dhs.lastDate}`,
    );
    const picked = snapshot.rows.filter((r) => r.currentValue > 0).slice(0, 3);
    const [y, m, d] = dhs.lastDate.split('-');

    // 1. The fund, on the portfolios screen.
    await openInApp(page, '/portfolios');
    await page.getByRole('button', { name: 'Yeni portföy' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Portföy Kodu' }).fill('TURFON');
    await form.getByRole('textbox', { name: 'Portföy Adı' }).fill('Tur Hisse Senedi Fonu');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form
      .getByText('Fon için fon kategorisi seçilmeli')
      .waitFor({ state: 'visible', timeout: 10_000 });
    await chooseOption(page, 'Fon Kategorisi', 'Hisse Senedi Fonu');
    await form.getByRole('textbox', { name: 'Portföy Yönetim Şirketi' }).fill('Tur Portföy A.Ş.');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('portfolio-facts').filter({ hasText: 'Hisse Senedi Fonu' }).waitFor();
    const created = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === 'TURFON',
    );
    expect(created).toMatchObject({
      kind: 'fund',
      fundCategory: 'equity',
      managementCompany: 'Tur Portföy A.Ş.',
      dateCount: 0,
    });

    // 2. Its first holdings: the template filled in, through the upload dialog.
    const csv = await filledTemplate(
      page,
      picked.map((r) => ({
        'Portföy Kodu': 'TURFON',
        'Portföy Tarihi': `${d}.${m}.${y}`,
        'Yatırım Aracı Kodu': r.investmentInstrumentCode,
        'Güncel Değer': r.currentValue.toFixed(2).replace('.', ','),
        'Nominal Değer': String(r.nominalValue ?? '').replace('.', ','),
      })),
    );
    await page.getByRole('button', { name: 'Dosya yükle' }).click();
    const upload = page.getByRole('dialog');
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: 'turfon.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByRole('button', { name: 'Yükle', exact: true }).click();
    await expect(page.getByTestId('upload-result').textContent()).resolves.toContain(
      `${picked.length} satır yüklendi`,
    );
    await upload.getByRole('button', { name: 'Kapat' }).click();
    await page.getByTestId('portfolio-facts').filter({ hasText: '1 tarih' }).waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-turfon-holdings.png', fullPage: true });

    // 3. VaR on it, to a finished result.
    await openInApp(page, '/varAnalysis');
    const field = page.getByRole('textbox', { name: 'Portföyler', exact: true }).first();
    await field.click();
    await field.fill('TURFON');
    await page
      .getByRole('option', { name: /^TURFON · / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 300_000 });
    await expect(page.getByTestId('run-status').first().textContent()).resolves.toBe('Tamamlandı');
    const varTry = (await page.getByTestId('var-try').textContent()) ?? '';
    expect(varTry).toMatch(/^\d{1,3}(\.\d{3})* TL$/);
    const [latest] = (
      await api.get<RunListResponse>('/analyses/runs?analysisType=var&portfolioCode=TURFON&limit=1')
    ).items;
    const run = await api.get<Run>(`/analyses/runs/${latest!.id}`);
    expect(run.status).toBe('done');
    await page.screenshot({ path: '/tmp/fonrisk-turfon-var.png', fullPage: true });
    // The first start queues the demo runs and reports: on a busy machine this run waits for them.
  }, 400_000);

  it('as hesaplayici: a file naming an unknown fund code creates it only on confirmation', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const api = await apiAs('hesaplayici');
    const dhs = await api.get<HoldingsSnapshot>(
      `/portfolios/DHS/holdings?date=${(await api.get<string[]>('/portfolios/DHS/dates'))[0]!}`,
    );
    const row = dhs.rows.find((r) => r.currentValue > 0)!;
    const csv = await filledTemplate(page, [
      {
        'Portföy Kodu': 'YENFON',
        'Portföy Tarihi': '02.01.2025',
        'Yatırım Aracı Kodu': row.investmentInstrumentCode,
        'Güncel Değer': '1000000',
      },
    ]);
    await openInApp(page, '/portfolios');
    await page.getByRole('button', { name: 'Dosya yükle' }).click();
    const upload = page.getByRole('dialog');
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: 'yenfon.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByRole('button', { name: 'Yükle', exact: true }).click();
    const unknown = page.getByTestId('unknown-portfolios');
    await unknown.waitFor();
    await expect(unknown.textContent()).resolves.toContain('YENFON');
    const before = await api.get<PortfolioSummary[]>('/portfolios?includeRetired=true');
    expect(
      before.some((p) => p.code === 'YENFON'),
      'nothing created before confirming',
    ).toBe(false);
    await page.getByRole('textbox', { name: 'YENFON Fon Kategorisi' }).click();
    await page.getByRole('option', { name: 'Değişken Fon', exact: true }).click();
    await page.screenshot({ path: '/tmp/fonrisk-unknown-portfolio.png', fullPage: true });
    await page.getByRole('button', { name: 'Portföyleri oluştur ve yükle' }).click();
    await expect(page.getByTestId('upload-result').textContent()).resolves.toContain(
      'Oluşturulan portföyler: YENFON.',
    );
    const after = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === 'YENFON',
    );
    expect(after).toMatchObject({ fundCategory: 'variable', dateCount: 1 });
  });
});
