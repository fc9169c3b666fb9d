import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { EChartProps } from './echart-props.ts';

export type { EChartProps } from './echart-props.ts';

// ECharts loads with the first chart shown (selective imports in echart-impl.tsx).
const EChartImpl = lazy(() => import('./echart-impl.tsx'));

/** An ECharts chart (bar, pie, histogram, lines, gauge, scatter), loaded lazily: the app's only chart lifecycle. */
export function EChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 320}>
          <Loader size="sm" />
        </Center>
      }
    >
      <EChartImpl {...props} />
    </Suspense>
  );
}
