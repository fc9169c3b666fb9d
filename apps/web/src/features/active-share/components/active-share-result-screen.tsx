import {
  inputNumber,
  inputText,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { ACTIVE_SHARE_MESSAGES as M } from '../messages.ts';
import { ActiveShareResultView } from './active-share-result-view.tsx';

/** The 'active-share' result screen: used by the run screen and the result screen. */
export const activeShareResultScreen = defineResultScreen({
  analysisType: 'active-share',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const windowDays = inputNumber(inputs, 'windowDays');
    return parameterText([
      inputText(inputs, 'benchmarkCode') ?? M.referenceBenchmark,
      windowDays === null ? null : M.windowDaysShort(windowDays),
    ]);
  },
  View: ActiveShareResultView,
});

/** `active-share-result`: every active-share run with filters; an opened run shows its result. */
export function ActiveShareResultPage() {
  return <RunResultsPage screen={activeShareResultScreen} />;
}
