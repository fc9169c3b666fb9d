import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';

export interface EChartProps {
  /** A complete ECharts option (built by an option function such as chart-options.ts); memoise it. */
  readonly option: EChartsCoreOption;
  readonly height?: number;
  /** What the chart shows, for screen readers and tests. */
  readonly ariaLabel: string;
}

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
