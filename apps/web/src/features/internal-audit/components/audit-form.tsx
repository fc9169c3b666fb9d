import { Checkbox, Grid, MultiSelect, SegmentedControl, Text } from '@mantine/core';
import { DateField } from '../../../components/dates/date-field.tsx';
import {
  PortfolioMultiSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../analysis-runs/components/portfolio-select.tsx';
import { useCriteria } from '../api/get-criteria.ts';
import { AUDIT_MESSAGES as M } from '../messages.ts';
import type { AuditFormField, AuditFormState, DateMode } from './audit-form-model.ts';

interface Props {
  readonly state: AuditFormState;
  readonly onChange: (patch: Partial<AuditFormState>) => void;
  readonly errors: Partial<Record<AuditFormField, string>>;
}

/** The internalAudit inputs: portfolios, a date or a range, optional criteria, breach tracking. */
export function AuditForm({ state, onChange, errors }: Props) {
  const portfolios = useAnalysisPortfolios();
  const criteria = useCriteria();
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
        aria-label={M.dateMode}
        value={state.dateMode}
        onChange={(v) => onChange({ dateMode: v as DateMode })}
        data={[
          { value: 'single', label: M.singleDate },
          { value: 'range', label: M.dateRange },
        ]}
      />
      {state.dateMode === 'single' ? (
        <DateField
          label={M.asOfDate}
          value={state.asOfDate}
          onChange={(asOfDate) => onChange({ asOfDate })}
          error={errors.asOfDate}
        />
      ) : (
        <Grid gutter="sm">
          <Grid.Col span={6}>
            <DateField
              label={M.fromDate}
              value={state.fromDate}
              onChange={(fromDate) => onChange({ fromDate })}
              error={errors.fromDate ?? errors.asOfDate}
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
      )}
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
