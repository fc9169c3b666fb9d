import { Table } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';
import type { GroupSummaryRow } from './holdings-math.ts';
import { HOLDINGS_MESSAGES } from './messages.ts';

const NUM = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Group, value, weight of NAV and count per group, with a totals line. */
export function GroupSummaryTable({ rows }: { rows: readonly GroupSummaryRow[] }) {
  const total = rows.reduce(
    (acc, r) => ({
      value: acc.value + r.value,
      weightPct: acc.weightPct + r.weightPct,
      count: acc.count + r.count,
    }),
    { value: 0, weightPct: 0, count: 0 },
  );
  return (
    <Table
      striped
      highlightOnHover
      withTableBorder
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      data-testid="group-summary"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{HOLDINGS_MESSAGES.groupColumn}</Table.Th>
          <Table.Th style={NUM}>{HOLDINGS_MESSAGES.groupValue}</Table.Th>
          <Table.Th style={NUM}>{HOLDINGS_MESSAGES.groupWeight}</Table.Th>
          <Table.Th style={NUM}>{HOLDINGS_MESSAGES.groupCount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.group}>
            <Table.Td>{r.group}</Table.Td>
            <Table.Td style={NUM}>{formatNumber(r.value)}</Table.Td>
            <Table.Td style={NUM}>{formatNumber(r.weightPct)}</Table.Td>
            <Table.Td style={NUM}>{formatNumber(r.count, 0)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td>{HOLDINGS_MESSAGES.total}</Table.Td>
          <Table.Td style={NUM}>{formatNumber(total.value)}</Table.Td>
          <Table.Td style={NUM}>{formatNumber(total.weightPct)}</Table.Td>
          <Table.Td style={NUM}>{formatNumber(total.count, 0)}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
