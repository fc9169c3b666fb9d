import { Grid, Text } from '@mantine/core';
import { DateField } from '../../../components/dates/date-field.tsx';
import { ModelFields } from '../../analysis-runs/components/model-fields.tsx';
import { PortfolioSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { BACKTEST_MESSAGES as M } from '../messages.ts';
import type { BacktestFormField, BacktestFormState } from './backtest-form-model.ts';

interface Props {
  readonly state: BacktestFormState;
  readonly onChange: (patch: Partial<BacktestFormState>) => void;
  readonly errors: Partial<Record<BacktestFormField, string>>;
}

export function BacktestForm({ state, onChange, errors }: Props) {
  return (
    <>
      <PortfolioSelect
        value={state.portfolioCode}
        onChange={(portfolioCode) => onChange({ portfolioCode })}
        error={errors.portfolioCode}
      />
      <Grid gutter="sm">
        <Grid.Col span={6}>
          <DateField
            label={M.fromDate}
            value={state.fromDate}
            onChange={(fromDate) => onChange({ fromDate })}
            error={errors.fromDate}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DateField
            label={M.toDate}
            value={state.toDate}
            onChange={(toDate) => onChange({ toDate })}
            error={errors.toDate}
          />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed">
        {M.periodHint}
      </Text>
      <ModelFields state={state} onChange={onChange} errors={errors} />
    </>
  );
}
