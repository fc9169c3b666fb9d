import { Grid, NumberInput, TagsInput } from '@mantine/core';
import { DateRangeFields } from '../../../components/dates/period-fields.tsx';
import { useAnalysisPortfolios } from '../../analysis-runs/components/portfolio-select.tsx';
import { SeriesSelect } from '../../../components/series-select/series-select.tsx';
import { useSeries } from '../../../components/series-select/get-series.ts';
import { FUND_STATS_MESSAGES as M } from '../messages.ts';
import type { FundStatsFormField, FundStatsFormState } from './fund-stats-form-model.ts';
import { toNumber } from '../../../components/forms/field-values.ts';

interface Props {
  readonly state: FundStatsFormState;
  readonly onChange: (patch: Partial<FundStatsFormState>) => void;
  readonly errors: Partial<Record<FundStatsFormField, string>>;
}

/** The fund-statistics inputs: fund codes (own funds and stored TEFAS funds), period, benchmark, rf, confidence. */
export function FundStatsForm({ state, onChange, errors }: Props) {
  const portfolios = useAnalysisPortfolios();
  const prices = useSeries('birim pay', 'price');
  const suggestions = [
    ...new Set([
      ...(portfolios.data ?? []).filter((p) => p.kind === 'fund').map((p) => p.code),
      ...(prices.data ?? []).map((s) => s.ticker),
    ]),
  ];
  return (
    <>
      <TagsInput
        label={M.funds}
        description={M.fundsHint}
        data={suggestions}
        value={state.fundCodes}
        onChange={(codes) => onChange({ fundCodes: codes.map((c) => c.trim().toUpperCase()) })}
        error={errors.fundCodes}
        clearable
        data-testid="fund-codes"
      />
      <DateRangeFields
        fromDate={state.fromDate}
        toDate={state.toDate}
        onChange={onChange}
        errors={errors}
      />
      <SeriesSelect
        label={M.benchmark}
        placeholder={M.benchmarkPlaceholder}
        value={state.benchmarkTicker}
        onChange={(benchmarkTicker) => onChange({ benchmarkTicker })}
        error={errors.benchmarkTicker}
      />
      <Grid gutter="sm">
        <Grid.Col span={6}>
          <NumberInput
            label={M.riskFree}
            value={state.riskFreeRatePct}
            min={0}
            decimalSeparator=","
            onChange={(v) => onChange({ riskFreeRatePct: toNumber(v) })}
            error={errors.riskFreeRatePct}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <NumberInput
            label={M.confidence}
            value={state.confidenceLevel}
            step={0.01}
            min={0.8}
            max={0.999}
            decimalSeparator=","
            onChange={(v) => onChange({ confidenceLevel: toNumber(v) })}
            error={errors.confidenceLevel}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
