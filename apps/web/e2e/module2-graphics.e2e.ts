import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, openBrowser, parseTurkishNumber, signIn, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

interface RunList {
  items: { id: string; status: string; createdByName: string }[];
}
interface ActiveShareRun {
  result: { funds: { portfolioCode: string; activeShare: number }[] } | null;
}

/** Waits (through the API) until a finished run of the type exists: the demo's are queued at start. */
async function waitForDoneRun(type: string): Promise<string> {
  const api = await apiAs('hesaplayici');
  const deadline = Date.now() + 240_000;
  for (;;) {
    const list = await api.get<RunList>(`/analyses/runs?analysisType=${type}&status=done&limit=1`);
    if (list.items[0]) return list.items[0].id;
    if (Date.now() > deadline) throw new Error(`no finished ${type} run`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

async function pick(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true }).first();
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

describe('Module 2 graphics and active share in the browser', () => {
  it('opens risk-graphic on the demo run with its four charts, PNG and Excel downloads', async () => {
    await waitForDoneRun('risk-graphic');
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/risk-graphic');
    await page.getByTestId('risk-graphic-result').waitFor({ state: 'visible', timeout: 60_000 });
    // The demo portfolios are preselected in the form.
    // (a chosen portfolio is a pill labelled 'code · name')
    await page
      .getByText(/^DHS · /)
      .first()
      .waitFor({ state: 'visible' });
    for (const key of ['varUsage', 'riskReturn', 'correlation', 'exposure']) {
      const panel = page.getByTestId(`risk-graphic-${key}`);
      await panel.locator('canvas').first().waitFor({ state: 'attached', timeout: 30_000 });
    }
    const panel = page.getByTestId('risk-graphic-riskReturn');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: /PNG indir$/ }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/^risk-getiri.*\.png$/);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: /Excel'e aktar$/ }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('runs active share as hesaplayici; gozlemleyici opens it and sees the stored figure', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/active-share');
    await pick(page, 'Fonlar', 'DHS', /^DHS · /);
    await page.getByRole('textbox', { name: 'Karşılaştırma ölçütü' }).click();
    await page.getByRole('option', { name: /^DEMO-BM-BIST30-PAY · / }).click();
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('active-share-result').waitFor({ state: 'visible', timeout: 120_000 });
    const shown = await page.getByTestId('active-share-figure').textContent();

    const api = await apiAs('gozlemleyici');
    const list = await api.get<RunList>('/analyses/runs?analysisType=active-share&limit=1');
    const mine = list.items[0]!;
    expect(mine.status).toBe('done');
    const stored = await api.get<ActiveShareRun>(`/analyses/runs/${mine.id}`);
    const figure = stored.result!.funds[0]!;
    expect(figure.portfolioCode).toBe('DHS');
    expect(parseTurkishNumber(shown!)).toBeCloseTo(figure.activeShare, 4);

    await browser.close();
    browser = await openBrowser();
    const observer = browser.page;
    await signIn(observer, 'gozlemleyici', '/active-share-result');
    await observer.getByTestId('run-list').waitFor({ state: 'visible' });
    await observer.getByRole('button', { name: /^Aç / }).first().click();
    await observer
      .getByTestId('active-share-result')
      .waitFor({ state: 'visible', timeout: 60_000 });
    await expect(observer.getByTestId('active-share-figure').textContent()).resolves.toBe(shown);
    await expect(observer.getByRole('button', { name: 'Analizi başlat' }).count()).resolves.toBe(0);
  });

  it('refuses a fund whose reference benchmark has no holdings, in Turkish', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/active-share');
    await pick(page, 'Fonlar', 'DBA', /^DBA · /);
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page
      .getByText(/DBA fonunun karşılaştırma ölçütü DEMO-BM-BORC .* pay bazında varlıkları yok/)
      .first()
      .waitFor({ state: 'visible', timeout: 120_000 });
  });
});
