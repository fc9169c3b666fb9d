import { inputCodes, inputDate } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';
import { LiquidityTestResultView } from './liquidity-test-result-view.tsx';

/** The 'liquidity-test' result screen: used by the run screen and the result screen. */
export const liquidityTestResultScreen = defineResultScreen({
  analysisType: 'liquidity-test',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => M.describeInputs(inputCodes(inputs), inputDate(inputs)),
  View: LiquidityTestResultView,
});

/** `liquidity-test-result`: every liquidity-test run with filters; an opened run shows its result. */
export function LiquidityTestResultPage() {
  return <RunResultsPage screen={liquidityTestResultScreen} />;
}
