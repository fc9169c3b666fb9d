import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { lineChartOption } from './chart-options.ts';
import type { LineChartProps } from './line-chart.tsx';

// Only the pieces the screens draw: line series on a grid with tooltip, legend and zoom.
echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/** ECharts, loaded only with the screens that chart (see line-chart.tsx). */
export default function LineChartImpl({ series, height = 360, digits, ariaLabel }: LineChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (element.current === null) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
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
    chart.current?.setOption(lineChartOption(series, digits), { notMerge: true });
  }, [series, digits]);

  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label={ariaLabel} />;
}
