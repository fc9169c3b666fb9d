import { useMemo } from 'react';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { ResultTable } from '@fonrisk/contracts';
import { DataGrid } from '../../../components/data-grid/data-grid.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useExportRunTable } from '../api/export-run-table.ts';
import { formatCell } from './format.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

const CELL_STYLE = { lineHeight: '16px', paddingTop: '6px', paddingBottom: '6px' };

/** Grid columns of a generic result table: numbers right-aligned and sorted as numbers, tr-TR text. */
export function resultColumns(table: ResultTable): ColDef[] {
  return table.columns.map((c) => {
    const numeric = c.format === 'money' || c.format === 'number' || c.format === 'percent';
    return {
      field: c.key,
      headerName: c.label,
      headerTooltip: c.label,
      wrapHeaderText: true,
      autoHeaderHeight: true,
      filter: numeric ? 'agNumberColumnFilter' : 'agTextColumnFilter',
      type: numeric ? 'rightAligned' : undefined,
      valueFormatter: (p: { value: unknown }) => formatCell(c.format, p.value),
      flex: c.format === 'text' ? 1.4 : 1,
      minWidth: c.format === 'text' ? 120 : 90,
      // A long text (a backtest's verdict) wraps onto more lines instead of being cut off.
      // Every cell on the same line height (the theme's is the row's: wrapped lines need their
      // own), so that a one-line row keeps its 30 px and numbers sit level with the text.
      cellStyle: CELL_STYLE,
      ...(numeric ? {} : { wrapText: true, autoHeight: true }),
    } satisfies ColDef;
  });
}

/** A table of at most this many rows is as tall as its rows (wrapped text included). */
const FIT_ROWS = 12;

interface ResultTablePanelProps {
  readonly runId: string;
  /** The table's key in `result.tables` (what the export call names). */
  readonly name: string;
  readonly table: ResultTable;
  /** Rows shown (e.g. one portfolio's); the export always carries the whole table. */
  readonly rows?: readonly Record<string, unknown>[];
  readonly height?: number;
  readonly rowStyle?: (row: Record<string, unknown>) => Record<string, string> | undefined;
}

/** One result table: title, row count, the Excel export of the run's table and the grid. */
export function ResultTablePanel({
  runId,
  name,
  table,
  rows,
  height,
  rowStyle,
}: ResultTablePanelProps) {
  const exporter = useExportRunTable();
  const columns = useMemo(() => resultColumns(table), [table]);
  const shown = rows ?? table.rows;
  const exportTable = (): void =>
    exporter.mutate(
      { runId, table: name },
      {
        onSuccess: (file) => toastStore.show('success', ANALYSIS_MESSAGES.exported(file.fileName)),
      },
    );
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`result-table-${name}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {table.title}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {ANALYSIS_MESSAGES.rowsCount(shown.length)}
          </Badge>
        </Group>
        <Button
          size="compact-sm"
          variant="light"
          onClick={exportTable}
          loading={exporter.isPending}
          aria-label={`${table.title}: ${ANALYSIS_MESSAGES.exportExcel}`}
        >
          {ANALYSIS_MESSAGES.exportExcel}
        </Button>
      </Group>
      <DataGrid
        rows={shown}
        columns={columns}
        height={height ?? (shown.length === 0 ? 160 : shown.length <= FIT_ROWS ? 'fit' : 420)}
        rowStyle={rowStyle}
      />
    </Paper>
  );
}
