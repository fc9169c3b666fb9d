import { useState } from 'react';
import { Alert, Button, Grid, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { RETURN_FREQUENCY_LABELS, type FetchResult } from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { useSeries } from '../../../components/series-select/get-series.ts';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { fundStatisticsResultScreen } from './fund-statistics-page.tsx';
import { initialFundStatsForm, validateFundStatsForm } from './fund-stats-form-model.ts';
import { useFetchTefasPrices } from '../api/fetch-tefas-prices.ts';
import { TEFAS_COMPARE_MESSAGES as M } from '../tefas-compare-messages.ts';

type Frequency = keyof typeof RETURN_FREQUENCY_LABELS;

/**
 * `tefas-compare` (keep-state): funds from the stored copy of TEFAS fund prices (or any typed
 * code), missing prices fetched through the issue 4 connector (never overwriting stored history
 * silently), then a 'fund-statistics' run at the chosen frequency shown side by side.
 */
export function TefasComparePage() {
  const form = useRunForm('fund-statistics', () => initialFundStatsForm(), validateFundStatsForm);
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [outcome, setOutcome] = useState<
    { kind: 'fetched'; result: FetchResult } | { kind: 'unreachable' } | null
  >(null);
  const list = useSeries('', 'price');
  const fetcher = useFetchTefasPrices();
  const state = form.state;
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
        data={(list.data ?? []).map((s) => ({ value: s.ticker, label: `${s.ticker} · ${s.name}` }))}
        value={state.fundCodes}
        onChange={(codes) => form.change({ fundCodes: codes.map((c) => c.trim().toUpperCase()) })}
        error={form.errors.fundCodes}
        clearable
        data-testid="tefas-funds"
      />
      <Grid gutter="sm">
        <Grid.Col span={6}>
          <DateField
            label={M.fromDate}
            value={state.fromDate}
            onChange={(fromDate) => form.change({ fromDate })}
            error={form.errors.fromDate}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DateField
            label={M.toDate}
            value={state.toDate}
            onChange={(toDate) => form.change({ toDate })}
            error={form.errors.toDate}
          />
        </Grid.Col>
      </Grid>
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
