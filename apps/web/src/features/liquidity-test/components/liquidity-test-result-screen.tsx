import { formatPct } from '../../analysis-runs/components/format.ts';
import {
  inputCount,
  inputNumber,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';
import { LiquidityTestResultView } from './liquidity-test-result-view.tsx';

/** The 'liquidity-test' result screen: used by the run screen and the result screen. */
export const liquidityTestResultScreen = defineResultScreen({
  analysisType: 'liquidity-test',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const participation = inputNumber(inputs, 'participationRate');
    const fixed = inputNumber(inputs, 'fixedRedemptionShare');
    const extra = inputCount(inputs, 'scenarios') ?? 0;
    return parameterText([
      participation === null ? null : M.participationShort(formatPct(participation, 0)),
      fixed === null ? null : M.fixedRedemptionShort(formatPct(fixed, 0)),
      extra > 0 ? M.extraScenarios(extra) : null,
    ]);
  },
  View: LiquidityTestResultView,
});

/** `liquidity-test-result`: every liquidity-test run with filters; an opened run shows its result. */
export function LiquidityTestResultPage() {
  return <RunResultsPage screen={liquidityTestResultScreen} />;
}
