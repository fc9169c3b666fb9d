import { useMemo, useState } from 'react';
import { Alert, Paper, Group, Stack, Text, Title } from '@mantine/core';
import { DatedLineChart } from '../../../components/charts/line-chart.tsx';
import { DateRangeControl, type DateRange } from '../../../components/dates/date-range-control.tsx';
import { presetStart, todayIso } from '../../../components/dates/date-range.ts';
import { formatNumber } from '../../../lib/format.ts';
import { PRICE_BASIS_LABELS, type BenchmarkKind } from '@fonrisk/contracts';
import { useBenchmarkReturns } from '../api/get-benchmark-returns.ts';
import { BENCHMARK_MESSAGES as M } from '../messages.ts';
import { UnmappedWarning } from './unmapped-warning.tsx';

/**
 * The benchmark's return series computed by the API, charted as its cumulative index (100 at the
 * start); for a holdings benchmark, the positions carried at a zero return are listed above it.
 */
export function BenchmarkReturnsPanel({ code, kind }: { code: string; kind: BenchmarkKind }) {
  const end = todayIso();
  const start = presetStart(end, '3Y') ?? end;
  const [range, setRange] = useState<DateRange>({ from: presetStart(end, '1Y') ?? start, to: end });
  const returns = useBenchmarkReturns(code, range.from, range.to);
  const points = useMemo(
    () => (returns.data?.points ?? []).map((p) => [p.date, p.index] as const),
    [returns.data],
  );
  const series = useMemo(() => [{ name: code, points }], [code, points]);
  const last = points[points.length - 1]?.[1];

  return (
    <Paper withBorder p="md" radius="md" data-testid="benchmark-returns">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={4}>{M.returnsTitle(code)}</Title>
            {last !== undefined && (
              <Text size="xs" c="dimmed">
                {M.periodReturn}: %{formatNumber(last - 100)}
              </Text>
            )}
          </div>
          <DateRangeControl end={end} start={start} value={range} onChange={setRange} />
        </Group>
        {returns.data && (
          <Text size="xs" c="dimmed" data-testid="benchmark-price-basis">
            {M.priceBasis(PRICE_BASIS_LABELS[returns.data.priceBasis])}
          </Text>
        )}
        {returns.isError && <Alert color="gray">{M.returnsUnavailable}</Alert>}
        {returns.isSuccess && points.length === 0 && (
          <Alert color="gray">
            {kind === 'holdings' ? M.returnsEmptyHoldings : M.returnsEmpty}
          </Alert>
        )}
        {returns.data && <UnmappedWarning unmapped={returns.data.unmapped} />}
        {points.length > 0 && (
          <DatedLineChart series={series} digits={2} height={340} ariaLabel={M.chartLabel(code)} />
        )}
      </Stack>
    </Paper>
  );
}
