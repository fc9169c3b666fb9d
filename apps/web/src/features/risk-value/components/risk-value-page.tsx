import { NumberInput, Select } from '@mantine/core';
import { WEEKLY_RETURN_METHOD_LABELS, type WeeklyReturnMethodInput } from '@fonrisk/contracts';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { RISK_VALUE_MESSAGES as M } from '../messages.ts';
import { INITIAL_RISK_VALUE_FORM, validateRiskValueForm } from './risk-value-form-model.ts';
import { riskValueResultScreen } from './risk-value-result-screen.tsx';
import { toNumber } from '../../../components/forms/field-values.ts';

/** `risk-value`: funds and a date -> SPK risk value with its band table and class history. */
export function RiskValuePage() {
  const form = useRunForm('risk-value', () => INITIAL_RISK_VALUE_FORM, validateRiskValueForm);
  const { state, change, errors } = form;
  return (
    <RunScreen form={form} messages={M} screen={riskValueResultScreen}>
      <PortfoliosAndDate
        label={M.funds}
        state={state}
        onChange={change}
        errors={errors}
        asOfLabel={M.asOfDate}
      />
      <Select
        label={M.weeklyReturnMethod}
        data={Object.entries(WEEKLY_RETURN_METHOD_LABELS).map(([value, label]) => ({
          value,
          label,
        }))}
        value={state.weeklyReturnMethod}
        onChange={(v) => {
          if (v !== null) change({ weeklyReturnMethod: v as WeeklyReturnMethodInput });
        }}
        allowDeselect={false}
        error={errors.weeklyReturnMethod}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label={M.minWeeks}
        description={M.minWeeksHint}
        value={state.minWeeks}
        onChange={(v) => change({ minWeeks: toNumber(v) })}
        allowDecimal={false}
        min={2}
        max={260}
        error={errors.minWeeks}
      />
    </RunScreen>
  );
}
