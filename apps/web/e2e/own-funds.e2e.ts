import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ANALYSIS_TYPE_IDS,
  findAnalysisType,
  findRoute,
  templateOffer,
  type HoldingsSnapshot,
  type PortfolioSummary,
  type ReportListResponse,
  type ReportTemplate,
  type RunListResponse,
} from '@fonrisk/contracts';
import {
  apiAs,
  filledTemplate,
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

/** "2026-10-31" -> "31.10.2026", as the date fields take and the messages write it. */
function turkishDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}

/** The day before an ISO date, as an ISO date. */
function dayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

async function pickFund(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Portföyler', exact: true }).first();
  await field.click();
  await field.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`^${code} · `) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** The text of the error Mantine shows under a field (its aria-describedby). */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 20_000 }).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  const texts = await Promise.all(
    ids.filter((id) => id !== '').map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** The options of a Mantine select, opened by clicking it. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  const texts = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

describe('a risk unit brings its own fund (issue 21), in the browser', () => {
  it('as hesaplayici: defines a fund on fund-creation, creates its portfolio there, and its holdings load at once', async () => {
    // TURFON itself is portfolios.e2e's fund (made on the portfolios screen); this one is TURFON2.
    const code = 'TURFON2';
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const api = await apiAs('hesaplayici');

    await openInApp(page, '/fund-creation');
    await page.getByRole('button', { name: 'Yeni tanım' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Kod', exact: true }).fill(code);
    await form.getByRole('textbox', { name: 'Ad', exact: true }).fill('Tur Hisse Senedi Fonu 2');
    await form.getByRole('textbox', { name: 'İhraççı', exact: true }).fill('Tur Portföy A.Ş.');
    await form.getByRole('textbox', { name: 'Fon kategorisi', exact: true }).click();
    await page.getByRole('option', { name: 'Hisse Senedi Fonu', exact: true }).click();
    await form.getByRole('button', { name: 'Kaydet' }).click();

    // The portfolio offer, prefilled from the fund.
    const offer = page.getByRole('dialog', { name: 'Yeni portföy' });
    await offer.getByText(`${code} fonunun dağılımlarının yüklenebilmesi`).waitFor();
    await expect(offer.getByRole('textbox', { name: 'Portföy Kodu' }).inputValue()).resolves.toBe(
      code,
    );
    await page.screenshot({ path: '/tmp/fonrisk-fund-portfolio-offer.png', fullPage: true });
    await offer.getByRole('button', { name: 'Kaydet' }).click();
    await offer.waitFor({ state: 'detached' });
    // Then the price-series offer of issue 10, skipped here.
    await page.getByRole('dialog').getByRole('button', { name: 'Vazgeç' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('instrument-table').locator('tr', { hasText: code });
    await expect(row.locator('td').allTextContents()).resolves.toContain(code);
    const created = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === code,
    );
    expect(created).toMatchObject({
      kind: 'fund',
      fundCategory: 'equity',
      managementCompany: 'Tur Portföy A.Ş.',
    });

    // Its first holdings: accepted at once, no unknown-code question.
    const dhs = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === 'DHS',
    );
    if (!dhs?.lastDate) throw new Error('the demo fund DHS has no holdings');
    const snapshot = await api.get<HoldingsSnapshot>(
      `/portfolios/DHS/holdings?date=${dhs.lastDate}`,
    );
    const picked = snapshot.rows.filter((r) => r.currentValue > 0).slice(0, 3);
    const csv = await filledTemplate(
      page,
      picked.map((r) => ({
        'Portföy Kodu': code,
        'Portföy Tarihi': turkishDate(dhs.lastDate!),
        'Yatırım Aracı Kodu': r.investmentInstrumentCode,
        'Güncel Değer': r.currentValue.toFixed(2).replace('.', ','),
      })),
    );
    await openInApp(page, '/portfolios');
    await page.getByRole('button', { name: 'Dosya yükle' }).click();
    const upload = page.getByRole('dialog');
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: 'turfon2.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByRole('button', { name: 'Yükle', exact: true }).click();
    await expect(page.getByTestId('upload-result').textContent()).resolves.toContain(
      `${picked.length} satır yüklendi`,
    );
    await expect(page.getByTestId('unknown-portfolios').count()).resolves.toBe(0);
    await expect(
      api.get<string[]>(`/portfolios/${code}/dates`),
      'the holdings are stored under the fund',
    ).resolves.toEqual([dhs.lastDate]);
  }, 240_000);

  it('as hesaplayici: a run or a report refused at submission says why in the form and leaves no run or report', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const api = await apiAs('hesaplayici');
    const dhs = (await api.get<PortfolioSummary[]>('/portfolios?kind=fund')).find(
      (p) => p.code === 'DHS',
    );
    if (!dhs?.firstDate) throw new Error('the demo fund DHS has no holdings');
    const early = dayBefore(dhs.firstDate);
    const nearest = `en yakın dağılım tarihi: ${turkishDate(dhs.firstDate)}`;

    // A VaR run on the day before DHS's first holdings.
    await openInApp(page, '/varAnalysis');
    await pickFund(page, 'DHS');
    const date = page.getByRole('textbox', { name: 'Analiz tarihi' });
    await date.fill(turkishDate(early));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    const runReason = await fieldError(page, 'Analiz tarihi');
    expect(runReason).toContain(`DHS portföyünün ${turkishDate(early)} veya öncesine`);
    expect(runReason).toContain(nearest);
    await page.screenshot({ path: '/tmp/fonrisk-run-refused.png', fullPage: true });
    await expect(page.getByTestId('run-progress').count()).resolves.toBe(0);
    // Other runs may start meanwhile (demo reports): none is of this date.
    const runs = await api.get<RunListResponse>(
      '/analyses/runs?analysisType=var&portfolioCode=DHS&limit=200',
    );
    expect(
      runs.items.filter((r) => r.asOfDate === early),
      'no run was made',
    ).toEqual([]);
    await openInApp(page, '/var-analysis-result');
    await page.getByTestId('run-list').waitFor({ state: 'visible' });
    await expect(
      page.getByTestId('run-list').getByText(turkishDate(early)).count(),
      'no run of that date in the list',
    ).resolves.toBe(0);

    // A report of the same date on reporting.
    await openInApp(page, '/reporting');
    await page.getByRole('heading', { name: 'Raporlama' }).waitFor();
    await pickFund(page, 'DHS');
    await page.getByRole('textbox', { name: 'Şablon', exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Rapor tarihi' }).fill(turkishDate(early));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Raporu oluştur' }).click();
    const reportReason = await fieldError(page, 'Rapor tarihi');
    expect(reportReason).toContain(nearest);
    await page.screenshot({ path: '/tmp/fonrisk-report-refused.png', fullPage: true });
    await expect(page.getByTestId('report-progress').count()).resolves.toBe(0);
    const reports = await api.get<ReportListResponse>('/reports?limit=200');
    expect(
      reports.items.filter((r) => r.asOfDate === early),
      'no report was made',
    ).toEqual([]);
  }, 240_000);

  it('as kisitli (modules 1 and 3): the report screens offer only those modules, the module-5 ones refuse', async () => {
    const { page } = browser;
    await loginAs(page, 'kisitli');
    const api = await apiAs('kisitli');
    const modules = [1, 3];

    // Guarded report screens of module 5: back home, as the route table says.
    for (const path of ['performance-report', 'customer-performance-report']) {
      expect(findRoute(path)?.access).toMatchObject({ modules: [5] });
      await page.goto(url(`/${path}`));
      await waitForPath(page, '/');
    }
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await menu.getByRole('link', { name: 'Raporlarım' }).waitFor({ state: 'visible' });
    await expect(menu.getByRole('link', { name: 'Performans Raporu' }).count()).resolves.toBe(0);

    // my-reports: the blocks of modules 1 and 3 only.
    await openInApp(page, '/my-reports');
    await page.getByRole('heading', { name: 'Raporlarım' }).waitFor();
    await page.getByTestId('report-module-1').waitFor({ state: 'visible' });
    await page.getByTestId('report-module-3').waitFor({ state: 'visible' });
    for (const m of [2, 4, 5])
      await expect(page.getByTestId(`report-module-${String(m)}`).count()).resolves.toBe(0);
    await expect(
      page.getByText('Bu bölüm için gereken modüle').count(),
      'no section says the user may not see it',
    ).resolves.toBe(0);

    // reporting: the templates of the user's modules, no other.
    const templates = await api.get<ReportTemplate[]>('/report-templates');
    const offered = templates.filter((t) => templateOffer(t, modules).offered);
    const refused = templates.filter((t) => !templateOffer(t, modules).offered);
    expect(refused.length, 'the demo has templates of other modules').toBeGreaterThan(0);
    await openInApp(page, '/reporting');
    await page.getByRole('heading', { name: 'Raporlama' }).waitFor();
    const templateOptions = await optionsOf(page, 'Şablon');
    expect(templateOptions).toHaveLength(offered.length);
    for (const t of refused) expect(templateOptions.some((o) => o.startsWith(t.name))).toBe(false);

    // analysis-based-report: the analysis types of modules 1 and 3 (and those of any module).
    await openInApp(page, '/analysis-based-report');
    await page.getByRole('heading', { name: 'Analiz Bazlı Rapor' }).waitFor();
    const typeOptions = await optionsOf(page, 'Analiz türü');
    const expected = ANALYSIS_TYPE_IDS.map((id) => findAnalysisType(id)!)
      .filter((d) => d.module === null || modules.includes(d.module))
      .map((d) => d.title);
    expect([...typeOptions].sort()).toEqual([...expected].sort());
    await page.screenshot({ path: '/tmp/fonrisk-kisitli-analysis-based.png', fullPage: true });
  }, 180_000);
});
