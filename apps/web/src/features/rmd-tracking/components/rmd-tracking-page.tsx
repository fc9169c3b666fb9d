import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  STATUS_COLORS,
  datedLinesOption,
  type RmdHistoryPoint,
  type RmdTrackingRow,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { LimitStatusBadge, Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { APPROACH_LABELS } from '../../analysis-runs/components/method-text.ts';
import { VarChangeSection } from '../../analysis-runs/components/var-change-section.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useRmdHistory, useRmdTracking } from '../api/get-rmd-tracking.ts';
import { RMD_TRACKING_MESSAGES as M } from '../messages.ts';
import { RunAllButton } from './run-all-button.tsx';

/** Cells whose content must stay on one line (status badges, amounts, the run link). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const ROW_BG: Partial<Record<RmdTrackingRow['status'], string>> = {
  breach: 'red.0',
  warning: 'yellow.0',
};

/** `rmd-tracking`: every portfolio's latest VaR against its limit, with a history chart per portfolio. */
export function RmdTrackingPage() {
  const tracking = useRmdTracking();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = tracking.data?.items ?? [];
  const count = (s: RmdTrackingRow['status']) => items.filter((i) => i.status === s).length;
  return (
    <Stack gap="md">
      <PageHeader path="rmd-tracking" subtitle={M.subtitle} actions={<RunAllButton />} />
      {tracking.isError && <Alert color="gray">{M.unavailable}</Alert>}
      {tracking.isSuccess && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" mb="xs">
            <Text size="sm" c="dimmed">
              {M.warningThreshold(formatPct(tracking.data.warningThresholdPct / 100, 0))}
            </Text>
            <Group gap="xs">
              <Badge color="green" variant="light">{`${count('ok')}`}</Badge>
              <Badge color="orange" variant="light">{`${count('warning')}`}</Badge>
              <Badge color="red" variant="filled">{`${count('breach')}`}</Badge>
              <Text size="xs" c="dimmed">
                {M.counts(count('ok'), count('warning'), count('breach'))}
              </Text>
            </Group>
          </Group>
          {items.length === 0 ? (
            <Text c="dimmed">{M.empty}</Text>
          ) : (
            <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="rmd-tracking-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.colPortfolio}</Table.Th>
                  <Table.Th>{M.colApproach}</Table.Th>
                  <Table.Th>{M.colDate}</Table.Th>
                  <Table.Th ta="right">{M.colVarTry}</Table.Th>
                  <Table.Th ta="right">{M.colVarPct}</Table.Th>
                  <Table.Th ta="right">{M.colLimit}</Table.Th>
                  <Table.Th ta="right">{M.colUsage}</Table.Th>
                  <Table.Th>{M.colStatus}</Table.Th>
                  <Table.Th ta="right">{M.colDaysInBreach}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr
                    key={row.portfolioCode}
                    bg={row.portfolioCode === chosen ? 'blue.0' : ROW_BG[row.status]}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setChosen(row.portfolioCode)}
                    data-status={row.status}
                  >
                    <Table.Td>
                      <Text size="sm" fw={600} span>
                        {row.portfolioCode}
                      </Text>{' '}
                      <Text size="xs" c="dimmed" span>
                        {row.portfolioName}
                      </Text>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{APPROACH_LABELS[row.approach]}</Table.Td>
                    <Table.Td>{formatDate(row.asOfDate)}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {formatTry(row.varTry, 0)}
                    </Table.Td>
                    <Table.Td ta="right">{formatPct(row.varPct)}</Table.Td>
                    <Table.Td ta="right">{formatPct(row.limitPct)}</Table.Td>
                    <Table.Td
                      ta="right"
                      fw={600}
                      c={row.status === 'noData' ? undefined : STATUS_COLORS[row.status]}
                    >
                      {formatPct(row.usage, 1)}
                    </Table.Td>
                    <Table.Td style={{ ...NOWRAP, minWidth: 120 }}>
                      {row.status === 'noData' ? (
                        <Text size="xs" c="dimmed">
                          {M.noData}
                        </Text>
                      ) : (
                        <LimitStatusBadge status={row.status} />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(row.daysInBreach, 0)}</Table.Td>
                    <Table.Td style={NOWRAP}>
                      {row.runId && (
                        <Anchor
                          component={Link}
                          to={`/var-analysis-result?run=${row.runId}`}
                          size="xs"
                          onClick={(e) => e.stopPropagation()}
                        >
                          {M.openRun}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
      {chosen === null ? (
        <Text c="dimmed" size="sm">
          {M.chooseRow}
        </Text>
      ) : (
        <History code={chosen} />
      )}
    </Stack>
  );
}

function History({ code }: { code: string }) {
  const history = useRmdHistory(code);
  const items = history.data?.items ?? [];
  return (
    <Section title={M.historyTitle(code)}>
      {history.isSuccess && items.length === 0 ? (
        <Text c="dimmed">{M.historyEmpty}</Text>
      ) : (
        <EChart
          option={datedLinesOption(
            [
              {
                name: M.historyVar,
                points: items.map((p) => [p.date, p.varPct] as const),
                color: '#1c7ed6',
              },
              {
                name: M.historyLimit,
                points: items.map((p) => [p.date, p.limitPct] as const),
                dashed: true,
                color: STATUS_COLORS.breach,
              },
            ],
            { unit: 'fraction' },
          )}
          height={320}
          ariaLabel={M.historyTitle(code)}
        />
      )}
      {history.isSuccess && (
        <UsageMoves code={code} items={items} abovePoints={history.data.explainAbovePoints} />
      )}
    </Section>
  );
}

/** Every day the usage moved by more than the setting, each explained on demand. */
function UsageMoves({
  code,
  items,
  abovePoints,
}: {
  code: string;
  items: readonly RmdHistoryPoint[];
  abovePoints: number;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const points = formatNumber(abovePoints, abovePoints % 1 === 0 ? 0 : 1);
  const moves = items.flatMap((p, i) => {
    const previous = items[i - 1];
    return p.explain && previous !== undefined ? [{ point: p, previous }] : [];
  });
  return (
    <Stack gap="xs" mt="sm" data-testid="rmd-usage-moves">
      <Text size="sm" fw={600}>
        {moves.length === 0 ? M.movesNone(points) : M.movesTitle(points)}
      </Text>
      {moves.map(({ point, previous }) => (
        <Stack key={point.date} gap={4}>
          <Group gap="xs">
            <Text size="sm">
              {M.move(
                formatDate(point.date),
                formatDate(previous.date),
                `${(point.usageChangePoints ?? 0) > 0 ? '+' : ''}${formatNumber(point.usageChangePoints, 1)}`,
              )}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setOpen(open === point.date ? null : point.date)}
            >
              {open === point.date ? M.hide : M.explain}
            </Button>
          </Group>
          {open === point.date && (
            <VarChangeSection portfolioCode={code} from={previous.date} to={point.date} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
