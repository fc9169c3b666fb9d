import type { VarSettings } from '@fonrisk/contracts';
import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { BACKTEST_MESSAGES as M } from '../messages.ts';
import { BacktestForm } from './backtest-form.tsx';
import { initialBacktestForm, validateBacktestForm } from './backtest-form-model.ts';
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
    </RunScreen>
  );
}
