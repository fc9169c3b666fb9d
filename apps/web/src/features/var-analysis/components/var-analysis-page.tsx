import type { VarSettings } from '@fonrisk/contracts';
import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import { VarForm } from './var-form.tsx';
import { initialVarForm, validateVarForm } from './var-form-model.ts';
import { VarResultView } from './var-result-view.tsx';

/**
 * `varAnalysis` (keep-state): the run form with the defaults of varAnalysisSettings; start ->
 * live progress -> the result. Its state survives leaving and returning (the Activity mechanism).
 */
export function VarAnalysisPage() {
  return (
    <WithVarSettings>
      {(settings, fromStore) => <VarAnalysisScreen settings={settings} fromStore={fromStore} />}
    </WithVarSettings>
  );
}

function VarAnalysisScreen({ settings, fromStore }: { settings: VarSettings; fromStore: boolean }) {
  const form = useRunForm('var', () => initialVarForm(settings), validateVarForm);
  return (
    <RunScreen
      form={form}
      messages={VAR_MESSAGES}
      renderResult={(run) => <VarResultView run={run} />}
    >
      <VarForm
        state={form.state}
        onChange={form.change}
        errors={form.errors}
        defaultsNote={fromStore ? VAR_MESSAGES.defaultsFrom : VAR_MESSAGES.defaultsFallback}
      />
    </RunScreen>
  );
}
