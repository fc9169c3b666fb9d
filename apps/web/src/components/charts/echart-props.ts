// The props of the lazy chart wrapper and its implementation, apart so that neither imports the
// other's module for a type (decision 0054).
import type { EChartsCoreOption } from 'echarts/core';

export interface EChartProps {
  /**
   * A complete ECharts option (plain JSON from the option builders of @fonrisk/contracts, units
   * declared; formatted in tr-TR when drawn); memoise it.
   */
  readonly option: EChartsCoreOption;
  readonly height?: number;
  /** What the chart shows, for screen readers and tests. */
  readonly ariaLabel: string;
}
