import { describeVarInputs } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { BACKTEST_MESSAGES as M } from '../messages.ts';
import { BacktestResultView } from './backtest-result-view.tsx';

/** The 'backtest' result screen: used by the run screen (backtest) and the result screen. */
export const backtestResultScreen = defineResultScreen({
  analysisType: 'backtest',
  subtitle: M.resultSubtitle,
  describeInputs: describeVarInputs,
  View: BacktestResultView,
});

/** `backtest-result`: every backtest run with filters; an opened run shows its result. */
export function BacktestResultPage() {
  return <RunResultsPage screen={backtestResultScreen} />;
}
