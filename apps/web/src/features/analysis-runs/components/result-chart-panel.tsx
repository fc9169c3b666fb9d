import { useRef } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { fileNameStem, type ResultChart } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useExportRunTable } from '../api/export-run-table.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

/** The chart's picture as a PNG data URL (ECharts getDataURL on the drawn instance), or null. */
export async function chartPng(element: HTMLElement | null): Promise<string | null> {
  const target = element?.querySelector<HTMLDivElement>('[role="img"]') ?? null;
  if (target === null) return null;
  const echarts = await import('echarts/core');
  const instance = echarts.getInstanceByDom(target);
  return instance
    ? instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' })
    : null;
}

/** A file name from a chart title: letters, digits and dashes. */
export function pngFileName(title: string): string {
  return `${fileNameStem(title).toLowerCase() || 'grafik'}.png`;
}

interface ResultChartPanelProps {
  readonly runId: string;
  readonly chart: ResultChart;
  /** The key in `result.tables` holding the chart's data (its Excel export). */
  readonly tableName: string;
  readonly height?: number;
  readonly testId: string;
}

/**
 * One stored result chart (a plain ECharts option) with its two downloads: the picture as PNG
 * and its data table as Excel (the run's table export).
 */
export function ResultChartPanel({
  runId,
  chart,
  tableName,
  height,
  testId,
}: ResultChartPanelProps) {
  const box = useRef<HTMLDivElement>(null);
  const exporter = useExportRunTable();
  const savePng = async (): Promise<void> => {
    const url = await chartPng(box.current);
    if (url === null) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = pngFileName(chart.title);
    link.click();
    toastStore.show('success', ANALYSIS_MESSAGES.exported(link.download));
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} ref={box}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {chart.title}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void savePng()}
            aria-label={`${chart.title}: ${ANALYSIS_MESSAGES.savePng}`}
          >
            {ANALYSIS_MESSAGES.savePng}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(
                { runId, table: tableName },
                {
                  onSuccess: (file) =>
                    toastStore.show('success', ANALYSIS_MESSAGES.exported(file.fileName)),
                },
              )
            }
            aria-label={`${chart.title}: ${ANALYSIS_MESSAGES.exportExcel}`}
          >
            {ANALYSIS_MESSAGES.exportExcel}
          </Button>
        </Group>
      </Group>
      <EChart option={chart.option} height={height ?? 360} ariaLabel={chart.title} />
    </Paper>
  );
}
