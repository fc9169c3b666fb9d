import { useMemo, useState } from 'react';
import { Alert, Select, Stack, TagsInput, Text } from '@mantine/core';
import {
  LeverageResultSchema,
  type LeveragePortfolio,
  type ResultTables,
  type Run,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { horizontalBarOption } from '../../../components/analysis/charts/options.ts';
import {
  FigureCards,
  LimitStatusBadge,
  Section,
  statusRowStyle,
} from '../../../components/analysis/figures.tsx';
import { formatPct, formatTry } from '../../../components/analysis/format.ts';
import {
  PortfolioMultiSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../../components/analysis/portfolio-select.tsx';
import { ResultTablePanel } from '../../../components/analysis/result-table.tsx';
import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LEVERAGE_MESSAGES as M } from '../messages.ts';
import { INITIAL_LEVERAGE_FORM, validateLeverageForm } from './leverage-form-model.ts';

/** `leverage-analysis`: portfolios, date and designated hedges -> commitment and gross exposure. */
export function LeveragePage() {
  const form = useRunForm('leverage', () => INITIAL_LEVERAGE_FORM, validateLeverageForm);
  const portfolios = useAnalysisPortfolios();
  const { state, change, errors } = form;
  return (
    <RunScreen form={form} messages={M} renderResult={(run) => <LeverageResultView run={run} />}>
      <PortfolioMultiSelect
        value={state.portfolioCodes}
        onChange={(codes) => {
          const latest = latestDateOf(portfolios.data, codes[0] ?? null);
          change({
            portfolioCodes: codes,
            ...(state.asOfDate === '' && latest ? { asOfDate: latest } : {}),
          });
        }}
        error={errors.portfolioCodes}
      />
      <DateField
        label={M.asOfDate}
        value={state.asOfDate}
        onChange={(asOfDate) => change({ asOfDate })}
        error={errors.asOfDate}
      />
      <TagsInput
        label={M.hedges}
        description={M.hedgesHint}
        value={state.hedgeInstrumentCodes}
        onChange={(hedgeInstrumentCodes) => change({ hedgeInstrumentCodes })}
        error={errors.hedgeInstrumentCodes}
        clearable
      />
    </RunScreen>
  );
}

/** `leverage-analysis-result` */
export function LeverageResultPage() {
  return (
    <RunResultsPage
      analysisType="leverage"
      subtitle={M.resultSubtitle}
      describeInputs={() => '–'}
      renderResult={(run) => <LeverageResultView run={run} />}
    />
  );
}

export function LeverageResultView({ run }: { run: Run }) {
  const parsed = useMemo(() => LeverageResultSchema.safeParse(run.result), [run.result]);
  const [code, setCode] = useState<string | null>(null);
  if (!parsed.success) return <Alert color="red">{M.resultInvalid}</Alert>;
  const result = parsed.data;
  const detail = result.portfolios.find((p) => p.portfolioCode === code) ?? result.portfolios[0];
  return (
    <Stack gap="md" data-testid="leverage-result">
      {result.tables['summary'] && (
        <ResultTablePanel
          runId={run.id}
          name="summary"
          table={result.tables['summary']}
          rowStyle={(r) => statusRowStyle(r['status'])}
        />
      )}
      {result.portfolios.length > 1 && (
        <Select
          label={M.portfolio}
          data={result.portfolios.map((p) => ({
            value: p.portfolioCode,
            label: `${p.portfolioCode} · ${p.portfolioName}`,
          }))}
          value={detail?.portfolioCode ?? null}
          onChange={setCode}
          allowDeselect={false}
          w={380}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {detail && <LeverageDetail run={run} detail={detail} tables={result.tables} />}
    </Stack>
  );
}

function LeverageDetail({
  run,
  detail,
  tables,
}: {
  run: Run;
  detail: LeveragePortfolio;
  tables: ResultTables;
}) {
  return (
    <Stack gap="md">
      <Text
        fw={700}
        size="lg"
      >{`${detail.portfolioCode} · ${detail.portfolioName} · ${formatDate(detail.asOfDate)}`}</Text>
      <FigureCards
        cols={5}
        figures={[
          {
            label: M.commitment,
            value: formatPct(detail.commitmentPct),
            hint: formatTry(detail.commitmentTry, 0),
            tone: detail.status,
            testId: 'commitment-pct',
          },
          {
            label: M.gross,
            value: formatPct(detail.grossPct),
            hint: formatTry(detail.grossTry, 0),
          },
          { label: M.hedgeDeduction, value: formatTry(detail.hedgeDeductionTry, 0) },
          {
            label: M.limit,
            value: formatPct(detail.limitPct),
            hint: `${M.nav}: ${formatTry(detail.navTry, 0)}`,
          },
          { label: M.usage, value: formatPct(detail.usage, 1), tone: detail.status },
        ]}
      />
      <LimitStatusBadge status={detail.status} />
      <Section title={M.chartTitle}>
        <EChart
          option={horizontalBarOption(
            [
              { label: M.commitmentSeries, value: detail.commitmentPct },
              { label: M.grossSeries, value: detail.grossPct },
              { label: M.limitSeries, value: detail.limitPct },
            ],
            (v) => formatPct(v),
            (v) => formatPct(v, 0),
          )}
          height={160}
          ariaLabel={M.chartTitle}
        />
      </Section>
      {detail.positions.length === 0 && <Alert color="gray">{M.noDerivatives}</Alert>}
      {Object.entries(tables)
        .filter(([name]) => name !== 'summary')
        .map(([name, table]) => (
          <ResultTablePanel
            key={name}
            runId={run.id}
            name={name}
            table={table}
            rows={table.rows.filter(
              (r) =>
                r['portfolioCode'] === undefined || r['portfolioCode'] === detail.portfolioCode,
            )}
          />
        ))}
    </Stack>
  );
}
