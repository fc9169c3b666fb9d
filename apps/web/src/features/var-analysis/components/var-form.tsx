import { NumberInput, SegmentedControl, Text } from '@mantine/core';
import { scalingRuleText, type VarApproach } from '@fonrisk/contracts';
import { ModelFields, ScalingSelect } from '../../analysis-runs/components/model-fields.tsx';
import { APPROACH_LABELS } from '../../analysis-runs/components/method-text.ts';
import { PortfoliosAndPeriod } from '../../analysis-runs/components/portfolio-select.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import type { VarFormField, VarFormState } from './var-form-model.ts';
import { toNumber } from '../../../components/forms/field-values.ts';

interface VarFormProps {
  readonly state: VarFormState;
  readonly onChange: (patch: Partial<VarFormState>) => void;
  readonly errors: Partial<Record<VarFormField, string>>;
  readonly defaultsNote: string;
}

/** The varAnalysis inputs: portfolios, date or range, method and its parameters, horizon with the scaling rule. */
export function VarForm({ state, onChange, errors, defaultsNote }: VarFormProps) {
  return (
    <>
      <PortfoliosAndPeriod
        state={state}
        onChange={onChange}
        errors={errors}
        asOfLabel={VAR_MESSAGES.asOfDate}
      />
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
      {typeof state.horizonDays === 'number' && (
        <Text size="sm" c="blue.8" ff="monospace" data-testid="scaling-rule">
          {scalingRuleText(state.horizonDays, state.horizonScaling)}
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
