import { inputCodes, inputDate } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { CONCENTRATION_MESSAGES as M } from '../messages.ts';
import { ConcentrationRiskResultView } from './concentration-risk-result-view.tsx';

/** The 'concentration-risk' result screen: used by the run screen and the result screen. */
export const concentrationRiskResultScreen = defineResultScreen({
  analysisType: 'concentration-risk',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => M.describeInputs(inputCodes(inputs), inputDate(inputs)),
  View: ConcentrationRiskResultView,
});

/** `concentration-risk-result`: every concentration run with filters; an opened run shows its result. */
export function ConcentrationRiskResultPage() {
  return <RunResultsPage screen={concentrationRiskResultScreen} />;
}
