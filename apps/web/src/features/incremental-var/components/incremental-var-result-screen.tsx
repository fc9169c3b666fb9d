import { describeVarInputs } from '../../analysis-runs/components/method-text.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { INCREMENTAL_MESSAGES as M } from '../messages.ts';
import { IncrementalVarResultView } from './incremental-var-result-view.tsx';

/** The 'incremental-var' result screen: used by the run screen and the result screen. */
export const incrementalVarResultScreen = defineResultScreen({
  analysisType: 'incremental-var',
  subtitle: M.resultSubtitle,
  describeInputs: describeVarInputs,
  View: IncrementalVarResultView,
});

/** `incremental-var-result`: every incremental VaR run with filters; an opened run shows its result. */
export function IncrementalVarResultPage() {
  return <RunResultsPage screen={incrementalVarResultScreen} />;
}
