import { useEffect, useRef } from 'react';
import { NumberInput, Select } from '@mantine/core';
import { CORRELATION_BASIS_LABELS, type CorrelationBasis } from '@fonrisk/contracts';
import { useRuns } from '../../analysis-runs/api/get-runs.ts';
import { PortfolioMultiSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { RISK_GRAPHIC_MESSAGES as M } from '../messages.ts';
import {
  INITIAL_RISK_GRAPHIC_FORM,
  formStateOfInputs,
  validateRiskGraphicForm,
} from './risk-graphic-form-model.ts';
import { riskGraphicResultScreen } from './risk-graphic-result-screen.tsx';
import { toNumber } from '../../../components/forms/field-values.ts';

/**
 * `risk-graphic`: portfolios and a period -> four charts. The screen opens on the latest finished
 * run (the demo's on first start) with its portfolios and period in the form.
 */
export function RiskGraphicPage() {
  const form = useRunForm('risk-graphic', () => INITIAL_RISK_GRAPHIC_FORM, validateRiskGraphicForm);
  const latest = useRuns({ analysisType: 'risk-graphic', status: 'done', limit: 1 });
  const adopted = useRef(false);
  const { state, change, errors, follow, runId } = form;
  const last = latest.data?.items[0];
  useEffect(() => {
    if (adopted.current || last === undefined) return;
    adopted.current = true;
    if (runId !== null || state.portfolioCodes.length > 0) return;
    const inputs = formStateOfInputs(last.inputs);
    if (inputs) change(inputs);
    follow({ ...last, result: null });
  }, [last, runId, state.portfolioCodes.length, change, follow]);
  return (
    <RunScreen form={form} messages={M} screen={riskGraphicResultScreen} layout="stacked">
      <PortfolioMultiSelect
        label={M.portfolios}
        value={state.portfolioCodes}
        onChange={(portfolioCodes) => change({ portfolioCodes })}
        error={errors.portfolioCodes}
      />
      <DateField
        label={M.fromDate}
        value={state.fromDate}
        onChange={(fromDate) => change({ fromDate })}
        error={errors.fromDate}
      />
      <DateField
        label={M.toDate}
        value={state.toDate}
        onChange={(toDate) => change({ toDate })}
        error={errors.toDate}
      />
      <Select
        label={M.correlationBasis}
        data={Object.entries(CORRELATION_BASIS_LABELS).map(([value, label]) => ({ value, label }))}
        value={state.correlationBasis}
        onChange={(v) => {
          if (v !== null) change({ correlationBasis: v as CorrelationBasis });
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {state.correlationBasis === 'positions' && (
        <NumberInput
          label={M.topPositions}
          description={M.topPositionsHint}
          value={state.topPositions}
          onChange={(v) => change({ topPositions: toNumber(v) })}
          allowDecimal={false}
          min={2}
          max={30}
          error={errors.topPositions}
        />
      )}
    </RunScreen>
  );
}
