import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Text,
} from '@mantine/core';
import {
  RETURN_FREQUENCY_LABELS,
  type FetchResult,
  type TefasFund,
  type TefasRiskValuesResult,
} from '@fonrisk/contracts';
import { DateRangeFields } from '../../../components/dates/period-fields.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { fundStatisticsResultScreen } from './fund-statistics-page.tsx';
import { initialFundStatsForm, validateFundStatsForm } from './fund-stats-form-model.ts';
import { useFetchTefasPrices } from '../api/fetch-tefas-prices.ts';
import { useRefreshTefasFunds, useTefasFunds } from '../api/get-tefas-funds.ts';
import { useImportRiskValues } from '../api/import-risk-values.ts';
import { TEFAS_COMPARE_MESSAGES as M } from '../tefas-compare-messages.ts';

type Frequency = keyof typeof RETURN_FREQUENCY_LABELS;

/**
 * `tefas-compare` (keep-state): funds from the TEFAS fund list (or its stored copy when TEFAS
 * cannot be reached, which the screen says; any typed code too) with their official risk value,
 * missing prices fetched through the issue 4 connector (never overwriting stored history
 * silently), then a 'fund-statistics' run at the chosen frequency shown side by side.
 */
export function TefasComparePage() {
  const form = useRunForm('fund-statistics', () => initialFundStatsForm(), validateFundStatsForm);
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [outcome, setOutcome] = useState<
    { kind: 'fetched'; result: FetchResult } | { kind: 'unreachable' } | null
  >(null);
  const funds = useTefasFunds();
  const refresh = useRefreshTefasFunds();
  const fetcher = useFetchTefasPrices();
  const state = form.state;
  const list = funds.data;
  const fetch = (acceptChanges: boolean): void =>
    fetcher.mutate(
      { fundCodes: state.fundCodes, from: state.fromDate, to: state.toDate, acceptChanges },
      {
        onSuccess: (result) => setOutcome({ kind: 'fetched', result }),
        onError: () => setOutcome({ kind: 'unreachable' }),
      },
    );
  return (
    <RunScreen form={form} messages={M} screen={fundStatisticsResultScreen} path="tefas-compare">
      <TagsInput
        label={M.funds}
        description={M.fundsHint}
        data={(list?.items ?? []).map((f) => ({
          value: f.fundCode,
          label: `${f.fundCode} · ${f.title}`,
        }))}
        value={state.fundCodes}
        onChange={(codes) =>
          // TagsInput adds an option's label ("DHS · Unvan"): the code is the part before " · ".
          form.change({
            fundCodes: [
              ...new Set(codes.map((c) => (c.split(' · ')[0] ?? '').trim().toUpperCase())),
            ].filter((c) => c !== ''),
          })
        }
        error={form.errors.fundCodes}
        clearable
        data-testid="tefas-funds"
      />
      <Group gap="xs" align="center">
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
          data-testid="tefas-refresh-list"
        >
          {M.refreshList}
        </Button>
        {list && (
          <Text
            size="xs"
            c={list.source === 'tefas' ? 'teal.8' : 'dimmed'}
            data-testid="tefas-list-source"
          >
            {list.source === 'tefas'
              ? M.listFromTefas(list.items.length)
              : M.listStored(
                  list.items.length,
                  list.fetchedAt ? formatDate(list.fetchedAt.slice(0, 10)) : '–',
                )}
          </Text>
        )}
      </Group>
      {list?.notice && (
        <Alert color="yellow" data-testid="tefas-list-notice">
          {list.notice}
        </Alert>
      )}
      <OfficialRiskValues
        funds={(list?.items ?? []).filter((f) => state.fundCodes.includes(f.fundCode))}
        codes={state.fundCodes}
      />
      <DateRangeFields
        fromDate={state.fromDate}
        toDate={state.toDate}
        onChange={form.change}
        errors={form.errors}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {M.frequency}
        </Text>
        <SegmentedControl
          aria-label={M.frequency}
          fullWidth
          value={frequency}
          onChange={(v) => {
            setFrequency(v as Frequency);
            form.change({ frequency: v as Frequency });
          }}
          data={Object.entries(RETURN_FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </div>
      <Button
        variant="light"
        onClick={() => fetch(false)}
        loading={fetcher.isPending}
        disabled={state.fundCodes.length === 0}
      >
        {M.fetch}
      </Button>
      <Stack gap={4}>
        {outcome === null && (
          <Text size="xs" c="dimmed">
            {M.storedCopy}
          </Text>
        )}
        {outcome?.kind === 'unreachable' && <Alert color="yellow">{M.unreachable}</Alert>}
        {outcome?.kind === 'fetched' && (
          <Text size="xs" c="teal.8">
            {M.fetched(outcome.result.inserted, outcome.result.unchanged)}
          </Text>
        )}
        {outcome?.kind === 'fetched' && outcome.result.changed.length > 0 && (
          <Alert color="orange">
            <Text size="sm">{M.changed(outcome.result.changed.length)}</Text>
            <Button
              size="compact-xs"
              mt={4}
              variant="outline"
              color="orange"
              onClick={() => fetch(true)}
            >
              {M.acceptChanges}
            </Button>
          </Alert>
        )}
      </Stack>
    </RunScreen>
  );
}

/**
 * The official risk value of the chosen funds (official_risk_values, issue 11) beside the one the
 * TEFAS list published, with the import of today's values from TEFAS (confirmation for a value
 * that would replace one stored for today).
 */
function OfficialRiskValues({
  funds,
  codes,
}: {
  funds: readonly TefasFund[];
  codes: readonly string[];
}) {
  const canWrite = useCanWrite();
  const importer = useImportRiskValues();
  const [outcome, setOutcome] = useState<TefasRiskValuesResult | 'unreachable' | null>(null);
  if (codes.length === 0) return null;
  const run = (acceptChanges: boolean) =>
    importer.mutate(
      { fundCodes: [...codes], acceptChanges },
      {
        onSuccess: (r) => setOutcome(r),
        onError: () => setOutcome('unreachable'),
      },
    );
  const dash = (x: string | number | null) => (x === null ? '–' : String(x));
  return (
    <Stack gap={4} data-testid="tefas-official-risk">
      <Text size="sm" fw={500}>
        {M.officialTitle}
      </Text>
      <Table withTableBorder striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.colFund}</Table.Th>
            <Table.Th>{M.colCategory}</Table.Th>
            <Table.Th>{M.colOfficial}</Table.Th>
            <Table.Th>{M.colOfficialDate}</Table.Th>
            <Table.Th>{M.colSource}</Table.Th>
            <Table.Th>{M.colListed}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => {
            const f = funds.find((x) => x.fundCode === code);
            return (
              <Table.Tr key={code}>
                <Table.Td title={f?.title}>{code}</Table.Td>
                <Table.Td>{dash(f?.category ?? null)}</Table.Td>
                <Table.Td data-testid={`official-risk-${code}`}>
                  {dash(f?.officialRiskValue ?? null)}
                </Table.Td>
                <Table.Td>{f?.officialRiskDate ? formatDate(f.officialRiskDate) : '–'}</Table.Td>
                <Table.Td>{dash(f?.officialRiskSource ?? null)}</Table.Td>
                <Table.Td>{dash(f?.listedRiskValue ?? null)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {canWrite && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => run(false)}
          loading={importer.isPending}
          data-testid="tefas-import-risk"
        >
          {M.importRisk}
        </Button>
      )}
      {outcome === 'unreachable' && <Alert color="yellow">{M.riskUnreachable}</Alert>}
      {outcome !== null && outcome !== 'unreachable' && (
        <Text size="xs" c="teal.8">
          {M.riskImported(outcome.inserted, outcome.unchanged, outcome.missing)}
          {outcome.classChanges.length > 0 &&
            ` ${M.riskClassChanges(
              outcome.classChanges.map((c) => `${c.fundCode} ${c.previous}→${c.now}`).join(', '),
            )}`}
        </Text>
      )}
      {outcome !== null && outcome !== 'unreachable' && outcome.changed.length > 0 && (
        <Alert color="orange">
          <Text size="sm">{M.riskChanged(outcome.changed.length)}</Text>
          <Button
            size="compact-xs"
            mt={4}
            variant="outline"
            color="orange"
            onClick={() => run(true)}
          >
            {M.acceptChanges}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
