import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The real SFTP server of the API's FTP tests (ssh2's Server on a local port), started here so
// that the app under test has a server to reach.
import {
  startSftpServer,
  type SftpTestServer,
} from '../../api/src/modules/ftp/testing/test-servers.ts';
import { openBrowser, openInApp, signIn, type Browser } from './support.ts';

const USER = 'e2e-saklayici';
const PASSWORD = 'E2e-Gizli-Parola-5551';
/** Unique per run: the app's database outlives one run of this file when started by hand. */
const NAME = `E2E Saklayıcı ${Date.now().toString(36)}`;

let browser: Browser;
let sftp: SftpTestServer;
beforeAll(async () => {
  sftp = await startSftpServer({ username: USER, password: PASSWORD });
  await sftp.put('giden/.keep', '');
  // Currencies the demo has no rate for: an FX file that would change stored rates waits for the
  // user's confirmation (decision 0048), which a pull cannot give.
  await sftp.put(
    'gelen/KUR_20260106.csv',
    'Döviz Kodu;Tarih;Döviz Alış;Döviz Satış\nCHF;06.01.2026;54,1234;54,2345\nSEK;06.01.2026;4,1;4,2\n',
  );
});
afterAll(async () => {
  await sftp.close();
});
beforeEach(async () => {
  browser = await openBrowser({ width: 1500, height: 950 });
});
afterEach(async () => {
  await browser.close();
});

describe('file delivery (ftp-settings, ftp-uploader)', () => {
  it('as admin: creates an SFTP connection, tests it, adds a rule and pulls a file into the imports', async () => {
    const { page } = browser;
    await signIn(page, 'admin', '/ftp-uploader');
    await page.getByRole('heading', { name: 'FTP Yükleme' }).waitFor();
    await expect(page.getByTestId('placeholder-page').count()).resolves.toBe(0);

    await openInApp(page, '/ftp-settings');
    await page.getByRole('button', { name: 'Yeni bağlantı' }).click();
    const form = page.getByRole('dialog');
    await form.locator('input[name="name"]').fill(NAME);
    await form.locator('input[name="host"]').fill('127.0.0.1');
    await form.locator('input[name="port"]').fill(String(sftp.port));
    await form.locator('input[name="username"]').fill(USER);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('input[name="inboundDir"]').fill('/gelen');
    await form.locator('input[name="outboundDir"]').fill('/giden');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'detached' });

    const table = page.getByTestId('ftp-connection-table');
    const row = table.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('kayıtlı');
    await expect(page.content()).resolves.not.toContain(PASSWORD);

    await row.getByRole('button', { name: 'Bağlantıyı sına' }).click();
    const result = page.getByTestId('ftp-test-result');
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('Bağlantı başarılı');
    expect(text).toMatch(/SHA256:/);
    await page.keyboard.press('Escape');
    await expect(row.textContent()).resolves.toMatch(/SHA256:/);

    await row.getByRole('button', { name: 'Kurallar' }).click();
    const rules = page.getByTestId('ftp-rules');
    await rules.getByText(`Dosya kuralları: ${NAME}`).waitFor();
    await rules.locator('input[name="pattern"]').fill('KUR_{YYYYMMDD}.csv');
    await rules.getByLabel('Dosya türü', { exact: true }).click();
    await page.getByRole('option', { name: 'Döviz Kurları' }).click();
    await rules.getByRole('button', { name: 'Kural ekle' }).click();
    await rules.getByTestId('ftp-rule-table').getByText('KUR_{YYYYMMDD}.csv').waitFor();

    await openInApp(page, '/ftp-uploader');
    await page.getByRole('textbox', { name: 'Bağlantı' }).click();
    await page.getByRole('option', { name: new RegExp(NAME) }).click();
    await page.getByRole('button', { name: 'Şimdi çek' }).click();
    const summary = page.getByTestId('ftp-pull-summary');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toBe('1 dosya yüklendi.');
    const log = page.getByTestId('ftp-transfer-table');
    const logRow = log.getByRole('row', { name: /KUR_20260106\.csv/ });
    await logRow.waitFor();
    const logText = (await logRow.textContent()) ?? '';
    expect(logText).toContain('Yüklendi');
    expect(logText).toContain('Murat Demir');
    await page.screenshot({ path: '/tmp/fonrisk-ftp-uploader.png', fullPage: true });

    // The same file again is skipped.
    await page.getByRole('button', { name: 'Şimdi çek' }).click();
    await page.getByTestId('ftp-pull-summary').getByText('1 dosya atlandı.').waitFor();
  });
});
