import { NumberInput, Select } from '@mantine/core';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { useHoldingsBenchmarks } from '../api/get-holdings-benchmarks.ts';
import { ACTIVE_SHARE_MESSAGES as M } from '../messages.ts';
import { INITIAL_ACTIVE_SHARE_FORM, validateActiveShareForm } from './active-share-form-model.ts';
import { activeShareResultScreen } from './active-share-result-screen.tsx';
import { toNumber } from '../../../components/forms/field-values.ts';

/** `active-share`: funds, a date and a holdings benchmark -> active share and active weights. */
export function ActiveSharePage() {
  const form = useRunForm('active-share', () => INITIAL_ACTIVE_SHARE_FORM, validateActiveShareForm);
  const benchmarks = useHoldingsBenchmarks();
  const { state, change, errors } = form;
  return (
    <RunScreen form={form} messages={M} screen={activeShareResultScreen}>
      <PortfoliosAndDate
        label={M.funds}
        state={state}
        onChange={change}
        errors={errors}
        asOfLabel={M.asOfDate}
      />
      <Select
        label={M.benchmark}
        description={M.benchmarkHint}
        data={[
          { value: '', label: M.referenceBenchmark },
          ...(benchmarks.data ?? []).map((b) => ({
            value: b.code,
            label: `${b.code} · ${b.name}`,
          })),
        ]}
        value={state.benchmarkCode}
        onChange={(v) => change({ benchmarkCode: v ?? '' })}
        allowDeselect={false}
        error={errors.benchmarkCode}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label={M.windowDays}
        description={M.windowDaysHint}
        value={state.windowDays}
        onChange={(v) => change({ windowDays: toNumber(v) })}
        allowDecimal={false}
        min={20}
        max={2500}
        error={errors.windowDays}
      />
    </RunScreen>
  );
}
