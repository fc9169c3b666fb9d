import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { VAR_SETTINGS_DEFAULTS, type VarSettings } from '@fonrisk/contracts';
import { useCreateRun } from '../../../components/analysis/api/runs.ts';
import { useVarSettings } from '../../../components/analysis/api/var-settings.ts';
import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import { VarForm } from './var-form.tsx';
import { initialVarForm, validateVarForm, type VarFormField, type VarFormState } from './var-form-model.ts';
import { VarResultView } from './var-result-view.tsx';

/**
 * `varAnalysis` (keep-state): the run form with the defaults of varAnalysisSettings; start ->
 * live progress -> the result. Its state survives leaving and returning (the Activity mechanism).
 */
export function VarAnalysisPage() {
  const settings = useVarSettings();
  if (settings.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return <VarAnalysisScreen settings={settings.data?.settings ?? VAR_SETTINGS_DEFAULTS} fromStore={settings.isSuccess} />;
}

function VarAnalysisScreen({ settings, fromStore }: { settings: VarSettings; fromStore: boolean }) {
  const [state, setState] = useState<VarFormState>(() => initialVarForm(settings));
  const [errors, setErrors] = useState<Partial<Record<VarFormField, string>>>({});
  const [runId, setRunId] = useState<string | null>(null);
  const create = useCreateRun('var');

  const submit = (): void => {
    const checked = validateVarForm(state);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.inputs, { onSuccess: (run) => setRunId(run.id) });
  };

  return (
    <RunScreen
      path="varAnalysis"
      subtitle={VAR_MESSAGES.runSubtitle}
      resultRoute="var-analysis-result"
      runId={runId}
      emptyText={VAR_MESSAGES.noResultYet}
      renderResult={(run) => <VarResultView run={run} />}
      form={
        <VarForm
          state={state}
          onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
          errors={errors}
          onSubmit={submit}
          pending={create.isPending}
          defaultsNote={fromStore ? VAR_MESSAGES.defaultsFrom : VAR_MESSAGES.defaultsFallback}
        />
      }
    />
  );
}
