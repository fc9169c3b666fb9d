import { formatNumber } from '../../../lib/format.ts';
import {
  inputCount,
  inputNumber,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { STRESS_MESSAGES as M } from '../messages.ts';
import { StressResultView } from './stress-result-view.tsx';

/** The 'stress-test' result screen: used by the run screen and the result screen. */
export const stressTestResultScreen = defineResultScreen({
  analysisType: 'stress-test',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const count = inputCount(inputs, 'scenarioIds');
    const reverseLoss = inputNumber(inputs, 'reverseLossPct');
    return parameterText([
      count === null ? null : M.scenarioCount(count),
      reverseLoss === null ? null : M.reverseLossShort(`%${formatNumber(reverseLoss, 1)}`),
    ]);
  },
  View: StressResultView,
});

/** `stress-test-result`: every stress-test run with filters; an opened run shows its result. */
export function StressTestResultPage() {
  return <RunResultsPage screen={stressTestResultScreen} />;
}
