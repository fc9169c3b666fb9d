import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { DataGridProps } from './data-grid-props.ts';
import { GRID_MESSAGES } from './messages.ts';

export type { DataGridProps } from './data-grid-props.ts';

// AG Grid is about 300 kB gzip: it loads with the first screen that shows a grid.
const DataGridImpl = lazy(() => import('./data-grid-impl.tsx'));

/** A sortable, filterable AG Grid Community table with Turkish texts, loaded lazily. */
export function DataGrid<TRow>(props: DataGridProps<TRow>) {
  return (
    <Suspense
      fallback={
        <Center
          h={typeof props.height === 'number' ? props.height : 200}
          aria-label={GRID_MESSAGES.gridLoading}
        >
          <Loader size="sm" />
        </Center>
      }
    >
      <DataGridImpl {...(props as unknown as DataGridProps<Record<string, unknown>>)} />
    </Suspense>
  );
}
