import { WEEKLY_RETURN_METHOD_LABELS } from '@fonrisk/contracts';
import {
  inputLabel,
  inputNumber,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { RISK_VALUE_MESSAGES as M } from '../messages.ts';
import { RiskValueResultView } from './risk-value-result-view.tsx';

/** The 'risk-value' result screen: used by the run screen and the result screen. */
export const riskValueResultScreen = defineResultScreen({
  analysisType: 'risk-value',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const minWeeks = inputNumber(inputs, 'minWeeks');
    return parameterText([
      inputLabel(inputs, 'weeklyReturnMethod', WEEKLY_RETURN_METHOD_LABELS),
      minWeeks === null ? null : M.minWeeksShort(minWeeks),
    ]);
  },
  View: RiskValueResultView,
});

/** `risk-value-result`: every risk-value run with filters; an opened run shows its result. */
export function RiskValueResultPage() {
  return <RunResultsPage screen={riskValueResultScreen} />;
}
