import { describeVarInputs } from '../../../components/analysis/method-text.ts';
import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { VAR_MESSAGES } from '../messages.ts';
import { VarResultView } from './var-result-view.tsx';

/** `var-analysis-result`: every VaR run with filters; an opened run shows its full result. */
export function VarAnalysisResultPage() {
  return (
    <RunResultsPage
      analysisType="var"
      subtitle={VAR_MESSAGES.resultSubtitle}
      describeInputs={describeVarInputs}
      renderResult={(run) => <VarResultView run={run} />}
    />
  );
}
