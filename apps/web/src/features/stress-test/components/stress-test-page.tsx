import { MultiSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { PortfoliosAndDate } from '../../analysis-runs/components/portfolio-select.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { useStressScenarios } from '../api/get-stress-scenarios.ts';
import { STRESS_MESSAGES as M } from '../messages.ts';
import { ScenarioLibrary } from './scenario-library.tsx';
import { INITIAL_STRESS_FORM, validateStressForm } from './stress-form-model.ts';
import { stressTestResultScreen } from './stress-test-result-screen.tsx';
import { toNumber } from '../../../components/forms/field-values.ts';

/** `stress-test`: the scenario library, then portfolios, date and scenarios -> full revaluation. */
export function StressTestPage() {
  const form = useRunForm('stress-test', () => INITIAL_STRESS_FORM, validateStressForm);
  const scenarios = useStressScenarios();
  const { state, change, errors } = form;
  return (
    <Stack gap="md">
      <RunScreen form={form} messages={M} screen={stressTestResultScreen}>
        <PortfoliosAndDate state={state} onChange={change} errors={errors} asOfLabel={M.asOfDate} />
        <MultiSelect
          label={M.scenarios}
          description={M.scenariosHint}
          data={(scenarios.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={state.scenarioIds}
          onChange={(scenarioIds) => change({ scenarioIds })}
          error={errors.scenarioIds}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={M.reverseLoss}
          description={M.reverseLossHint}
          value={state.reverseLossPct}
          onChange={(v) => change({ reverseLossPct: toNumber(v) })}
          min={0}
          max={100}
          decimalSeparator=","
          error={errors.reverseLossPct}
        />
        <TextInput
          label={M.equityIndex}
          value={state.equityIndexTicker}
          onChange={(e) => change({ equityIndexTicker: e.currentTarget.value })}
          error={errors.equityIndexTicker}
        />
      </RunScreen>
      {scenarios.data && <ScenarioLibrary scenarios={scenarios.data} />}
    </Stack>
  );
}
