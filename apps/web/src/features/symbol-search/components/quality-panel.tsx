import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import {
  MARKET_SERIES_KIND_LABELS,
  QUALITY_FILTER_LABELS,
  type MarketSeriesKind,
  type QualityFilter,
} from '@fonrisk/contracts';
import { CompactTable, NUMERIC_CELL } from '../../../components/ui/compact-table.tsx';
import { usePagedRows } from '../../../components/ui/paged-rows.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useSeriesQuality } from '../api/get-series-quality.ts';
import { useSeriesQualityDetail } from '../api/get-series-quality-detail.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';
import { labelOptions } from '../../../components/forms/field-values.ts';

function QualityDetail({ ticker }: { ticker: string }) {
  const detail = useSeriesQualityDetail(ticker);
  const d = detail.data;
  if (!d) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="quality-detail">
      <Text fw={600} mb="xs">
        {ticker}
      </Text>
      <Group align="flex-start" grow>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {M.gapDates} ({d.gaps})
          </Text>
          <Text size="xs">
            {d.gapDates.length ? d.gapDates.map(formatDate).join(', ') : M.none}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {M.staleRunsTitle} ({d.staleRuns})
          </Text>
          {d.staleRunList.length === 0 && <Text size="xs">{M.none}</Text>}
          {d.staleRunList.map((r) => (
            <Text size="xs" key={r.from}>
              {M.runLabel(formatDate(r.from), formatDate(r.to), r.days)}
            </Text>
          ))}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {M.jumpsTitle} ({d.jumps})
          </Text>
          {d.jumpList.length === 0 && <Text size="xs">{M.none}</Text>}
          {d.jumpList.slice(0, 50).map((j) => (
            <Text size="xs" key={j.date}>
              {M.jumpLabel(
                formatDate(j.date),
                formatNumber(j.previous, 4),
                formatNumber(j.value, 4),
                formatNumber(j.move, 2),
              )}
            </Text>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Data quality of every active series, filterable by kind and by problem. */
export function QualityPanel() {
  const [kind, setKind] = useState<MarketSeriesKind | null>(null);
  const [filter, setFilter] = useState<QualityFilter | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const quality = useSeriesQuality(kind, filter);
  const rows = quality.data ?? [];
  // Every active series of a house (3,001 in the night bench's), a page at a time (decision 0130).
  const page = usePagedRows(rows, 'quality-table');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {M.qualityIntro}
      </Text>
      <Group>
        <Select
          label={M.qualityKind}
          placeholder={M.allKinds}
          data={labelOptions(MARKET_SERIES_KIND_LABELS)}
          value={kind}
          onChange={(v) => setKind(v as MarketSeriesKind | null)}
          clearable
          w={240}
          data-testid="quality-kind"
        />
        <Select
          label={M.qualityFilter}
          placeholder={M.allSeries}
          data={labelOptions(QUALITY_FILTER_LABELS)}
          value={filter}
          onChange={(v) => setFilter(v as QualityFilter | null)}
          clearable
          w={260}
          data-testid="quality-filter"
        />
      </Group>
      {quality.isError && <Alert color="gray">{M.noQualityRows}</Alert>}
      {quality.isSuccess && rows.length === 0 && <Text c="dimmed">{M.noQualityRows}</Text>}
      {rows.length > 0 && (
        <CompactTable
          columns={[
            { label: M.ticker },
            { label: M.lastDate },
            { label: M.staleDays, numeric: true },
            { label: M.gaps, numeric: true },
            { label: M.staleRuns, numeric: true },
            { label: M.jumps, numeric: true },
            {},
          ]}
          maxHeight={420}
          testId="quality-table"
        >
          {page.rows.map((q) => (
            <Table.Tr key={q.ticker} bg={selected === q.ticker ? 'blue.0' : undefined}>
              <Table.Td fw={600}>{q.ticker}</Table.Td>
              <Table.Td>{formatDate(q.lastDate)}</Table.Td>
              <Table.Td style={NUMERIC_CELL}>{q.staleDays}</Table.Td>
              <Table.Td style={NUMERIC_CELL}>
                {q.gaps > 0 ? <Badge color="orange">{q.gaps}</Badge> : 0}
              </Table.Td>
              <Table.Td style={NUMERIC_CELL}>
                {q.staleRuns > 0 ? <Badge color="yellow">{q.staleRuns}</Badge> : 0}
              </Table.Td>
              <Table.Td style={NUMERIC_CELL}>
                {q.jumps > 0 ? <Badge color="red">{q.jumps}</Badge> : 0}
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="light" onClick={() => setSelected(q.ticker)}>
                  {M.details}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </CompactTable>
      )}
      {page.pager}
      {selected !== null && <QualityDetail key={selected} ticker={selected} />}
    </Stack>
  );
}
