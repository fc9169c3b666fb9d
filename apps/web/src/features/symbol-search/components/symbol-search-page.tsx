import { useState } from 'react';
import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CompactTable, NUMERIC_CELL } from '../../../components/ui/compact-table.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  MARKET_SERIES_KIND_LABELS,
  type SeriesSummary,
} from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useSymbolSearch } from '../api/search.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import type { ReactNode } from 'react';
import { CalendarPanel } from './calendar-panel.tsx';
import { CorporateActionsPanel } from './corporate-actions-panel.tsx';
import { QualityPanel } from './quality-panel.tsx';
import { SeriesChartPanel } from './series-chart-panel.tsx';
import { SeriesForm } from './series-form.tsx';

/**
 * symbol-search: instruments and series by code, ISIN or name (a chosen series is charted raw,
 * adjusted or as total return); series created, edited and retired; price files uploaded; data
 * quality per series; corporate actions per instrument; the business-day calendar.
 */
export function SymbolSearchPage({
  renderUpload,
}: {
  /** The price upload dialog (the portfolios feature's upload panel, composed in app/). */
  renderUpload: (onClose: () => void) => ReactNode;
}) {
  const canWrite = useCanWrite();
  const [tab, setTab] = useState<string | null>('search');
  const [editing, setEditing] = useState<SeriesSummary | 'new' | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <Stack gap="md">
      <PageHeader
        path="symbol-search"
        subtitle={M.subtitle}
        actions={
          canWrite && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setUploading(true)}>
                {M.uploadPrices}
              </Button>
              <Button onClick={() => setEditing('new')}>{M.newSeries}</Button>
            </Group>
          )
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="search">{M.tabSearch}</Tabs.Tab>
          <Tabs.Tab value="quality">{M.tabQuality}</Tabs.Tab>
          <Tabs.Tab value="actions">{M.tabActions}</Tabs.Tab>
          <Tabs.Tab value="calendar">{M.tabCalendar}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="search" pt="md">
          <SearchTab canWrite={canWrite} onEdit={setEditing} />
        </Tabs.Panel>
        <Tabs.Panel value="quality" pt="md">
          <QualityPanel />
        </Tabs.Panel>
        <Tabs.Panel value="actions" pt="md">
          <CorporateActionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pt="md">
          <CalendarPanel />
        </Tabs.Panel>
      </Tabs>
      {editing !== null && (
        <SeriesForm series={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {uploading &&
        renderUpload(() => {
          setUploading(false);
        })}
    </Stack>
  );
}

function SearchTab({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  onEdit: (series: SeriesSummary) => void;
}) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const results = useSymbolSearch(query);
  const [selected, setSelected] = useState<SeriesSummary | null>(null);
  const data = results.data;

  return (
    <Stack gap="md">
      <TextInput
        label={M.search}
        placeholder={M.searchPlaceholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        w={460}
        data-autofocus
      />
      {query.trim().length < 2 && (
        <Text size="sm" c="dimmed">
          {M.typeToSearch}
        </Text>
      )}
      {data && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <Paper withBorder p="sm" radius="md" h="100%">
              <Title order={4} mb="xs">
                {M.instruments} <Badge variant="light">{data.instruments.length}</Badge>
              </Title>
              {data.instruments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {M.noInstruments}
                </Text>
              ) : (
                <CompactTable
                  columns={[
                    { label: M.code },
                    { label: M.name },
                    { label: M.mainType },
                    { label: M.isin },
                    { label: M.currency },
                  ]}
                  maxHeight={320}
                  testId="instrument-results"
                  highlightOnHover={false}
                >
                  {data.instruments.map((i) => (
                    <Table.Tr key={i.code}>
                      <Table.Td fw={600}>{i.code}</Table.Td>
                      <Table.Td>{i.name}</Table.Td>
                      <Table.Td>{INSTRUMENT_MAIN_TYPE_LABELS[i.mainType]}</Table.Td>
                      <Table.Td>{i.isin ?? ''}</Table.Td>
                      <Table.Td>{i.currency}</Table.Td>
                    </Table.Tr>
                  ))}
                </CompactTable>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <Paper withBorder p="sm" radius="md" h="100%">
              <Title order={4} mb="xs">
                {M.series} <Badge variant="light">{data.series.length}</Badge>
              </Title>
              {data.series.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {M.noSeries}
                </Text>
              ) : (
                <CompactTable
                  columns={[
                    { label: M.ticker },
                    { label: M.name },
                    { label: M.kind },
                    { label: M.currency },
                    { label: M.firstDate },
                    { label: M.lastDate },
                    { label: M.count, numeric: true },
                    {},
                  ]}
                  maxHeight={320}
                  testId="series-results"
                >
                  {data.series.map((s) => (
                    <Table.Tr
                      key={s.ticker}
                      bg={selected?.ticker === s.ticker ? 'blue.0' : undefined}
                    >
                      <Table.Td fw={600}>
                        {s.ticker}{' '}
                        {s.retired && (
                          <Badge size="xs" color="gray">
                            {M.retiredBadge}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{MARKET_SERIES_KIND_LABELS[s.kind]}</Table.Td>
                      <Table.Td>{s.currency}</Table.Td>
                      <Table.Td>{formatDate(s.firstDate)}</Table.Td>
                      <Table.Td>{formatDate(s.lastDate)}</Table.Td>
                      <Table.Td style={NUMERIC_CELL}>{formatNumber(s.count, 0)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => setSelected(s)}
                            disabled={s.count === 0}
                          >
                            {M.showChart}
                          </Button>
                          {canWrite && (
                            <Button size="compact-xs" variant="default" onClick={() => onEdit(s)}>
                              {M.edit}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </CompactTable>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
      {selected !== null && <SeriesChartPanel key={selected.ticker} series={selected} />}
    </Stack>
  );
}
