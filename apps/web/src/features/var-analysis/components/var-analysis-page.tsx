import type { VarSettings } from '@fonrisk/contracts';
import { ResolvedParametersPreview } from '../../analysis-runs/components/resolved-parameters.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import { VarForm } from './var-form.tsx';
import { initialVarForm, validateVarForm, varInputsOf } from './var-form-model.ts';
import { varResultScreen } from './var-result-screen.tsx';

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
    <RunScreen form={form} messages={VAR_MESSAGES} screen={varResultScreen}>
      <VarForm
        state={form.state}
        onChange={form.change}
        errors={form.errors}
        defaultsNote={fromStore ? VAR_MESSAGES.defaultsFrom : VAR_MESSAGES.defaultsFallback}
      />
      <ResolvedParametersPreview
        inputs={varInputsOf(form.state)}
        settings={settings}
        portfolioCode={
          form.state.portfolioCodes.length === 1 ? form.state.portfolioCodes[0]! : null
        }
      />
    </RunScreen>
  );
}
