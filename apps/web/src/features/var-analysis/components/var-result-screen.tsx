import { describeVarInputs } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import { VarResultView } from './var-result-view.tsx';

/** The 'var' result screen: used by the run screen (varAnalysis) and the result screen. */
export const varResultScreen = defineResultScreen({
  analysisType: 'var',
  subtitle: VAR_MESSAGES.resultSubtitle,
  describeInputs: describeVarInputs,
  View: VarResultView,
});

/** `var-analysis-result`: every VaR run with filters; an opened run shows its full result. */
export function VarAnalysisResultPage() {
  return <RunResultsPage screen={varResultScreen} />;
}
