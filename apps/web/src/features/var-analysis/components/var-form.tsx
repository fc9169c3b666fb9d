import { Grid, NumberInput, SegmentedControl, Text } from '@mantine/core';
import type { VarApproach } from '@fonrisk/contracts';
import { ModelFields, ScalingSelect } from '../../analysis-runs/components/model-fields.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { APPROACH_LABELS, sqrtTimeRule } from '../../analysis-runs/components/method-text.ts';
import {
  PortfolioMultiSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../analysis-runs/components/portfolio-select.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import type { DateMode, VarFormField, VarFormState } from './var-form-model.ts';

interface VarFormProps {
  readonly state: VarFormState;
  readonly onChange: (patch: Partial<VarFormState>) => void;
  readonly errors: Partial<Record<VarFormField, string>>;
  readonly defaultsNote: string;
}

const toNumber = (v: string | number): number | '' => (typeof v === 'number' ? v : '');

/** The varAnalysis inputs: portfolios, date or range, method and its parameters, horizon with the scaling rule. */
export function VarForm({ state, onChange, errors, defaultsNote }: VarFormProps) {
  const portfolios = useAnalysisPortfolios();
  const choosePortfolios = (codes: string[]): void => {
    const latest = latestDateOf(portfolios.data, codes[0] ?? null);
    onChange({
      portfolioCodes: codes,
      ...(state.asOfDate === '' && latest ? { asOfDate: latest } : {}),
    });
  };
  return (
    <>
      <PortfolioMultiSelect
        value={state.portfolioCodes}
        onChange={choosePortfolios}
        error={errors.portfolioCodes}
      />
      <SegmentedControl
        aria-label={VAR_MESSAGES.dateMode}
        value={state.dateMode}
        onChange={(v) => onChange({ dateMode: v as DateMode })}
        data={[
          { value: 'single', label: VAR_MESSAGES.singleDate },
          { value: 'range', label: VAR_MESSAGES.dateRange },
        ]}
      />
      {state.dateMode === 'single' ? (
        <DateField
          label={VAR_MESSAGES.asOfDate}
          value={state.asOfDate}
          onChange={(asOfDate) => onChange({ asOfDate })}
          error={errors.asOfDate}
        />
      ) : (
        <Grid gutter="sm">
          <Grid.Col span={6}>
            <DateField
              label={VAR_MESSAGES.fromDate}
              value={state.fromDate}
              onChange={(fromDate) => onChange({ fromDate })}
              error={errors.fromDate ?? errors.asOfDate}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <DateField
              label={VAR_MESSAGES.toDate}
              value={state.toDate}
              onChange={(toDate) => onChange({ toDate })}
              error={errors.toDate}
            />
          </Grid.Col>
        </Grid>
      )}
      <ModelFields state={state} onChange={onChange} errors={errors} />
      <NumberInput
        label={VAR_MESSAGES.horizon}
        value={state.horizonDays}
        onChange={(v) => onChange({ horizonDays: toNumber(v) })}
        allowDecimal={false}
        min={1}
        max={250}
        error={errors.horizonDays}
      />
      <ScalingSelect
        label={VAR_MESSAGES.scaling}
        value={state.horizonScaling}
        onChange={(horizonScaling) => onChange({ horizonScaling })}
      />
      {state.horizonScaling === 'sqrtTime' && typeof state.horizonDays === 'number' && (
        <Text size="sm" c="blue.8" ff="monospace" data-testid="scaling-rule">
          {sqrtTimeRule(state.horizonDays)}
        </Text>
      )}
      <div>
        <Text size="sm" fw={500} mb={4}>
          {VAR_MESSAGES.approach}
        </Text>
        <SegmentedControl
          aria-label={VAR_MESSAGES.approach}
          fullWidth
          orientation="vertical"
          value={state.approach}
          onChange={(v) => onChange({ approach: v as VarApproach })}
          data={(['absolute', 'relative'] as const).map((a) => ({
            value: a,
            label: APPROACH_LABELS[a],
          }))}
        />
        {state.approach === 'relative' && (
          <Text size="xs" c="dimmed" mt={4}>
            {VAR_MESSAGES.relativeHint}
          </Text>
        )}
      </div>
      <Text size="xs" c="dimmed">
        {defaultsNote}
      </Text>
    </>
  );
}
