import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { CONCENTRATION_MESSAGES as M } from '../messages.ts';
import { ConcentrationRiskResultView } from './concentration-risk-result-view.tsx';

/** The 'concentration-risk' result screen: used by the run screen and the result screen. */
export const concentrationRiskResultScreen = defineResultScreen({
  analysisType: 'concentration-risk',
  subtitle: M.resultSubtitle,
  describeInputs: (inputs) => {
    const codes = Array.isArray(inputs['portfolioCodes'])
      ? inputs['portfolioCodes'].join(', ')
      : '–';
    const date = typeof inputs['asOfDate'] === 'string' ? formatDate(inputs['asOfDate']) : '–';
    return M.describeInputs(codes, date);
  },
  View: ConcentrationRiskResultView,
});

/** `concentration-risk-result`: every concentration run with filters; an opened run shows its result. */
export function ConcentrationRiskResultPage() {
  return <RunResultsPage screen={concentrationRiskResultScreen} />;
}
