import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FtpConnection } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { FtpSettingsPage } from './ftp-settings-page.tsx';
import { FtpUploaderPage } from './ftp-uploader-page.tsx';

const CONNECTION: FtpConnection = {
  id: 7,
  name: 'Saklayıcı SFTP',
  protocol: 'sftp',
  host: 'sftp.saklayici.com.tr',
  port: 22,
  username: 'fonrisk',
  authMethod: 'password',
  passwordSet: true,
  privateKeySet: false,
  passphraseSet: false,
  hostKeyFingerprint: null,
  hostKeyPinnedAt: null,
  tlsCaCertificate: null,
  inboundDir: '/gelen',
  outboundDir: '/giden',
  processedDir: null,
  passiveMode: 'auto',
  timeoutSeconds: 30,
  retries: 3,
  scheduleTime: '07:30',
  lastScheduledFailure: {
    at: '2026-01-12T04:30:00.000Z',
    message: 'PORTFOY_20260112.xlsx: Dosya reddedildi',
  },
  updatedAt: '2026-01-12T04:00:00.000Z',
};

describe('ftp-settings', () => {
  beforeEach(() => signInAs('Admin'));

  it('shows secrets as set, keeps the stored password when the field is left empty, and shows the test result', async () => {
    const api = mockApi({
      'GET ftp/connections': () => Response.json([CONNECTION]),
      'GET ftp/rules': () => Response.json([]),
      'PUT ftp/connections/7': () => Response.json(CONNECTION),
      'POST ftp/connections/7/test': () =>
        Response.json({
          ok: false,
          message:
            'Oturum açılamadı (sftp.saklayici.com.tr:22): kullanıcı adı, parola veya anahtar kabul edilmedi.',
          reason: 'login',
          steps: [{ label: 'Bağlantı ve oturum açma', ok: false, detail: 'kabul edilmedi' }],
          hostKeyFingerprint: null,
          hostKeyPinned: false,
          durationMs: 120,
        }),
    });
    renderScreen(<FtpSettingsPage />);
    const table = await screen.findByTestId('ftp-connection-table');
    expect(within(table).getByText('kayıtlı')).toBeTruthy();
    expect((await screen.findByTestId('ftp-scheduled-failure')).textContent).toContain(
      'PORTFOY_20260112.xlsx: Dosya reddedildi',
    );

    fireEvent.click(within(table).getByRole('button', { name: 'Bağlantıyı sına' }));
    const result = await screen.findByTestId('ftp-test-result');
    expect(result.textContent).toContain('Oturum açılamadı');
    fireEvent.keyDown(result, { key: 'Escape' });

    fireEvent.click(within(table).getByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: /Bağlantıyı düzenle/ });
    expect(within(dialog).getByText(/Boş bırakırsanız kayıtlı değer değişmez/)).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Kayıtlı değeri sil' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    const body = JSON.parse(put.body as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ name: 'Saklayıcı SFTP', scheduleTime: '07:30', port: 22 });
  });

  it('the uploader explains what to do when no connection exists', async () => {
    mockApi({
      'GET ftp/connections': () => Response.json([]),
      'GET ftp/transfers': () => Response.json([]),
    });
    renderScreen(<FtpUploaderPage />);
    const empty = (await screen.findByTestId('ftp-uploader-empty')).textContent;
    expect(empty).toContain('FTP Ayarları');
    expect(empty, 'user text never speaks of how the app was started').not.toMatch(/npm|start/);
    await screen.findByText(/Henüz aktarım yok/);
  });

  it('refuses a folder that leaves its root as it is typed and shows the normalised path', async () => {
    const api = mockApi({
      'GET ftp/connections': () => Response.json([CONNECTION]),
      'GET ftp/rules': () => Response.json([]),
      'PUT ftp/connections/7': () => Response.json(CONNECTION),
    });
    renderScreen(<FtpSettingsPage />);
    const table = await screen.findByTestId('ftp-connection-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: /Bağlantıyı düzenle/ });
    const outbound = within(dialog).getByRole('textbox', { name: 'Giden dosyalar klasörü' });
    expect(within(dialog).getByText('Sunucudaki yol: /giden')).toBeTruthy();
    fireEvent.change(outbound, { target: { value: '/giden/../../../etc' } });
    expect(within(dialog).getByText(/"\.\." \(üst klasör\) içeremez/)).toBeTruthy();
    fireEvent.change(outbound, { target: { value: '..\\etc' } });
    expect(within(dialog).getByText(/ters eğik çizgi/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(outbound, { target: { value: ' /giden//./kutu/ ' } });
    expect(within(dialog).getByText('Sunucudaki yol: /giden/kutu')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /İşlenen dosyaların/ }), {
      target: { value: 'islenen/' },
    });
    expect(within(dialog).getByText(/Sunucudaki yol: \/gelen\/islenen$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body as string)).toMatchObject({
      outboundDir: '/giden/kutu',
      processedDir: 'islenen',
    });
  });
});
