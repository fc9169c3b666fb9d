import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { ROWS_PER_PAGE } from './paged-rows.tsx';
import { RecordTable } from './record-table.tsx';

interface Row {
  code: string;
  name: string;
}

const rows: Row[] = [
  { code: 'AAA', name: 'Birinci' },
  { code: 'BBB', name: 'İkinci' },
];

describe('RecordTable', () => {
  it('shows the visible columns, marks the selected row and gives each row its own actions', () => {
    const view = vi.fn();
    renderUi(
      <RecordTable
        rows={rows}
        rowKey={(r) => r.code}
        selectedKey="BBB"
        testId="records"
        columns={[
          { header: 'Kod', cell: (r) => r.code, strong: true },
          { header: 'Ad', cell: (r) => r.name },
          { header: 'Vade', cell: () => 'gizli', hidden: true },
        ]}
        actions={(r) => [
          {
            label: 'Göster',
            onClick: () => {
              view(r.code);
            },
            tone: 'primary',
          },
          { label: 'Sil', onClick: () => {}, hidden: r.code === 'AAA' },
        ]}
      />,
    );
    const table = screen.getByTestId('records');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Kod', 'Ad', '']);
    expect(within(table).queryByText('gizli')).toBeNull();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).queryByRole('button', { name: 'Sil' })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Sil' })).toBeTruthy();
    expect(second!.getAttribute('style') ?? '').toContain('background');
    expect(first!.getAttribute('style') ?? '').not.toContain('background');
    fireEvent.click(within(second!).getByRole('button', { name: 'Göster' }));
    expect(view).toHaveBeenCalledWith('BBB');
  });

  it('shows a hundred records a page, and the page of a record selected from outside', () => {
    const many: Row[] = Array.from({ length: 2 * ROWS_PER_PAGE + 50 }, (_, i) => ({
      code: `K${String(i).padStart(4, '0')}`,
      name: `Kayıt ${String(i)}`,
    }));
    const table = (selectedKey: string | null) => (
      <RecordTable
        rows={many}
        rowKey={(r) => r.code}
        selectedKey={selectedKey}
        testId="records"
        columns={[{ header: 'Kod', cell: (r) => r.code }]}
        actions={() => []}
      />
    );
    const { rerender } = renderUi(table(null));
    const bodyRows = () => within(screen.getByTestId('records')).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(ROWS_PER_PAGE);
    expect(within(bodyRows()[0]!).getByText('K0000')).toBeTruthy();
    expect(screen.getByText('1–100 / 250 satır')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('records-pages')).getByRole('button', { name: '3' }));
    expect(bodyRows()).toHaveLength(50);
    expect(within(bodyRows()[0]!).getByText('K0200')).toBeTruthy();
    expect(screen.getByText('201–250 / 250 satır')).toBeTruthy();
    // A record just saved, selected by the screen: its page comes up, the row highlighted.
    rerender(table('K0150'));
    expect(screen.getByText('101–200 / 250 satır')).toBeTruthy();
    const selected = within(screen.getByTestId('records')).getByText('K0150').closest('tr')!;
    expect(selected.getAttribute('style') ?? '').toContain('background');
  });

  it('shows no pages for a hundred records or fewer', () => {
    renderUi(
      <RecordTable
        rows={rows}
        rowKey={(r) => r.code}
        testId="records"
        columns={[{ header: 'Kod', cell: (r) => r.code }]}
        actions={() => []}
      />,
    );
    expect(screen.queryByTestId('records-pages')).toBeNull();
  });
});
