import { useMemo, useState } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import {
  columnLabel,
  type HoldingChangeStatus,
  type HoldingComparisonRow,
} from '@fonrisk/contracts';
import { DataGrid } from '../../../components/data-grid/data-grid.tsx';
import { fitGridHeight } from '../../../components/data-grid/grid-height.ts';
import { SnapshotDatePicker } from '../../../components/dates/date-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useCompareHoldings } from '../api/compare-holdings.ts';
import { PORTFOLIO_MESSAGES } from '../messages.ts';
import {
  compareRowStyle,
  orderForReview,
  STATUS_COLORS,
  STATUS_LABELS,
  statusCounts,
} from './compare-status.ts';

const NUM = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function numberColumn(field: keyof HoldingComparisonRow, headerName: string): ColDef {
  return {
    field,
    headerName,
    valueFormatter: (p) => (typeof p.value === 'number' ? formatNumber(p.value) : ''),
    cellStyle: NUM,
    headerClass: 'fr-grid-header-right',
    filter: 'agNumberColumnFilter',
    width: 150,
  };
}

const COLUMNS: ColDef[] = [
  {
    field: 'status',
    headerName: PORTFOLIO_MESSAGES.status,
    valueFormatter: (p) => STATUS_LABELS[p.value as HoldingChangeStatus],
    width: 120,
    pinned: 'left',
  },
  {
    field: 'investmentInstrumentCode',
    headerName: columnLabel('investmentInstrumentCode'),
    pinned: 'left',
    width: 170,
  },
  {
    field: 'investmentInstrumentName',
    headerName: columnLabel('investmentInstrumentName'),
    width: 240,
  },
  numberColumn('nominalFrom', PORTFOLIO_MESSAGES.nominalFrom),
  numberColumn('nominalTo', PORTFOLIO_MESSAGES.nominalTo),
  numberColumn('valueFrom', PORTFOLIO_MESSAGES.valueFrom),
  numberColumn('valueTo', PORTFOLIO_MESSAGES.valueTo),
  numberColumn('valueChange', PORTFOLIO_MESSAGES.valueChange),
  numberColumn('weightFromPct', PORTFOLIO_MESSAGES.weightFrom),
  numberColumn('weightToPct', PORTFOLIO_MESSAGES.weightTo),
];

/** Two snapshot dates side by side: added, removed and changed holdings highlighted. */
export function ComparePanel({ code, dates }: { code: string; dates: readonly string[] }) {
  const [from, setFrom] = useState<string | null>(dates[1] ?? null);
  const [to, setTo] = useState<string | null>(dates[0] ?? null);
  const comparison = useCompareHoldings(code, from, to);
  const rows = useMemo(() => orderForReview(comparison.data?.rows ?? []), [comparison.data]);
  const counts = statusCounts(rows);

  if (dates.length < 2)
    return <Alert color="gray">{PORTFOLIO_MESSAGES.compareNeedsTwoDates}</Alert>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {PORTFOLIO_MESSAGES.compareHint}
      </Text>
      <Group align="flex-end" gap="md">
        <SnapshotDatePicker
          label={PORTFOLIO_MESSAGES.compareFrom}
          dates={dates}
          value={from}
          onChange={setFrom}
        />
        <SnapshotDatePicker
          label={PORTFOLIO_MESSAGES.compareTo}
          dates={dates}
          value={to}
          onChange={setTo}
        />
        {comparison.data && (
          <Group gap="xs" data-testid="compare-counts">
            {(['added', 'removed', 'changed', 'unchanged'] as const).map((status) => (
              <Badge key={status} color={STATUS_COLORS[status]} variant="light" size="lg">
                {STATUS_LABELS[status]}: {counts[status]}
              </Badge>
            ))}
          </Group>
        )}
      </Group>
      {comparison.data && (
        <Group gap="xl">
          <Text size="sm">
            {PORTFOLIO_MESSAGES.navFrom}: <b>{formatNumber(comparison.data.navFrom)}</b>
          </Text>
          <Text size="sm">
            {PORTFOLIO_MESSAGES.navTo}: <b>{formatNumber(comparison.data.navTo)}</b>
          </Text>
          <Text size="sm">
            {PORTFOLIO_MESSAGES.navChange}:{' '}
            <b>{formatNumber(comparison.data.navTo - comparison.data.navFrom)}</b>
          </Text>
        </Group>
      )}
      {comparison.isError && <Alert color="gray">{PORTFOLIO_MESSAGES.compareUnavailable}</Alert>}
      {comparison.data && (
        <DataGrid
          rows={rows}
          columns={COLUMNS}
          rowStyle={(row) => compareRowStyle(row.status)}
          getRowId={(row) => row.investmentInstrumentCode}
          stateKey="portfolio-compare"
          height={fitGridHeight(rows.length, { max: 480 })}
          testId="compare-grid"
        />
      )}
    </Stack>
  );
}
