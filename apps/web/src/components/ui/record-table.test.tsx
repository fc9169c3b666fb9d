import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
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
});
