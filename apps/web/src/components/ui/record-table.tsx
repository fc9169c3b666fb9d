import { useState, type ReactNode } from 'react';
import { Table } from '@mantine/core';
import { CompactTable } from './compact-table.tsx';
import { usePagedRows } from './paged-rows.tsx';
import { RowActions, type RowAction } from './row-actions.tsx';

export interface RecordColumn<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** The record's key column: bold. */
  readonly strong?: boolean;
  readonly nowrap?: boolean;
  /** Left out (e.g. maturity on the fund screen). */
  readonly hidden?: boolean;
}

interface Props<T> {
  readonly rows: readonly T[];
  readonly columns: readonly RecordColumn<T>[];
  readonly rowKey: (row: T) => string;
  /** The row shown in the detail panel below, highlighted. */
  readonly selectedKey?: string | null;
  /** The buttons at the end of each row (view, edit, delete). */
  readonly actions: (row: T) => readonly RowAction[];
  readonly testId: string;
}

/**
 * The list of a master-data screen (benchmarks, unified funds, instruments): a CompactTable with
 * one row per record, the selected one highlighted, and the row's buttons at the end; a hundred
 * records a page, the page of a newly selected record shown.
 */
export function RecordTable<T>({ rows, columns, rowKey, selectedKey, actions, testId }: Props<T>) {
  const shown = columns.filter((c) => !c.hidden);
  const page = usePagedRows(rows, testId);
  const [pageOfSelection, setPageOfSelection] = useState<string | null | undefined>(undefined);
  // A record selected from outside the table (one just saved) may be on another page: show it.
  if (selectedKey !== pageOfSelection) {
    setPageOfSelection(selectedKey);
    const index = selectedKey == null ? -1 : rows.findIndex((r) => rowKey(r) === selectedKey);
    if (index >= 0) page.showRow(index);
  }
  return (
    <>
      <CompactTable
        columns={[...shown.map((c) => ({ label: c.header })), {}]}
        maxHeight={460}
        testId={testId}
      >
        {page.rows.map((row) => {
          const key = rowKey(row);
          return (
            <Table.Tr key={key} bg={selectedKey === key ? 'blue.0' : undefined}>
              {shown.map((c) => (
                <Table.Td
                  key={c.header}
                  fw={c.strong ? 600 : undefined}
                  style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>
                <RowActions actions={actions(row)} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </CompactTable>
      {page.pager}
    </>
  );
}
