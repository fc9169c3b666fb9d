import { Stack, Text } from '@mantine/core';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { PortfolioSelect } from '../../analysis-runs/components/portfolio-select.tsx';
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
import { formatDate } from '../../../lib/format.ts';
import { CUSTOMER_REPORT_MESSAGES as M } from '../messages.ts';
import { CashFlowsPanel } from './cash-flows-panel.tsx';
import {
  INITIAL_CUSTOMER_REPORT_FORM,
  validateCustomerReportForm,
} from './customer-report-form.ts';

/** `customer-performance-report`: the form and cash-flow model for runners, every finished report. */
export function CustomerReportPage() {
  const form = useRunForm(
    'customer-performance-report',
    () => INITIAL_CUSTOMER_REPORT_FORM,
    validateCustomerReportForm,
  );
  const { state, change, errors } = form;
  return (
    <Stack gap="md">
      <ReportScreen form={form} messages={M} screen={customerReportResultScreen}>
        <PortfolioSelect
          label={M.portfolio}
          value={state.portfolioCode}
          onChange={(portfolioCode) => change({ portfolioCode })}
          error={errors.portfolioCode}
        />
        <DateField
          label={M.fromDate}
          value={state.fromDate}
          onChange={(fromDate) => change({ fromDate })}
          error={errors.fromDate}
        />
        <DateField
          label={M.toDate}
          value={state.toDate}
          onChange={(toDate) => change({ toDate })}
          error={errors.toDate}
        />
      </ReportScreen>
      <CashFlowsPanel code={state.portfolioCode} />
    </Stack>
  );
}

export function CustomerReportView({
  run,
  result: r,
}: ResultViewProps<'customer-performance-report'>) {
  return (
    <Stack gap="md" data-testid="customer-report-result">
      <Text fw={700} size="lg">
        {M.header(
          `${r.portfolioCode} · ${r.portfolioName}`,
          formatDate(r.fromDate),
          formatDate(r.toDate),
        )}
      </Text>
      <ExportReportButton runId={run.id} label={M.exportReport} />
      <FigureCards
        cols={4}
        figures={[
          {
            label: M.netReturn,
            value: formatPct(r.netReturn),
            hint:
              r.netReturnAnnualized === null
                ? undefined
                : M.annualised(formatPct(r.netReturnAnnualized)),
            testId: 'customer-net-return',
          },
          { label: M.grossReturn, value: formatPct(r.grossReturn) },
          {
            label: M.irr,
            value: formatPct(r.irrPeriod),
            hint: M.irrAnnual(formatPct(r.irrAnnualized)),
          },
          { label: M.fees, value: formatTry(r.fees) },
          { label: M.opening, value: formatTry(r.openingValue, 0) },
          { label: M.netFlows, value: formatTry(r.netFlows, 0) },
          { label: M.closing, value: formatTry(r.closingValue, 0) },
        ]}
      />
      {Object.entries(r.charts).map(([name, chart]) => (
        <ResultChartPanel key={name} chart={chart} />
      ))}
      <ResultTablesList run={run} tables={r.tables} names={['summary', 'statement', 'flows']} />
    </Stack>
  );
}

/** The 'customer-performance-report' result screen. */
export const customerReportResultScreen = defineResultScreen({
  analysisType: 'customer-performance-report',
  subtitle: M.resultSubtitle,
  describeInputs: (i) => (typeof i['portfolioCode'] === 'string' ? i['portfolioCode'] : '–'),
  View: CustomerReportView,
});
