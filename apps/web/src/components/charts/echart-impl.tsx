import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import {
  BarChart,
  GaugeChart,
  HeatmapChart,
  LineChart,
  PieChart,
  ScatterChart,
  TreemapChart,
} from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';
import langTR from 'echarts/lib/i18n/langTR.js';
import { prepareChartOption } from '@fonrisk/contracts';
import type { EChartProps } from './echart-props.ts';

// Only what the screens draw (analysis results, dated series): ECharts stays a lazy chunk of about
// 200 kB gzip instead of the whole library.
echarts.use([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  ScatterChart,
  HeatmapChart,
  TreemapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  VisualMapComponent,
  // Point labels that would overlap are left out (labelLayout.hideOverlap, chart-layout.ts).
  LabelLayout,
  CanvasRenderer,
]);
// ECharts' own Turkish texts (month names "Eki", "Kas" on time axes).
echarts.registerLocale('TR', langTR);

/** One chart's lifecycle: created on mount, resized with its box, option replaced as a whole, disposed on unmount. */
export default function EChartImpl({ option, height = 320, ariaLabel }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (element.current === null) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas', locale: 'TR' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // The same layout and tr-TR formatters as the PDF's charts (decision 0058).
    chart.current?.setOption(prepareChartOption(option), { notMerge: true });
  }, [option]);

  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label={ariaLabel} />;
}
