import { useMemo, useState } from 'react';
import {
  Alert,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useHoldings } from './api/get-holdings.ts';
import { GroupSummaryTable } from './group-summary-table.tsx';
import { HoldingsGrid } from './holdings-grid.tsx';
import { GroupBy, groupSummary } from './holdings-math.ts';
import { HOLDINGS_MESSAGES } from './messages.ts';

const GROUP_OPTIONS = [
  { value: GroupBy.Type, label: HOLDINGS_MESSAGES.groupByType },
  { value: GroupBy.Issuer, label: HOLDINGS_MESSAGES.groupByIssuer },
  { value: GroupBy.Currency, label: HOLDINGS_MESSAGES.groupByCurrency },
];

/** One snapshot: NAV, the holdings grid and the group summary (type, issuer or currency). */
export function HoldingsPanel({
  code,
  date,
  stateKey,
}: {
  code: string;
  date: string;
  stateKey: string;
}) {
  const holdings = useHoldings(code, date);
  const [groupBy, setGroupBy] = useState<GroupBy>(GroupBy.Type);
  const snapshot = holdings.data;
  const groups = useMemo(
    () => (snapshot ? groupSummary(snapshot.rows, groupBy, snapshot.nav) : []),
    [snapshot, groupBy],
  );

  if (holdings.isError) return <Alert color="gray">{HOLDINGS_MESSAGES.holdingsUnavailable}</Alert>;
  if (!snapshot) return null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure
          label={HOLDINGS_MESSAGES.nav}
          value={`${formatNumber(snapshot.nav)} ${snapshot.currency}`}
          testId="holdings-nav"
        />
        <Figure label={HOLDINGS_MESSAGES.snapshotDate} value={formatDate(snapshot.portfolioDate)} />
        <Figure
          label={HOLDINGS_MESSAGES.groupCount}
          value={formatNumber(snapshot.rows.length, 0)}
        />
      </SimpleGrid>
      <HoldingsGrid rows={snapshot.rows} stateKey={stateKey} />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={4}>{HOLDINGS_MESSAGES.groupSummaryTitle}</Title>
          <SegmentedControl
            size="xs"
            aria-label={HOLDINGS_MESSAGES.groupBy}
            data={GROUP_OPTIONS}
            value={groupBy}
            onChange={(v) => setGroupBy(v as GroupBy)}
          />
        </Group>
        <GroupSummaryTable rows={groups} />
      </Paper>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}
