import { Checkbox, MultiSelect, Text } from '@mantine/core';
import { PortfoliosAndPeriod } from '../../analysis-runs/components/portfolio-select.tsx';
import { useCriteria } from '../api/get-criteria.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';
import type { AuditFormField, AuditFormState } from './audit-form-model.ts';

interface Props {
  readonly state: AuditFormState;
  readonly onChange: (patch: Partial<AuditFormState>) => void;
  readonly errors: Partial<Record<AuditFormField, string>>;
}

/** The internalAudit inputs: portfolios, a date or a range, optional criteria, breach tracking. */
export function AuditForm({ state, onChange, errors }: Props) {
  const criteria = useCriteria();
  return (
    <>
      <PortfoliosAndPeriod
        state={state}
        onChange={onChange}
        errors={errors}
        asOfLabel={M.asOfDate}
      />
      <MultiSelect
        label={M.criteria}
        data={(criteria.data ?? [])
          .filter((c) => c.enabled)
          .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
        value={state.criterionCodes}
        onChange={(criterionCodes) => onChange({ criterionCodes })}
        searchable
        clearable
        maxDropdownHeight={300}
        error={errors.criterionCodes}
      />
      <div>
        <Checkbox
          label={M.updateTracking}
          checked={state.updateTracking}
          onChange={(e) => onChange({ updateTracking: e.currentTarget.checked })}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {M.updateTrackingHint}
        </Text>
      </div>
    </>
  );
}
