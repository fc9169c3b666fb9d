import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { MyReportsPage } from './my-reports-page.tsx';
import {
  BOARD_TEMPLATE,
  PORTFOLIOS,
  bodyOf,
  reportFixture,
  scheduleFixture,
} from './reports.fixture.ts';

const MODULE2_REPORT = reportFixture({
  id: 52,
  module: 2,
  title: 'Stres raporu · BBF',
  portfolioCodes: ['BBF'],
  owner: { id: 8, fullName: 'Mehmet Yönetici' },
});

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
});

function listApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET reports': (call) => {
      const module = call.search.get('module');
      const items = [reportFixture(), MODULE2_REPORT].filter(
        (r) => module === null || r.module === Number(module),
      );
      return Response.json({ total: items.length, items });
    },
    ...extra,
  });
}

describe('my-reports', () => {
  it('groups the reports by module 1 to 5 (4 included) and filters by module', async () => {
    signInAs('Hesaplayici');
    const api = listApi();
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const first = await screen.findByTestId('report-module-1');
    expect(
      within(first).getByText('Yönetim Kurulu Aylık Risk Raporu · AAK · 31.10.2026'),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('report-module-2')).getByText('Stres raporu · BBF'),
    ).toBeTruthy();
    for (const m of [3, 4, 5])
      expect(
        within(screen.getByTestId(`report-module-${String(m)}`)).getByText('Bu modülde rapor yok.'),
      ).toBeTruthy();
    expect(
      within(screen.getByTestId('report-module-4')).getByRole('heading', { name: 'Modül 4' }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('columnheader', { name: 'Sahibi' }),
      'own reports: no owner column',
    ).toBeNull();

    const moduleFilter = screen.getByRole('textbox', { name: 'Modül' });
    fireEvent.click(moduleFilter);
    fireEvent.click(await screen.findByRole('option', { name: /^Modül 2:/, hidden: true }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === 'reports' && c.search.get('module') === '2')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('report-module-1')).toBeNull());
    expect(screen.getByTestId('report-module-2')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Başlık veya portföy ara' }), {
      target: { value: 'yok-böyle' },
    });
    expect(await screen.findByText('Filtrelere uyan rapor yok.')).toBeTruthy();
  });

  it('shows Admins the owner of every report', async () => {
    signInAs('Admin');
    listApi();
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-2');
    expect(within(table).getByRole('columnheader', { name: 'Sahibi' })).toBeTruthy();
    expect(within(table).getByText('Mehmet Yönetici')).toBeTruthy();
  });

  it('downloads, regenerates and deletes (after confirming) a report', async () => {
    signInAs('Hesaplayici');
    const api = listApi({
      'GET reports/41/xlsx': () =>
        new Response('xlsx', {
          headers: { 'Content-Disposition': 'attachment; filename="kurul-raporu.xlsx"' },
        }),
      'POST reports/41/regenerate': () =>
        Response.json(reportFixture({ status: 'queued', progress: 0, files: [], runsUsed: [] })),
      'DELETE reports/41': () => new Response(null, { status: 204 }),
    });
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-1');
    fireEvent.click(within(table).getByRole('button', { name: 'Excel indir' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'reports/41/xlsx')).toBe(true));

    fireEvent.click(within(table).getByRole('button', { name: 'Yeniden oluştur' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'reports/41/regenerate')).toBe(
        true,
      ),
    );

    fireEvent.click(within(table).getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raporu sil' });
    expect(dialog.textContent).toContain('PDF/Excel dosyaları silinecek');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'reports/41')).toBe(true),
    );
  });

  it('shares a report by a Report-Key link, shows the keys with their expiry and revokes one', async () => {
    signInAs('Hesaplayici');
    const key = {
      id: 5,
      prefix: 'rk_ab12',
      createdAt: '2026-11-01T08:00:00.000Z',
      expiresAt: '2099-11-08T08:00:00.000Z',
      revokedAt: null,
      lastUsedAt: null,
      createdBy: 'Ayşe Hesap',
    };
    const expired = { ...key, id: 4, prefix: 'rk_old1', expiresAt: '2026-01-01T00:00:00.000Z' };
    const api = listApi({
      'GET reports/41/keys': () => Response.json([key, expired]),
      'POST reports/41/keys': () => Response.json({ ...key, key: 'rk_ab12-gizli-anahtar' }),
      'DELETE reports/41/keys/5': () => new Response(null, { status: 204 }),
    });
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-1');
    fireEvent.click(within(table).getByRole('button', { name: 'Paylaş' }));
    const dialog = await screen.findByRole('dialog');
    const keys = await within(dialog).findByTestId('report-keys');
    expect(within(keys).getByText('Geçerli')).toBeTruthy();
    expect(within(keys).getByText('Süresi doldu')).toBeTruthy();
    expect(within(keys).getByText('08.11.2099 11:00')).toBeTruthy();

    const days = within(dialog).getByRole('textbox', { name: 'Geçerlilik (gün)' });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bağlantı oluştur' }));
    expect(await within(dialog).findByText('en fazla 365 gün')).toBeTruthy();
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bağlantı oluştur' }));
    const link = await within(dialog).findByTestId('report-key-link');
    expect(bodyOf(api.calls, 'POST', 'reports/41/keys')).toEqual({ expiresInDays: 30 });
    expect(within(link).getByRole<HTMLInputElement>('textbox').value).toBe(
      `${window.location.origin}/#report-key=rk_ab12-gizli-anahtar`,
    );
    expect(within(link).getByRole('button', { name: 'Kopyala' })).toBeTruthy();

    const revokeButtons = within(keys).getAllByRole('button', { name: 'İptal et' });
    expect(revokeButtons, 'only the active key can be revoked').toHaveLength(1);
    fireEvent.click(revokeButtons[0]!);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'reports/41/keys/5')).toBe(
        true,
      ),
    );
  });

  it('lists, creates and deletes scheduled reports', async () => {
    signInAs('Hesaplayici');
    const api = listApi({
      'GET report-schedules': () =>
        Response.json([
          scheduleFixture({
            lastError: 'AAK için portföy yok',
            lastRunAt: '2026-11-04T05:30:00.000Z',
          }),
        ]),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
      'GET portfolios': Response.json(PORTFOLIOS),
      'GET ftp/connections': Response.json([]),
      'POST report-schedules': () => Response.json(scheduleFixture({ id: 4, name: 'Haftalık' })),
      'DELETE report-schedules/3': () => new Response(null, { status: 204 }),
    });
    renderScreen(<MyReportsPage />, { path: '/my-reports?tab=schedules' });
    const table = await screen.findByTestId('report-schedule-table');
    expect(within(table).getByText('Ayın n. iş günü (3. iş günü)')).toBeTruthy();
    expect(within(table).getByText('Son hata: AAK için portföy yok')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Yeni zamanlama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni zamanlanmış rapor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('ad gerekli')).toBeTruthy();
    expect(within(dialog).getByText('şablon seçin')).toBeTruthy();
    expect(within(dialog).getByText('en az bir portföy seçin')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Ad' }), {
      target: { value: 'Haftalık' },
    });
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Şablon' }));
    fireEvent.click(await screen.findByRole('option', { name: BOARD_TEMPLATE.name, hidden: true }));
    const picker = within(dialog).getByRole('textbox', { name: 'Portföyler' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'AAK' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'AAK · Ak Hisse Fonu', hidden: true }),
    );
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Sıklık' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Haftalık', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('haftanın gününü seçin')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Haftanın günü' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cuma', hidden: true }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Saat (SS:DD, İstanbul)' }), {
      target: { value: '07:45' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(api.calls, 'POST', 'report-schedules')).toEqual({
      name: 'Haftalık',
      templateId: 1,
      portfolioCodes: ['AAK'],
      frequency: 'weekly',
      weekday: 5,
      businessDay: null,
      time: '07:45',
      ftpConnectionId: null,
      enabled: true,
    });

    fireEvent.click(within(table).getByRole('button', { name: 'Sil' }));
    const confirm = await screen.findByRole('dialog', { name: 'Zamanlamayı sil' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sil' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'report-schedules/3')).toBe(
        true,
      ),
    );
  });

  it('offers observers downloads only', async () => {
    signInAs('Gozlemleyici');
    listApi({ 'GET report-schedules': () => Response.json([scheduleFixture()]) });
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const table = await screen.findByTestId('report-table-1');
    expect(within(table).getByRole('button', { name: 'PDF indir' })).toBeTruthy();
    for (const name of ['Yeniden oluştur', 'Paylaş', 'Sil'])
      expect(within(table).queryByRole('button', { name })).toBeNull();
  });
});
