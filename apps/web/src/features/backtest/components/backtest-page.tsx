import type { VarSettings } from '@fonrisk/contracts';
import { describeVarInputs } from '../../../components/analysis/method-text.ts';
import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { BACKTEST_MESSAGES as M } from '../messages.ts';
import { BacktestForm } from './backtest-form.tsx';
import { initialBacktestForm, validateBacktestForm } from './backtest-form-model.ts';
import { BacktestResultView } from './backtest-result-view.tsx';

/** `backtest` (keep-state): portfolio, period and model -> live progress -> the test result. */
export function BacktestPage() {
  return <WithVarSettings>{(settings) => <BacktestScreen settings={settings} />}</WithVarSettings>;
}

function BacktestScreen({ settings }: { settings: VarSettings }) {
  const form = useRunForm('backtest', () => initialBacktestForm(settings), validateBacktestForm);
  return (
    <RunScreen form={form} messages={M} renderResult={(run) => <BacktestResultView run={run} />}>
      <BacktestForm state={form.state} onChange={form.change} errors={form.errors} />
    </RunScreen>
  );
}

/** `backtest-result`: every backtest run with filters; an opened run shows its result. */
export function BacktestResultPage() {
  return (
    <RunResultsPage
      analysisType="backtest"
      subtitle={M.resultSubtitle}
      describeInputs={describeVarInputs}
      renderResult={(run) => <BacktestResultView run={run} />}
    />
  );
}
