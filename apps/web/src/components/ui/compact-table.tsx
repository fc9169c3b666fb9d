import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Right-aligned tabular figures for numeric cells. */
export const NUMERIC_CELL = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

export interface CompactColumn {
  readonly label?: ReactNode;
  readonly numeric?: boolean;
}

interface CompactTableProps {
  /** Header cells in order; `false` leaves a conditional column out. */
  readonly columns: readonly (CompactColumn | false)[];
  readonly maxHeight: number;
  readonly testId: string;
  readonly highlightOnHover?: boolean;
  readonly stickyHeader?: boolean;
  /** The body rows (`Table.Tr` elements). */
  readonly children: ReactNode;
}

/** The dense, striped, scrollable table the data screens use for lists and results. */
export function CompactTable({
  columns,
  maxHeight,
  testId,
  highlightOnHover = true,
  stickyHeader = true,
  children,
}: CompactTableProps) {
  return (
    <ScrollArea.Autosize mah={maxHeight}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        withTableBorder
        fz="xs"
        verticalSpacing={3}
        stickyHeader={stickyHeader}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) =>
              column === false ? null : (
                <Table.Th key={i} style={column.numeric ? NUMERIC_CELL : undefined}>
                  {column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
