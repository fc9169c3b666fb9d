import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../components/testing/render-screen.tsx';
import { AuditLogPanel } from './audit-log-panel.tsx';

const ENTRY = {
  id: 42,
  occurredAt: '2026-11-24T10:15:00Z',
  actorUserId: 2,
  actorUsername: 'admin',
  action: 'user.update',
  entity: 'user',
  entityId: '9',
  clientAddress: '192.0.2.77',
  traceId: '0b7c1a52-0000-4000-8000-000000000000',
  before: { role: 'Gozlemleyici', fullName: '<script>alert(1)</script>' },
  after: { role: 'Hesaplayici' },
};

describe('audit trail panel', () => {
  it('lists who, when, from where, what and before/after, markup shown as text', async () => {
    mockApi({ 'GET audit-log': Response.json({ total: 1, items: [ENTRY] }) });
    renderScreen(<AuditLogPanel />);
    const table = await screen.findByTestId('audit-log-table');
    expect(within(table).getByText('admin')).toBeTruthy();
    expect(within(table).getByText('192.0.2.77')).toBeTruthy();
    expect(within(table).getByText('Kullanıcı güncelleme')).toBeTruthy();
    expect(within(table).getByText('Kullanıcı · 9')).toBeTruthy();
    expect(table.textContent).toContain('"role": "Hesaplayici"');
    expect(table.textContent).toContain('<script>alert(1)</script>');
    expect(table.querySelector('script'), 'a value never becomes markup').toBeNull();
    expect(screen.getByText('1 kayıt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sil|Düzenle/ }), 'read-only').toBeNull();
  });

  it('sends the filled filters and exports with the same filters', async () => {
    const { calls } = mockApi({
      'GET audit-log': Response.json({ total: 0, items: [] }),
      'GET audit-log/export': new Response('xlsx', {
        headers: { 'Content-Disposition': 'attachment; filename="denetim-izi.xlsx"' },
      }),
    });
    renderScreen(<AuditLogPanel />);
    await screen.findByText('Seçilen ölçütlere uyan kayıt yok.');
    fireEvent.change(screen.getByLabelText('Kullanıcı'), { target: { value: 'murat' } });
    fireEvent.click(screen.getByRole('textbox', { name: 'İşlem' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rapor silme', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Filtrele' }));
    await screen.findByText('0 kayıt');
    const list = calls.filter((c) => c.path === 'audit-log').at(-1)!;
    expect(list.search.get('actor')).toBe('murat');
    expect(list.search.get('action')).toBe('report.delete');
    expect(list.search.get('from'), 'empty filters are not sent').toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Excel’e aktar' }));
    await new Promise((r) => setTimeout(r, 50));
    const exported = calls.find((c) => c.path === 'audit-log/export');
    expect(exported?.search.get('actor')).toBe('murat');
  });
});
