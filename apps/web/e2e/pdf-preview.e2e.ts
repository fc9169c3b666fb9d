// Issue 24, "the pdf-settings preview works" (decision 0067): "Tek sayfa önizleme" shows the PDF
// in its frame under the app's content security policy (frame-src 'self' blob:), with no policy
// violation; the app itself still may not be framed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, signIn, url, type Browser } from './support.ts';

let browser: Browser;
// The full browser: the headless shell has no PDF viewer.
beforeEach(async () => {
  browser = await openBrowser(undefined, 'full');
});
afterEach(async () => {
  await browser.close();
});

/** Chromium's PDF viewer, the document a frame shows when it opened a PDF. */
const PDF_VIEWER = /^chrome-extension:\/\/[a-z]+\/index\.html/;

describe('the PDF preview in the browser', () => {
  it('shows the one-page preview of pdf-settings in its frame, with no CSP violation', async () => {
    const { page } = browser;
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|violates/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, 'admin', '/pdf-settings');
    await page.evaluate(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`violates ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await page.getByRole('button', { name: 'Tek sayfa önizleme' }).click();
    const frame = page.getByTestId('pdf-preview-frame');
    await frame.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // The frame opened the PDF: the browser's PDF viewer runs inside it.
    await expect
      .poll(() => page.frames().some((f) => PDF_VIEWER.test(f.url())), { timeout: 20_000 })
      .toBe(true);
    expect(violations).toEqual([]);
    const headers = (await page.request.get(url('/pdf-settings'))).headers();
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
