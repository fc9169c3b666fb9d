import { useMemo, useState } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SeriesSummary } from '@fonrisk/contracts';
import { DatedLineChart } from '../../../components/charts/line-chart.tsx';
import { DateRangeControl, type DateRange } from '../../../components/dates/date-range-control.tsx';
import { presetStart } from '../../../components/dates/date-range.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSeriesValues } from '../api/get-series-values.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';

/** One series' values over a chosen period as a line chart (one year back from its last value by default). */
export function SeriesChartPanel({ series }: { series: SeriesSummary }) {
  const end = series.lastDate ?? '';
  const start = series.firstDate ?? '';
  const [range, setRange] = useState<DateRange>({ from: presetStart(end, '1Y') ?? start, to: end });
  const values = useSeriesValues(series.ticker, range.from || null, range.to || null);
  const points = useMemo(
    () => (values.data ?? []).map((v) => [v.date, v.value] as const),
    [values.data],
  );
  const chartSeries = useMemo(() => [{ name: series.ticker, points }], [series.ticker, points]);
  const first = points[0]?.[1];
  const last = points[points.length - 1]?.[1];
  const digits = series.kind === 'price' || series.kind === 'index' ? 2 : 4;

  return (
    <Paper withBorder p="md" radius="md" data-testid="series-chart">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>{M.chartTitle(series.ticker, series.name)}</Title>
            <Text size="xs" c="dimmed">
              {M.points(points.length)}
              {last !== undefined && ` · ${M.lastValue}: ${formatNumber(last, digits)}`}
              {first !== undefined &&
                last !== undefined &&
                first !== 0 &&
                ` · ${M.change}: %${formatNumber((last / first - 1) * 100)}`}
            </Text>
          </div>
          {end !== '' && (
            <DateRangeControl end={end} start={start} value={range} onChange={setRange} />
          )}
        </Group>
        {values.isSuccess && points.length === 0 ? (
          <Alert color="gray">{M.noValues}</Alert>
        ) : (
          <DatedLineChart
            series={chartSeries}
            digits={digits}
            height={380}
            ariaLabel={M.chartLabel(series.ticker)}
          />
        )}
      </Stack>
    </Paper>
  );
}
