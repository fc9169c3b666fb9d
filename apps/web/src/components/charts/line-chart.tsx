import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { ChartSeries } from './chart-options.ts';

export interface LineChartProps {
  readonly series: readonly ChartSeries[];
  readonly height?: number;
  /** Decimals of values on the axis and in the tooltip. */
  readonly digits?: number;
  readonly ariaLabel: string;
}

// ECharts (about 190 kB gzip with selective imports) loads with the first chart shown.
const LineChartImpl = lazy(() => import('./line-chart-impl.tsx'));

/** A dated line chart (ECharts), loaded lazily. */
export function DatedLineChart(props: LineChartProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 360}>
          <Loader size="sm" />
        </Center>
      }
    >
      <LineChartImpl {...props} />
    </Suspense>
  );
}
