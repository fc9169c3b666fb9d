import { BACKTEST_MODEL_OVERRIDES, type VarSettings } from '@fonrisk/contracts';
import { ResolvedParametersPreview } from '../../analysis-runs/components/resolved-parameters.tsx';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { BACKTEST_MESSAGES as M } from '../messages.ts';
import { BacktestForm } from './backtest-form.tsx';
import {
  backtestInputsOf,
  initialBacktestForm,
  validateBacktestForm,
} from './backtest-form-model.ts';
import { backtestResultScreen } from './backtest-result-screen.tsx';

/** `backtest` (keep-state): portfolio, period and model -> live progress -> the test result. */
export function BacktestPage() {
  return <WithVarSettings>{(settings) => <BacktestScreen settings={settings} />}</WithVarSettings>;
}

function BacktestScreen({ settings }: { settings: VarSettings }) {
  const form = useRunForm('backtest', () => initialBacktestForm(settings), validateBacktestForm);
  return (
    <RunScreen form={form} messages={M} screen={backtestResultScreen}>
      <BacktestForm state={form.state} onChange={form.change} errors={form.errors} />
      <ResolvedParametersPreview
        inputs={backtestInputsOf(form.state)}
        settings={settings}
        portfolioCode={form.state.portfolioCode}
        overrides={BACKTEST_MODEL_OVERRIDES}
      />
    </RunScreen>
  );
}
