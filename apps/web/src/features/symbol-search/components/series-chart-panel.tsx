import { useMemo, useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { PRICE_BASIS_LABELS, type PriceBasis, type SeriesSummary } from '@fonrisk/contracts';
import { DatedLineChart } from '../../../components/charts/line-chart.tsx';
import { DateRangeControl, type DateRange } from '../../../components/dates/date-range-control.tsx';
import { presetStart } from '../../../components/dates/date-range.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useDerivedValues } from '../api/get-derived-values.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';

const BASIS_OPTIONS = (Object.keys(PRICE_BASIS_LABELS) as PriceBasis[]).map((value) => ({
  value,
  label: PRICE_BASIS_LABELS[value].replace(/ \(.*\)$/, ''),
}));

/**
 * One series' values over a chosen period as a line chart (one year back from its last value by
 * default); a price series can be shown raw, adjusted for capital actions, or as total return.
 */
export function SeriesChartPanel({ series }: { series: SeriesSummary }) {
  const end = series.lastDate ?? '';
  const start = series.firstDate ?? '';
  const [range, setRange] = useState<DateRange>({ from: presetStart(end, '1Y') ?? start, to: end });
  const [basis, setBasis] = useState<PriceBasis>('raw');
  const values = useDerivedValues(series.ticker, range.from || null, range.to || null);
  const points = useMemo(
    () => (values.data ?? []).map((v) => [v.date, v[basis]] as const),
    [values.data, basis],
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
          <Group align="flex-end">
            {series.kind === 'price' && (
              <SegmentedControl
                size="xs"
                aria-label={M.basis}
                data={BASIS_OPTIONS}
                value={basis}
                onChange={(v) => setBasis(v as PriceBasis)}
                data-testid="price-basis"
              />
            )}
            {end !== '' && (
              <DateRangeControl end={end} start={start} value={range} onChange={setRange} />
            )}
          </Group>
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
