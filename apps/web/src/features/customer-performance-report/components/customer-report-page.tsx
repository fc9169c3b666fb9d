import { useMemo } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { CustomerPerformanceReportResultSchema, type Run } from '@fonrisk/contracts';
import { FigureCards } from '../../../components/analysis/figures.tsx';
import { formatPct, formatTry } from '../../../components/analysis/format.ts';
import { PortfolioSelect } from '../../../components/analysis/portfolio-select.tsx';
import {
  ExportReportButton,
  ReportScreen,
  ResultChartPanel,
  ResultTablesList,
} from '../../../components/analysis/report-parts.tsx';
import { useRunForm } from '../../../components/analysis/use-run-form.tsx';
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
      <ReportScreen
        analysisType="customer-performance-report"
        form={form}
        messages={M}
        subtitle={M.resultSubtitle}
        describeInputs={() => '–'}
        renderResult={(run) => <CustomerReportView run={run} />}
      >
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

export function CustomerReportView({ run }: { run: Run }) {
  const parsed = useMemo(
    () => CustomerPerformanceReportResultSchema.safeParse(run.result),
    [run.result],
  );
  if (!parsed.success) return <Alert color="red">{M.resultInvalid}</Alert>;
  const r = parsed.data;
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
