import { FEE_RATE_SOURCE_LABELS } from '@fonrisk/contracts';
import { Alert, NumberInput, Stack, Text } from '@mantine/core';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import {
  PortfolioSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../analysis-runs/components/portfolio-select.tsx';
import {
  ExportReportButton,
  ReportScreen,
  ResultChartPanel,
  ResultTablesList,
} from '../../analysis-runs/components/report-parts.tsx';
import {
  defineResultScreen,
  type ResultViewProps,
} from '../../analysis-runs/components/result-screen.tsx';
import { useRunForm } from '../../analysis-runs/components/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { useFeeRate } from '../../../components/fee-rate/api/get-fee-rate.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { PERFORMANCE_REPORT_MESSAGES as M } from '../messages.ts';
import {
  INITIAL_PERFORMANCE_REPORT_FORM,
  validatePerformanceReportForm,
} from './performance-report-form.ts';

/** `performance-report`: the form for roles that run analyses, and every finished report. */
export function PerformanceReportPage() {
  const form = useRunForm(
    'performance-report',
    () => INITIAL_PERFORMANCE_REPORT_FORM,
    validatePerformanceReportForm,
  );
  const portfolios = useAnalysisPortfolios();
  const { state, change, errors } = form;
  const feeRate = useFeeRate(state.portfolioCode);
  const stored = feeRate.data?.annualFeeRatePct ?? null;
  return (
    <ReportScreen form={form} messages={M} screen={performanceReportResultScreen}>
      <PortfolioSelect
        label={M.fund}
        value={state.portfolioCode}
        onChange={(code) => {
          const latest = latestDateOf(portfolios.data, code);
          change({
            portfolioCode: code,
            ...(state.asOfDate === '' && latest ? { asOfDate: latest } : {}),
          });
        }}
        error={errors.portfolioCode}
      />
      <DateField
        label={M.asOfDate}
        value={state.asOfDate}
        onChange={(asOfDate) => change({ asOfDate })}
        error={errors.asOfDate}
      />
      <DateField
        label={M.fromDate}
        value={state.fromDate}
        onChange={(fromDate) => change({ fromDate })}
        error={errors.fromDate}
      />
      <NumberInput
        label={M.fee}
        description={
          state.portfolioCode === null
            ? M.feeHint
            : stored === null
              ? M.feeNoneStored
              : M.feeStored(formatNumber(stored, 2))
        }
        value={state.annualFeeRatePct}
        onChange={(v) => change({ annualFeeRatePct: typeof v === 'number' ? v : '' })}
        error={errors.annualFeeRatePct}
        decimalSeparator=","
        min={0}
        max={20}
        step={0.1}
        data-testid="fee-input"
      />
    </ReportScreen>
  );
}

export function PerformanceReportView({ run, result: r }: ResultViewProps<'performance-report'>) {
  const year = r.periods.find((p) => p.period === '1Y');
  const si = r.periods.find((p) => p.period === 'SI');
  const ratio = (x: number | null) => (x === null ? '–' : formatNumber(x, 2));
  return (
    <Stack gap="md" data-testid="performance-report-result">
      <Text fw={700} size="lg">
        {M.header(
          `${r.portfolioCode} · ${r.portfolioName}`,
          r.benchmarkName,
          formatDate(r.fromDate),
          formatDate(r.asOfDate),
        )}
      </Text>
      <ExportReportButton runId={run.id} label={M.exportReport} />
      <Text size="sm" c="dimmed" data-testid="fee-source">
        {M.feeSource(
          formatNumber(r.annualFeeRatePct, 2),
          FEE_RATE_SOURCE_LABELS[r.feeRateSource ?? 'input'],
        )}
      </Text>
      <FigureCards
        cols={4}
        figures={[
          { label: M.oneYearNet, value: formatPct(year?.net), testId: 'one-year-net' },
          { label: M.oneYearGross, value: formatPct(year?.gross) },
          { label: M.oneYearBenchmark, value: formatPct(year?.benchmark) },
          { label: M.sinceInception, value: formatPct(si?.net), hint: formatDate(r.inceptionDate) },
          { label: M.volatility, value: formatPct(r.risk.volatility) },
          { label: M.sharpe, value: ratio(r.risk.sharpe) },
          { label: M.maxDrawdown, value: formatPct(r.risk.maxDrawdown) },
          { label: M.trackingError, value: formatPct(r.risk.trackingError) },
          { label: M.informationRatio, value: ratio(r.risk.informationRatio) },
          { label: M.beta, value: ratio(r.risk.beta) },
          ...(r.byAssetClass
            ? [{ label: M.activeReturn, value: formatPct(r.byAssetClass.activeReturn) }]
            : []),
        ]}
      />
      {Object.entries(r.charts)
        .filter(([name]) => name === 'cumulative' || name === 'excess')
        .map(([name, chart]) => (
          <ResultChartPanel key={name} chart={chart} />
        ))}
      <ResultTablesList run={run} tables={r.tables} names={['periods']} />
      {r.charts['periods'] && <ResultChartPanel chart={r.charts['periods']} />}
      <ResultTablesList run={run} tables={r.tables} names={['risk']} />
      {r.byAssetClass ? (
        <Alert color="blue" variant="light">
          {M.linking(r.byAssetClass.linking, r.byAssetClass.periods)}
        </Alert>
      ) : (
        r.byAssetClassNote && <Alert color="gray">{r.byAssetClassNote}</Alert>
      )}
      {r.charts['attribution'] && <ResultChartPanel chart={r.charts['attribution']} />}
      <ResultTablesList run={run} tables={r.tables} names={['attributionAssetClass']} />
      {r.reconciliation && (
        <Alert color="gray" variant="light" data-testid="attribution-reconciliation">
          {M.reconciliation({
            holdings: formatPct(r.reconciliation.holdingsReturn),
            unitPrice: formatPct(r.reconciliation.unitPriceReturn),
            residual: formatPct(r.reconciliation.residual),
            fees: formatPct(r.reconciliation.fees),
            other: formatPct(r.reconciliation.other),
            otherPerYear: formatPct(r.reconciliation.otherPerYear),
          })}
        </Alert>
      )}
      <ResultTablesList run={run} tables={r.tables} names={['reconciliation']} />
      {r.bySectorNote && <Alert color="gray">{r.bySectorNote}</Alert>}
      <ResultTablesList
        run={run}
        tables={r.tables}
        names={['attributionSector', 'contributions']}
      />
    </Stack>
  );
}

/** The 'performance-report' result screen: the view of a done run on the run and result lists. */
export const performanceReportResultScreen = defineResultScreen({
  analysisType: 'performance-report',
  subtitle: M.resultSubtitle,
  describeInputs: (i) => {
    const code = typeof i['portfolioCode'] === 'string' ? i['portfolioCode'] : '–';
    return typeof i['annualFeeRatePct'] === 'number'
      ? `${code} · %${formatNumber(i['annualFeeRatePct'], 2)} ücret`
      : `${code} · kayıtlı ücret oranı`;
  },
  View: PerformanceReportView,
});
