import { inputCodes, inputDate } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { RISK_VALUE_MESSAGES as M } from '../messages.ts';
import { RiskValueResultView } from './risk-value-result-view.tsx';

/** The 'risk-value' result screen: used by the run screen and the result screen. */
export const riskValueResultScreen = defineResultScreen({
  analysisType: 'risk-value',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => M.describeInputs(inputCodes(inputs), inputDate(inputs)),
  View: RiskValueResultView,
});

/** `risk-value-result`: every risk-value run with filters; an opened run shows its result. */
export function RiskValueResultPage() {
  return <RunResultsPage screen={riskValueResultScreen} />;
}
