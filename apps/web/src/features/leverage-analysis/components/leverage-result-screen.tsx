import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { LEVERAGE_MESSAGES as M } from '../messages.ts';
import { LeverageResultView } from './leverage-result-view.tsx';

/** The 'leverage' result screen: used by the run screen and the result screen. */
export const leverageResultScreen = defineResultScreen({
  analysisType: 'leverage',
  subtitle: M.resultSubtitle,
  describeInputs: () => '–',
  View: LeverageResultView,
});

/** `leverage-analysis-result`: every leverage run with filters; an opened run shows its result. */
export function LeverageResultPage() {
  return <RunResultsPage screen={leverageResultScreen} />;
}
