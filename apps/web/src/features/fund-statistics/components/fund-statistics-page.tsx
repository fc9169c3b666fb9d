import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { FUND_STATS_MESSAGES } from '../messages.ts';
import { FundStatsForm } from './fund-stats-form.tsx';
import { initialFundStatsForm, validateFundStatsForm } from './fund-stats-form-model.ts';
import { FundStatsResultView } from './fund-stats-result-view.tsx';

/** `fund-statistics`: the form; start -> live progress -> the peer table, calendar and charts. */
export function FundStatisticsPage() {
  const form = useRunForm('fund-statistics', () => initialFundStatsForm(), validateFundStatsForm);
  return (
    <RunScreen
      form={form}
      messages={FUND_STATS_MESSAGES}
      renderResult={(run) => <FundStatsResultView run={run} />}
    >
      <FundStatsForm state={form.state} onChange={form.change} errors={form.errors} />
    </RunScreen>
  );
}

/** Short text of a run's parameters for the run list. */
export function describeFundStatsInputs(inputs: Record<string, unknown>): string {
  const codes = Array.isArray(inputs.fundCodes) ? (inputs.fundCodes as string[]).join(', ') : '';
  const bench =
    typeof inputs.benchmarkTicker === 'string' ? ` · ölçüt ${inputs.benchmarkTicker}` : '';
  return `${codes}${bench}`;
}

/** `fund-statistics-result`: every fund-statistics run; an opened run shows its result. */
export function FundStatisticsResultPage() {
  return (
    <RunResultsPage
      analysisType="fund-statistics"
      subtitle={FUND_STATS_MESSAGES.resultSubtitle}
      describeInputs={describeFundStatsInputs}
      renderResult={(run) => <FundStatsResultView run={run} />}
    />
  );
}
