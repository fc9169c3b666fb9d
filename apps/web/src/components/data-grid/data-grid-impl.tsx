import { useCallback, useMemo, useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RowAutoHeightModule,
  RowStyleModule,
  TextFilterModule,
  TooltipModule,
  themeQuartz,
  type ColumnState,
  type GridApi,
  type GridReadyEvent,
} from 'ag-grid-community';
import { GRID_LOCALE_TEXT, GRID_MESSAGES } from './messages.ts';
import type { DataGridProps } from './data-grid-props.ts';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT } from './grid-height.ts';
import { fitColumns, gridTextMeasure, type TextMeasure } from './fit-columns.ts';
import './data-grid.css';

// Only what the screens use: client-side rows, sorting and filtering, pinned totals, row and
// cell styles, column state (order, width, sort), rows as tall as their wrapped text and Turkish
// texts.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowAutoHeightModule,
  TextFilterModule,
  NumberFilterModule,
  PinnedRowModule,
  RowStyleModule,
  CellStyleModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  LocaleModule,
  TooltipModule,
]);

/** The headers' font weight (the theme's and the width fitting's). */
const HEADER_WEIGHT = 600;

/** Dense but readable: 12 px text, 30 px rows, bold headers, the app's blue accent. */
const GRID_THEME = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 12,
  headerFontSize: 12,
  headerFontWeight: HEADER_WEIGHT,
  rowHeight: GRID_ROW_HEIGHT,
  headerHeight: GRID_HEADER_HEIGHT,
  spacing: 5,
  accentColor: '#1c7ed6',
  headerBackgroundColor: '#f1f3f5',
  oddRowBackgroundColor: '#fafbfc',
  borderColor: '#dee2e6',
  wrapperBorderRadius: 6,
});

/** Totals rows stand out: bold on the light accent. */
const PINNED_ROW_STYLE = { fontWeight: 700, background: '#e7f5ff' };

let textMeasure: TextMeasure | null = null;
let headerTextMeasure: TextMeasure | null = null;

/** One canvas measure in the page's font for every grid's cells. */
function measureText(text: string): number {
  textMeasure ??= gridTextMeasure(getComputedStyle(document.body).fontFamily);
  return textMeasure(text);
}

/** The same for the headers, in the theme's header weight. */
function measureHeaderText(text: string): number {
  headerTextMeasure ??= gridTextMeasure(getComputedStyle(document.body).fontFamily, HEADER_WEIGHT);
  return headerTextMeasure(text);
}

function storageKey(stateKey: string): string {
  return `fonrisk.grid.${stateKey}`;
}

function readState(stateKey: string): ColumnState[] | null {
  try {
    const raw = localStorage.getItem(storageKey(stateKey));
    return raw ? (JSON.parse(raw) as ColumnState[]) : null;
  } catch {
    return null;
  }
}

/** AG Grid Community, loaded only with the screens that show a grid (see data-grid.tsx). */
export default function DataGridImpl({
  rows,
  columns,
  pinnedBottomRows,
  stateKey,
  height = 520,
  rowStyle,
  getRowId,
  testId,
}: DataGridProps<Record<string, unknown>>) {
  const gridApi = useRef<GridApi | null>(null);
  // Numeric columns as wide as their widest value, totals included: numbers are never cut; text
  // columns wrap only if a value can need it.
  const fittedColumns = useMemo(() => {
    const all = [...(rows as Record<string, unknown>[]), ...(pinnedBottomRows ?? [])];
    return fitColumns(columns, all, measureText, measureHeaderText);
  }, [columns, rows, pinnedBottomRows]);

  const onReady = useCallback(
    (event: GridReadyEvent) => {
      gridApi.current = event.api;
      const saved = stateKey ? readState(stateKey) : null;
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
    },
    [stateKey],
  );

  const saveState = useCallback(() => {
    if (!stateKey || !gridApi.current) return;
    localStorage.setItem(storageKey(stateKey), JSON.stringify(gridApi.current.getColumnState()));
  }, [stateKey]);

  const resetState = (): void => {
    if (!stateKey) return;
    localStorage.removeItem(storageKey(stateKey));
    gridApi.current?.resetColumnState();
  };

  return (
    <div data-testid={testId}>
      {stateKey && (
        <Group justify="flex-end" mb={4}>
          <Button size="compact-xs" variant="subtle" onClick={resetState}>
            {GRID_MESSAGES.resetColumns}
          </Button>
        </Group>
      )}
      <div style={height === 'fit' ? undefined : { height }}>
        <AgGridReact
          theme={GRID_THEME}
          domLayout={height === 'fit' ? 'autoHeight' : 'normal'}
          rowData={rows as Record<string, unknown>[]}
          columnDefs={fittedColumns}
          pinnedBottomRowData={pinnedBottomRows as Record<string, unknown>[] | undefined}
          localeText={GRID_LOCALE_TEXT}
          defaultColDef={{ sortable: true, resizable: true, filter: true, minWidth: 80 }}
          getRowStyle={(params) => {
            if (params.node.rowPinned) return PINNED_ROW_STYLE;
            const data = params.data as Record<string, unknown> | undefined;
            return rowStyle && data ? rowStyle(data) : undefined;
          }}
          getRowId={
            getRowId ? (params) => getRowId(params.data as Record<string, unknown>) : undefined
          }
          onGridReady={onReady}
          onColumnMoved={(e) => e.finished && saveState()}
          onColumnResized={(e) => e.finished && saveState()}
          onSortChanged={saveState}
          onColumnVisible={saveState}
          onColumnPinned={saveState}
          suppressDragLeaveHidesColumns
          enableCellTextSelection
        />
      </div>
    </div>
  );
}
