import { RunScreen } from '../../analysis-runs/components/run-screen.tsx';
import { RunResultsPage } from '../../analysis-runs/components/run-results-page.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { RETURN_FREQUENCY_LABELS } from '@fonrisk/contracts';
import { formatNumber } from '../../../lib/format.ts';
import { formatConfidence } from '../../analysis-runs/components/format.ts';
import {
  inputLabel,
  inputNumber,
  inputText,
  parameterText,
} from '../../analysis-runs/components/method-text.ts';
import { FUND_STATS_MESSAGES } from '../messages.ts';
import { FundStatsForm } from './fund-stats-form.tsx';
import { initialFundStatsForm, validateFundStatsForm } from './fund-stats-form-model.ts';
import { defineResultScreen } from '../../analysis-runs/components/result-screen.tsx';
import { FundStatsResultView } from './fund-stats-result-view.tsx';

/** The 'fund-statistics' result screen: used by fund-statistics (after a run) and its result screen. */
export const fundStatisticsResultScreen = defineResultScreen({
  analysisType: 'fund-statistics',
  subtitle: FUND_STATS_MESSAGES.resultSubtitle,
  describeInputs: (inputs) => describeFundStatsInputs(inputs),
  View: FundStatsResultView,
});

/** `fund-statistics`: the form; start -> live progress -> the peer table, calendar and charts. */
export function FundStatisticsPage() {
  const form = useRunForm('fund-statistics', () => initialFundStatsForm(), validateFundStatsForm);
  return (
    <RunScreen form={form} messages={FUND_STATS_MESSAGES} screen={fundStatisticsResultScreen}>
      <FundStatsForm state={form.state} onChange={form.change} errors={form.errors} />
    </RunScreen>
  );
}

/** Short text of a run's parameters for the run list. */
export function describeFundStatsInputs(inputs: Record<string, unknown>): string {
  const benchmark = inputText(inputs, 'benchmarkTicker');
  const riskFree = inputNumber(inputs, 'riskFreeRatePct');
  const confidence = inputNumber(inputs, 'confidenceLevel');
  return parameterText([
    inputLabel(inputs, 'frequency', RETURN_FREQUENCY_LABELS),
    benchmark === null ? null : FUND_STATS_MESSAGES.benchmarkShort(benchmark),
    riskFree === null ? null : FUND_STATS_MESSAGES.riskFreeShort(`%${formatNumber(riskFree, 2)}`),
    confidence === null ? null : FUND_STATS_MESSAGES.confidenceShort(formatConfidence(confidence)),
  ]);
}

/** `fund-statistics-result`: every fund-statistics run; an opened run shows its result. */
export function FundStatisticsResultPage() {
  return <RunResultsPage screen={fundStatisticsResultScreen} />;
}
