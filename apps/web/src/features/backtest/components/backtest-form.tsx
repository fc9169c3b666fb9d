import { Text } from '@mantine/core';
import { DateRangeFields } from '../../../components/dates/period-fields.tsx';
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
      <DateRangeFields
        fromDate={state.fromDate}
        toDate={state.toDate}
        onChange={onChange}
        errors={errors}
      />
      <Text size="xs" c="dimmed">
        {M.periodHint}
      </Text>
      <ModelFields state={state} onChange={onChange} errors={errors} />
    </>
  );
}
