import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  ConcentrationRiskResult,
  LiquidityTestResult,
  RunListResponse,
} from '@fonrisk/contracts';
import {
  apiAs,
  loginAs,
  openBrowser,
  openInApp,
  parseTurkishNumber,
  settle,
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

/** Runs the screen's form for DHS as hesaplayici and returns the started run's id. */
async function runForDhs(page: Page, path: string, analysisType: string, testId: string) {
  const api = await apiAs('hesaplayici');
  const before = await api.get<RunListResponse>(`/analyses/runs?analysisType=${analysisType}`);
  await openInApp(page, path);
  await pick(page, 'Portföyler', 'DHS', /^DHS · /);
  await page.getByRole('button', { name: 'Analizi başlat' }).click();
  await page.getByTestId(testId).waitFor({ state: 'visible', timeout: 90_000 });
  const after = await api.get<RunListResponse>(`/analyses/runs?analysisType=${analysisType}`);
  const known = new Set(before.items.map((r) => r.id));
  const started = after.items.find((r) => !known.has(r.id));
  if (!started) throw new Error(`no new ${analysisType} run`);
  return started.id;
}

describe('Module 2 liquidity and concentration in the browser', () => {
  it('runs a liquidity test as hesaplayici; gozlemleyici opens it and sees the stored figure', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const id = await runForDhs(page, '/liquidity-test', 'liquidity-test', 'liquidity-result');
    const shown = parseTurkishNumber((await page.getByTestId('liquidity-1d').textContent()) ?? '');

    const viewer = await apiAs('gozlemleyici');
    const stored = await viewer.get<{ result: LiquidityTestResult }>(`/analyses/runs/${id}`);
    const fund = stored.result.funds[0]!;
    expect(shown).toBeCloseTo(fund.buckets[0]!.cumulativeWaterfall, 4);
    // The redemption payment date on the Turkish calendar, as stored (dd.mm.yyyy on screen).
    const [y, m, d] = fund.settlement!.paymentDate.split('-');
    expect(await page.getByTestId('liquidity-payment-date').textContent()).toContain(
      `${d}.${m}.${y}`,
    );

    const other = await openBrowser();
    try {
      await signIn(other.page, 'gozlemleyici', `/liquidity-test-result?run=${id}`);
      await other.page
        .getByTestId('liquidity-result')
        .waitFor({ state: 'visible', timeout: 60_000 });
      const opened = parseTurkishNumber(
        (await other.page.getByTestId('liquidity-1d').textContent()) ?? '',
      );
      expect(opened).toBeCloseTo(fund.buckets[0]!.cumulativeWaterfall, 4);
    } finally {
      await other.close();
    }
  });

  it('runs a concentration analysis as hesaplayici; gozlemleyici opens it with the same HHI', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    const id = await runForDhs(
      page,
      '/concentration-risk',
      'concentration-risk',
      'concentration-result',
    );
    const viewer = await apiAs('gozlemleyici');
    const stored = await viewer.get<{ result: ConcentrationRiskResult }>(`/analyses/runs/${id}`);
    const hhi = stored.result.funds[0]!.hhi.find((h) => h.dimension === 'issuer')!.hhiPoints!;

    const other = await openBrowser();
    try {
      await signIn(other.page, 'gozlemleyici', `/concentration-risk-result?run=${id}`);
      await other.page
        .getByTestId('concentration-result')
        .waitFor({ state: 'visible', timeout: 60_000 });
      const shown = parseTurkishNumber(
        (await other.page.getByTestId('concentration-hhi').textContent()) ?? '',
      );
      expect(shown).toBe(Math.round(hhi));
      await expect(
        other.page.getByRole('button', { name: 'Analizi başlat' }).count(),
      ).resolves.toBe(0);
    } finally {
      await other.close();
    }
  });

  it('keeps both forms when the user leaves and returns', async () => {
    const { page } = browser;
    await loginAs(page, 'hesaplayici');
    for (const [path, title, label, value] of [
      ['/liquidity-test', 'Likidite Testi', 'Katılım oranı (% günlük hacim)', '25'],
      ['/concentration-risk', 'Yoğunlaşma Riski', 'Limite yakın uyarısı (% limit)', '80'],
    ] as const) {
      await page.goto(url(path));
      const screen = page.locator(`[data-keep-state="${path.slice(1)}"]`);
      await screen.waitFor({ state: 'visible' });
      await screen.getByLabel(label).fill(value);
      await settle(page);
      await page.getByRole('link', { name: 'Portföyler', exact: true }).click();
      await waitForPath(page, '/portfolios');
      await screen.waitFor({ state: 'hidden' });
      // The fund list, then the chosen fund's holdings: the spinner comes up twice.
      await settle(page);
      await page.getByRole('link', { name: title, exact: true }).click();
      await waitForPath(page, path);
      await screen.waitFor({ state: 'visible' });
      await expect(screen.getByLabel(label).inputValue()).resolves.toBe(value);
    }
  });
});
