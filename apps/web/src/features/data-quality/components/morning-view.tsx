import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DATA_QUALITY_CHECK_LABELS,
  RUN_STATUS_LABELS,
  findRoute,
  formatPercentPoints,
  type DataQualityFinding,
  type DataQualityResponse,
  type FundDataQuality,
} from '@fonrisk/contracts';
import { useCanOpen } from '../../../components/permissions/use-can-open.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useDataQuality } from '../api/get-data-quality.ts';
import { FINDINGS_SHOWN } from '../findings-shown.ts';
import { DATA_QUALITY_MESSAGES as M } from '../messages.ts';

const pct = (points: number): string => formatPercentPoints(points, 2, 0);

/** A link to the screen that fixes a line, offered only to users who may open it. */
function ScreenLink({
  route,
  label,
  query = '',
}: {
  route: string;
  label: string;
  query?: string;
}) {
  const canOpen = useCanOpen(route);
  if (!canOpen) return null;
  return (
    <Anchor component={Link} to={`/${route}${query}`} size="sm">
      {label}
    </Anchor>
  );
}

function FindingLine({ f }: { f: DataQualityFinding }) {
  const screen = findRoute(f.fixRoute)?.title ?? f.fixRoute;
  return (
    <Stack gap={2} data-testid="dq-finding" data-check={f.check}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={f.severity === 'refuse' ? 'red' : 'orange'} variant="light" miw={150}>
          {DATA_QUALITY_CHECK_LABELS[f.check]}
        </Badge>
        <Text size="sm">{f.message}</Text>
      </Group>
      <Group gap="sm" pl={158}>
        {f.severity === 'refuse' && (
          <Text size="xs" c="red">
            {M.refuse}
          </Text>
        )}
        <ScreenLink route={f.fixRoute} label={M.fix(screen)} />
      </Group>
    </Stack>
  );
}

function FundRow({ fund }: { fund: FundDataQuality }) {
  const [all, setAll] = useState(false);
  const hidden = all ? 0 : Math.max(0, fund.findings.length - FINDINGS_SHOWN);
  return (
    // Top-aligned: the fund's name stays beside its first findings however many follow.
    <Table.Tr data-testid="dq-fund" data-code={fund.portfolioCode} style={{ verticalAlign: 'top' }}>
      <Table.Td>
        <Text fw={600} size="sm">
          {fund.portfolioCode}
        </Text>
        <Text size="xs" c="dimmed">
          {fund.portfolioName}
        </Text>
      </Table.Td>
      <Table.Td>
        {fund.holdingsArrived ? (
          <Badge color="green" variant="light">
            {M.arrived}
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            {M.notArrived(fund.holdingsDate === null ? null : formatDate(fund.holdingsDate))}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatNumber(fund.navFromHoldings)}</Text>
        <Text size="xs" c="dimmed">
          {formatNumber(fund.reportedNav)}
          {fund.navGapPct === null ? '' : ` (${pct(fund.navGapPct)})`}
        </Text>
      </Table.Td>
      <Table.Td>
        {fund.findings.length === 0 ? (
          <Text size="sm" c="green.8">
            {M.clean}
          </Text>
        ) : (
          <Stack gap="xs">
            {fund.findings.slice(0, fund.findings.length - hidden).map((f, i) => (
              <FindingLine key={i} f={f} />
            ))}
            {hidden > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                onClick={() => {
                  setAll(true);
                }}
              >
                {M.moreFindings(hidden)}
              </Button>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The whole view from a response (the page part without the query, for tests). */
export function MorningViewContent({ data }: { data: DataQualityResponse }) {
  const s = data.settings;
  return (
    <Stack gap="md" data-testid="morning-view">
      <div>
        <Title order={2}>{M.title}</Title>
        <Text size="sm" data-testid="dq-today">
          {M.today(formatDate(data.today), data.todaySource === 'marketData')}
        </Text>
        <Text size="xs" c="dimmed">
          {M.tolerances(
            s.staleDays,
            formatNumber(s.jumpSigma, 1),
            pct(s.navTolerancePct),
            pct(s.unmappedTolerancePct),
          )}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="xs">
          {M.fundsTitle}
        </Text>
        {data.funds.length === 0 ? (
          <Text size="sm">{M.noFunds}</Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.colFund}</Table.Th>
                  <Table.Th>{M.colHoldings}</Table.Th>
                  <Table.Th ta="right">{M.colNav}</Table.Th>
                  <Table.Th>{M.colFindings}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.funds.map((f) => (
                  <FundRow key={f.portfolioCode} fund={f} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="dq-runs">
        <Text fw={600} mb="xs">
          {M.runsTitle(formatDate(data.since))}
        </Text>
        {data.runs.length === 0 ? (
          <Text size="sm">{M.noRuns}</Text>
        ) : (
          <Stack gap={6}>
            {data.runs.map((r) => (
              <Group key={r.id} gap="sm" wrap="nowrap">
                <StatusBadge status={r.status} labels={RUN_STATUS_LABELS} testId="dq-run-status" />
                <Text size="sm">
                  {r.title} · {r.portfolioCodes.join(', ')} ·{' '}
                  {formatDateTime(r.finishedAt ?? r.createdAt)}
                </Text>
                {r.error !== null && (
                  <Text size="xs" c="red" lineClamp={1}>
                    {r.error}
                  </Text>
                )}
                <ScreenLink route={r.route} label={M.open} query={`?run=${r.id}`} />
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="dq-breaches">
        <Text fw={600} mb="xs">
          {M.breachesTitle}
        </Text>
        {data.breaches.length === 0 ? (
          <Text size="sm">{M.noBreaches}</Text>
        ) : (
          <Stack gap={6}>
            {data.breaches.map((b, i) => (
              <Group key={i} gap="sm" wrap="nowrap">
                <Badge color={b.kind === 'limit' ? 'red' : 'grape'} variant="light" miw={110}>
                  {M.breachKind[b.kind]}
                </Badge>
                <Text size="sm">{b.message}</Text>
                <Text size="xs" c="dimmed">
                  {M.since(formatDate(b.since))}
                </Text>
                <ScreenLink route={b.route} label={M.open} />
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** The morning view on the home page of a signed-in user. */
export function MorningView() {
  const q = useDataQuality();
  if (q.isError) return <Alert color="gray">{M.unavailable}</Alert>;
  if (!q.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{M.loading}</Text>
      </Group>
    );
  return <MorningViewContent data={q.data} />;
}
