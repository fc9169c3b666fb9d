// The morning data-quality view on the home page (issue 26): first for a signed-in user, above
// the carousel; an observer sees it too but cannot start runs nor save its tolerances; a
// signed-out visitor sees the home page as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataQualityResponse } from '@fonrisk/contracts';
import { FINDINGS_SHOWN } from '../src/features/data-quality/findings-shown.ts';
import { apiAs, loginAs, openBrowser, url, waitForPath, type Browser } from './support.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('the morning view', () => {
  it('comes first for a hesaplayici, lists every fund the API lists, and links to the fix', async () => {
    const { page } = browser;
    const api = await apiAs('hesaplayici');
    await loginAs(page, 'hesaplayici');
    const view = page.getByTestId('morning-view');
    // Another browser test file may add a fund between the API's answer and the screen's (two
    // files run side by side, decision 0072): the screen is read again until both agree.
    let expected = await api.get<DataQualityResponse>('/data-quality');
    for (let attempt = 0; ; attempt++) {
      await view.waitFor({ state: 'visible', timeout: 60_000 });
      await page.getByTestId('dq-fund').first().waitFor();
      const shown = await page.getByTestId('dq-fund').count();
      if (shown === expected.funds.length || attempt === 2) break;
      expected = await api.get<DataQualityResponse>('/data-quality');
      await page.reload();
    }
    const [y, d] = expected.today.split('-');
    await expect(page.getByTestId('dq-today').textContent()).resolves.toContain(
      `${expected.today.slice(8, 10)}.${d!}.${y!}`,
    );
    await expect(page.getByTestId('dq-fund').count()).resolves.toBe(expected.funds.length);
    const findings = expected.funds.flatMap((f) => f.findings);
    expect(findings.length, 'the demo shows some lines').toBeGreaterThan(0);
    // Each fund shows its first FINDINGS_SHOWN findings, the rest behind "… bulgu daha göster".
    const shownFindings = expected.funds.reduce(
      (n, f) => n + Math.min(f.findings.length, FINDINGS_SHOWN),
      0,
    );
    await expect(page.getByTestId('dq-finding').count()).resolves.toBe(shownFindings);
    // The carousel moved below the view.
    const viewBox = await view.boundingBox();
    const carouselBox = await page.getByTestId('carousel-slide').boundingBox();
    expect(viewBox!.y).toBeLessThan(carouselBox!.y);
    // The first line's link opens the screen that fixes it.
    const first = findings[0]!;
    await page.getByTestId('dq-finding').first().getByRole('link').click();
    await waitForPath(page, `/${first.fixRoute}`);
  });

  it('is shown to a gozlemleyici, who cannot start runs nor save the tolerances', async () => {
    const { page } = browser;
    await loginAs(page, 'gozlemleyici');
    await page.getByTestId('morning-view').waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByTestId('dq-runs').waitFor({ state: 'visible' });
    await page.getByTestId('dq-breaches').waitFor({ state: 'visible' });
    const answers = await page.evaluate(async () => {
      const token = localStorage.getItem('accessToken') ?? '';
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
      };
      const settings = await fetch('/api/data-quality/settings', {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          staleDays: 3,
          jumpSigma: 4,
          jumpWindowDays: 60,
          navTolerancePct: 1,
        }),
      });
      return { settings: settings.status, detail: await settings.text() };
    });
    // Refused for the role (the request carries the anti-forgery value the app set).
    expect(answers.settings, answers.detail).toBe(403);
    expect(answers.detail).not.toMatch(/XSRF|sahtecilik/i);
    // The run screens and the settings screen send an observer home.
    await page.goto(url('/varAnalysisSettings'));
    await waitForPath(page, '/');
    await page.getByTestId('morning-view').waitFor({ state: 'visible', timeout: 60_000 });
  });

  it('is not shown to a signed-out visitor, who sees the carousel', async () => {
    const { page } = browser;
    await page.goto(url('/'));
    await page.getByTestId('carousel-slide').waitFor({ state: 'visible' });
    await expect(page.getByTestId('morning-view').count()).resolves.toBe(0);
  });
});
