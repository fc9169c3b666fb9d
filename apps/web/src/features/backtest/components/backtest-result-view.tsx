import { useMemo, useState } from 'react';
import { Alert, Badge, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { backtestCharts, type BacktestEvaluation } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { FigureCards, Section } from '../../analysis-runs/components/figures.tsx';
import { ParametersPanel } from '../../analysis-runs/components/parameters-panel.tsx';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { BACKTEST_MESSAGES as M } from '../messages.ts';

const ZONE_COLORS = { green: 'green', yellow: 'yellow', red: 'red' } as const;

/** The SPK verdict of Rehber §7.6.4: more than 3 exceptions -> review, more than 5 -> report. */
export function spkVerdict(
  e: Pick<BacktestEvaluation, 'spkReportRequired' | 'spkReviewRequired'>,
): { text: string; color: string } {
  if (e.spkReportRequired) return { text: M.spkReport, color: 'red' };
  if (e.spkReviewRequired) return { text: M.spkReview, color: 'orange' };
  return { text: M.spkOk, color: 'green' };
}

/** The result of a 'backtest' run: exceptions, Kupiec / Christoffersen tests, Basel zone, SPK verdict, chart. */
export function BacktestResultView({ run, result }: ResultViewProps<'backtest'>) {
  const [kind, setKind] = useState<'hypothetical' | 'actual'>('hypothetical');
  const evaluation = kind === 'actual' && result.actual ? result.actual : result.hypothetical;
  const useActual = kind === 'actual' && result.actual !== null;
  const charts = useMemo(() => backtestCharts(result, useActual), [result, useActual]);
  const spk = spkVerdict(evaluation);
  return (
    <Stack gap="md" data-testid="backtest-result">
      <ParametersPanel parameters={result.parameters} />
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700} size="lg">{`${result.portfolioCode} · ${result.portfolioName}`}</Text>
          <Text c="dimmed">{`${formatDate(result.fromDate)} – ${formatDate(result.toDate)}`}</Text>
        </Group>
        <SegmentedControl
          aria-label={M.pnlKind}
          value={kind}
          onChange={(v) => setKind(v as 'hypothetical' | 'actual')}
          data={[
            { value: 'hypothetical', label: M.hypothetical },
            { value: 'actual', label: M.actual, disabled: result.actual === null },
          ]}
        />
      </Group>
      {kind === 'actual' && result.actual === null && <Alert color="gray">{M.noActual}</Alert>}
      <FigureCards
        figures={[
          { label: M.observations, value: formatNumber(evaluation.observations, 0) },
          {
            label: M.exceptions,
            value: formatNumber(evaluation.exceptions, 0),
            hint: M.expected(formatNumber(evaluation.expectedExceptions, 1)),
            testId: 'exceptions',
          },
          {
            label: M.basel,
            value: M.baselZones[evaluation.baselZone],
            hint:
              evaluation.baselPlusFactor === null
                ? undefined
                : M.plusFactor(formatNumber(evaluation.baselPlusFactor, 2)),
            tone:
              evaluation.baselZone === 'green'
                ? 'ok'
                : evaluation.baselZone === 'yellow'
                  ? 'warning'
                  : 'breach',
          },
          {
            label: M.spk,
            value: M.spkCount(evaluation.spkExceptionsLast250),
            hint: spk.text,
            tone: evaluation.spkReportRequired
              ? 'breach'
              : evaluation.spkReviewRequired
                ? 'warning'
                : 'ok',
          },
        ]}
      />
      <Group gap="xs">
        <Badge
          color={ZONE_COLORS[evaluation.baselZone]}
          variant="filled"
          size="lg"
          data-testid="basel-zone"
        >
          {M.baselZones[evaluation.baselZone]}
        </Badge>
        <Badge color={spk.color} variant="light" size="lg" data-testid="spk-verdict">
          {spk.text}
        </Badge>
        <Text size="sm" c="dimmed">
          {evaluation.verdict}
        </Text>
      </Group>
      <Section title={M.tests}>
        <Table verticalSpacing={4} fz="sm" data-testid="backtest-tests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.test}</Table.Th>
              <Table.Th ta="right">{M.statistic}</Table.Th>
              <Table.Th ta="right">{M.pValue}</Table.Th>
              <Table.Th>{M.verdict}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(
              [
                [M.kupiec, evaluation.kupiec],
                [M.independence, evaluation.christoffersenIndependence],
                [M.conditional, evaluation.christoffersenConditional],
              ] as const
            ).map(([name, t]) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                <Table.Td ta="right">{formatNumber(t.statistic, 4)}</Table.Td>
                <Table.Td ta="right">{formatNumber(t.pValue, 4)}</Table.Td>
                <Table.Td>
                  <Badge color={t.rejected ? 'red' : 'green'} variant="light">
                    {t.rejected ? M.rejected : M.accepted}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={charts.pnl.title}>
        <EChart option={charts.pnl.option} height={380} ariaLabel={charts.pnl.title} />
      </Section>
      <Section title={charts.zone.title}>
        <EChart option={charts.zone.option} height={130} ariaLabel={charts.zone.title} />
      </Section>
      <Paper withBorder radius="md" p="sm">
        <Text fw={600} size="sm" mb={4}>
          {M.exceptionDates}
        </Text>
        <Text size="sm" data-testid="exception-dates">
          {evaluation.exceptionDates.length === 0
            ? M.noExceptions
            : evaluation.exceptionDates.map((d) => formatDate(d)).join(', ')}
        </Text>
      </Paper>
      {Object.entries(result.tables).map(([name, table]) => (
        <ResultTablePanel key={name} runId={run.id} name={name} table={table} />
      ))}
    </Stack>
  );
}
