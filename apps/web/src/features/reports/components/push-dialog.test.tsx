import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FtpConnection, FtpTransfer } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { MyReportsPage } from './my-reports-page.tsx';
import { bodyOf, reportFixture } from './reports.fixture.ts';

const CONNECTION: FtpConnection = {
  id: 7,
  name: 'Yönetim Kurulu FTP',
  protocol: 'sftp',
  host: 'sftp.portfoy.com.tr',
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
  scheduleTime: null,
  lastScheduledFailure: null,
  updatedAt: '2026-11-01T08:00:00.000Z',
};

const transfer = (fileName: string): FtpTransfer => ({
  id: 1,
  startedAt: '2026-11-01T08:00:00.000Z',
  connectionId: 7,
  connectionName: CONNECTION.name,
  direction: 'push',
  fileName,
  remotePath: `/giden/${fileName}`,
  kind: null,
  fileDate: null,
  size: 1000,
  checksum: 'ab',
  result: 'pushed',
  rowsImported: null,
  durationMs: 40,
  attempts: 1,
  trigger: 'user',
  actorName: 'Elif Kaya',
  message: null,
  errors: null,
  fileKept: false,
});

function reportsApi() {
  const report = reportFixture();
  return mockApi({
    'GET reports': () => Response.json({ total: 1, items: [report] }),
    'GET ftp/connections': () => Response.json([CONNECTION]),
    'POST reports/41/push': () => Response.json(report.files.map((f) => transfer(f.fileName))),
  });
}

describe('my-reports: FTP’ye gönder', () => {
  it('sends a ready report to the chosen connection and says where the files went', async () => {
    signInAs('Hesaplayici');
    const api = reportsApi();
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-1');
    fireEvent.click(within(table).getByRole('button', { name: 'FTP’ye gönder' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Gönder' });
    expect(send.hasAttribute('disabled'), 'no connection chosen yet').toBe(true);
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bağlantı' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Yönetim Kurulu FTP (/giden)', hidden: true }),
    );
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'reports/41/push')).toBe(true),
    );
    expect(bodyOf(api.calls, 'POST', 'reports/41/push')).toEqual({ connectionId: 7 });
    await waitFor(() =>
      expect(toastStore.list().map((t) => t.message)).toContainEqual(
        expect.stringMatching(/^Gönderildi: \/giden\/.+\.pdf, \/giden\/.+\.xlsx$/),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered to an observer', async () => {
    signInAs('Gozlemleyici');
    reportsApi();
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-1');
    expect(within(table).queryByRole('button', { name: 'FTP’ye gönder' })).toBeNull();
  });
});
