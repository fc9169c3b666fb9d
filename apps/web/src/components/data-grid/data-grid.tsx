import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { ColDef, RowStyle } from 'ag-grid-community';
import { GRID_MESSAGES } from './messages.ts';

export interface DataGridProps<TRow> {
  readonly rows: readonly TRow[];
  readonly columns: ColDef[];
  /** Rows pinned under the body (totals). */
  readonly pinnedBottomRows?: readonly Record<string, unknown>[];
  /** When set, the column state (order, width, sort, visibility) is kept in localStorage under it. */
  readonly stateKey?: string;
  readonly height?: number;
  readonly rowStyle?: (row: TRow) => RowStyle | undefined;
  readonly getRowId?: (row: TRow) => string;
  readonly testId?: string;
}

// AG Grid is about 300 kB gzip: it loads with the first screen that shows a grid.
const DataGridImpl = lazy(() => import('./data-grid-impl.tsx'));

/** A sortable, filterable AG Grid Community table with Turkish texts, loaded lazily. */
export function DataGrid<TRow>(props: DataGridProps<TRow>) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 200} aria-label={GRID_MESSAGES.gridLoading}>
          <Loader size="sm" />
        </Center>
      }
    >
      <DataGridImpl {...(props as unknown as DataGridProps<Record<string, unknown>>)} />
    </Suspense>
  );
}
