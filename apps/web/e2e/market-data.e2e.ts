import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, openBrowser, openInApp, url, type Browser } from './support.ts';

// Issue 10: a price file naming a ticker that is not a series yet is refused with the list of
// unknown tickers; the series is created (with the kind and currency chosen on the screen) only
// when the user confirms, then the values are stored.
let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ width: 1500, height: 950 });
});
afterEach(async () => {
  await browser.close();
});

async function apiGet(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(url(`/api/${path}`), {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  return { status: response.status(), body: response.ok() ? await response.json() : null };
}

describe('market data: a price file with an unknown ticker', () => {
  it('lists the unknown ticker, creates it as chosen on confirmation and stores its values', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const ticker = `E2E${Date.now().toString(36).toUpperCase()}`;
    expect((await apiGet(page, `series/${ticker}`)).status, 'not a series yet').toBe(404);

    await openInApp(page, '/symbol-search');
    await page.getByRole('button', { name: 'Fiyat dosyası yükle' }).click();
    const dialog = page.getByRole('dialog');
    const csv = [
      'Sembol;Tarih;Kapanış',
      `${ticker};02.01.2025;101,5`,
      `${ticker};03.01.2025;102`,
    ].join('\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fiyat.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByRole('button', { name: 'Yükle', exact: true }).click();

    const unknown = page.getByTestId('unknown-tickers');
    await unknown.waitFor();
    await expect(unknown.textContent()).resolves.toContain(ticker);
    expect(
      (await apiGet(page, `series/${ticker}`)).status,
      'nothing created before confirming',
    ).toBe(404);
    await page.screenshot({ path: '/tmp/fonrisk-unknown-ticker.png', fullPage: true });

    await page.getByRole('textbox', { name: `${ticker} Seri Türü` }).click();
    await page.getByRole('option', { name: 'Endeks' }).click();
    const currency = page.getByLabel(`${ticker} Döviz`);
    await currency.fill('USD');
    await page.getByRole('button', { name: 'Onayla ve yükle' }).click();

    await expect(page.getByTestId('upload-result').textContent()).resolves.toContain(
      `Oluşturulan seriler: ${ticker}.`,
    );
    const created = await apiGet(page, `series/${ticker}`);
    expect(created.body).toMatchObject({ ticker, kind: 'index', currency: 'USD', source: 'file' });
    const values = await apiGet(page, `series/${ticker}/values`);
    expect(values.body).toEqual([
      { date: '2025-01-02', value: 101.5 },
      { date: '2025-01-03', value: 102 },
    ]);
    await page.getByRole('dialog').getByRole('button', { name: 'Kapat' }).click();

    // The new series is found on the screen and its quality is listed.
    await page.getByRole('textbox', { name: 'Arama' }).fill(ticker);
    await expect(page.getByTestId('series-results').textContent()).resolves.toContain(ticker);
    await page.getByRole('tab', { name: 'Veri Kalitesi' }).click();
    await page.getByTestId('quality-table').filter({ hasText: ticker }).waitFor();
    await page.screenshot({ path: '/tmp/fonrisk-quality.png', fullPage: true });
  });
});
