import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  BacktestResult,
  IncrementalVarResult,
  LeverageResult,
  Run,
  RunListResponse,
  VarResult,
} from '@fonrisk/contracts';
import {
  apiAs,
  loginAs,
  openBrowser,
  openInApp,
  parseTurkishNumber,
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
    await signIn(page, 'hesaplayici', '/varAnalysis');
    // The scaling rule is shown under the horizon and again in the parameters preview.
    await page
      .getByTestId('scaling-rule')
      .filter({ hasText: 'RMD(20 gün) = RMD(1 gün) × √20' })
      .waitFor({ state: 'visible' });
    await pickFund(page, 'Portföyler', 'DHS');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('run-progress').waitFor({ state: 'visible' });
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 60_000 });
    await expect(page.getByTestId('run-status').first().textContent()).resolves.toBe('Tamamlandı');
    const varTry = (await page.getByTestId('var-try').textContent()) ?? '';
    expect(varTry, 'VaR in Turkish number format with TL').toMatch(/^\d{1,3}(\.\d{3})* TL$/);

    // The figures on screen are the run's stored figures (not only well formatted).
    const api = await apiAs('hesaplayici');
    const [latest] = (
      await api.get<RunListResponse>('/analyses/runs?analysisType=var&portfolioCode=DHS&limit=1')
    ).items;
    const run = await api.get<Run & { result: VarResult }>(`/analyses/runs/${latest!.id}`);
    const stored = run.result.portfolios.find((p) => p.portfolioCode === 'DHS')!;
    expect(parseTurkishNumber(varTry), 'VaR shown = stored VaR (TL, rounded)').toBe(
      Math.round(stored.varTry),
    );
    const varPct = (await page.getByTestId('var-pct').textContent()) ?? '';
    expect(parseTurkishNumber(varPct)).toBeCloseTo(stored.varPct, 4);
    const esTry = (await page.getByTestId('es-try').textContent()) ?? '';
    expect(parseTurkishNumber(esTry)).toBe(Math.round(stored.esTry));
  });

  it('runs a backtest as hesaplayici and shows the tests and the SPK verdict', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/backtest');
    await pickFund(page, 'Portföy', 'DHS');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('run-progress').waitFor({ state: 'visible' });
    await page.getByTestId('backtest-result').waitFor({ state: 'visible', timeout: 90_000 });
    await expect(page.getByTestId('backtest-tests').textContent()).resolves.toContain('Kupiec POF');
    await expect(page.getByTestId('basel-zone').textContent()).resolves.toMatch(/bölge$/);
  });

  it('opens a finished VaR run as gozlemleyici, without run buttons', async () => {
    const { page } = browser;
    await signIn(page, 'hesaplayici', '/varAnalysis');
    await pickFund(page, 'Portföyler', 'DBA');
    await page.getByRole('button', { name: 'Analizi başlat' }).click();
    await page.getByTestId('var-result').waitFor({ state: 'visible', timeout: 60_000 });

    const observer = await openBrowser();
    try {
      await signIn(observer.page, 'gozlemleyici', '/var-analysis-result');
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

  it('finds a finished demo run on every Module 1 result screen on first start', async () => {
    const api = await apiAs('gozlemleyici');
    const screens = [
      { path: '/var-analysis-result', type: 'var', testId: 'var-result' },
      { path: '/backtest-result', type: 'backtest', testId: 'backtest-result' },
      { path: '/leverage-analysis-result', type: 'leverage', testId: 'leverage-result' },
      { path: '/incremental-var-result', type: 'incremental-var', testId: 'incremental-result' },
    ] as const;
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    for (const screen of screens) {
      // The demo's runs are computed in the background right after start.
      let done: RunListResponse['items'] = [];
      for (let i = 0; i < 120 && done.length === 0; i++) {
        done = (
          await api.get<RunListResponse>(`/analyses/runs?analysisType=${screen.type}&status=done`)
        ).items.filter((r) => r.createdBy.fullName.includes('Sistem'));
        if (done.length === 0) await new Promise((r) => setTimeout(r, 1_000));
      }
      expect(done.length, `${screen.type}: a finished demo run`).toBeGreaterThan(0);
      await openInApp(page, `${screen.path}?run=${done[0]!.id}`);
      await page.getByTestId(screen.testId).waitFor({ state: 'visible', timeout: 30_000 });
    }
    const backtest = await api.get<Run & { result: BacktestResult }>(
      `/analyses/runs/${(await api.get<RunListResponse>('/analyses/runs?analysisType=backtest&status=done')).items.at(-1)!.id}`,
    );
    expect(backtest.result.points.length).toBeGreaterThan(200);
    const leverage = await api.get<RunListResponse>(
      '/analyses/runs?analysisType=leverage&status=done',
    );
    const lev = await api.get<Run & { result: LeverageResult }>(
      `/analyses/runs/${leverage.items.at(-1)!.id}`,
    );
    expect(lev.result.portfolios.map((p) => p.portfolioCode)).toContain('DSF');
    const iv = await api.get<RunListResponse>(
      '/analyses/runs?analysisType=incremental-var&status=done',
    );
    const incremental = await api.get<Run & { result: IncrementalVarResult }>(
      `/analyses/runs/${iv.items.at(-1)!.id}`,
    );
    expect(incremental.result.portfolioCode).toBe('DHS');
  });
});
