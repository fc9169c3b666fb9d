import { useMemo, useState } from 'react';
import { Alert, Grid, NumberInput, Stack, Text } from '@mantine/core';
import {
  IncrementalVarResultSchema,
  type IncrementalVarResult,
  type Run,
  type VarSettings,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { horizontalBarOption } from '../../../components/analysis/charts/options.ts';
import { FigureCards, Section } from '../../../components/analysis/figures.tsx';
import { formatPct, formatTry } from '../../../components/analysis/format.ts';
import { describeVarInputs, sqrtTimeRule } from '../../../components/analysis/method-text.ts';
import { ModelFields } from '../../../components/analysis/model-fields.tsx';
import { ParametersPanel } from '../../../components/analysis/parameters-panel.tsx';
import {
  PortfolioSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../../components/analysis/portfolio-select.tsx';
import { ResultTablePanel } from '../../../components/analysis/result-table.tsx';
import { RunResultsPage } from '../../../components/analysis/run-results-page.tsx';
import { RunScreen } from '../../../components/analysis/run-screen.tsx';
import { WithVarSettings, useRunForm } from '../../../components/analysis/use-run-form.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { INCREMENTAL_MESSAGES as M } from '../messages.ts';
import { initialIncrementalForm, validateIncrementalForm } from './incremental-form-model.ts';
import { TradeEditor } from './trade-editor.tsx';

/** `incremental-var`: a portfolio on a date, model, and proposed trades -> VaR decomposition and what-if. */
export function IncrementalVarPage() {
  return (
    <WithVarSettings>{(settings) => <IncrementalScreen settings={settings} />}</WithVarSettings>
  );
}

function IncrementalScreen({ settings }: { settings: VarSettings }) {
  const [tradeErrors, setTradeErrors] = useState<Readonly<Record<number, string>>>({});
  const form = useRunForm(
    'incremental-var',
    () => initialIncrementalForm(settings),
    (s) => {
      const checked = validateIncrementalForm(s);
      setTradeErrors(checked.tradeErrors ?? {});
      return checked;
    },
  );
  const portfolios = useAnalysisPortfolios();
  const { state, change, errors } = form;
  return (
    <RunScreen
      form={form}
      messages={M}
      renderResult={(run) => <IncrementalResultView run={run} />}
      layout="side"
    >
      <PortfolioSelect
        value={state.portfolioCode}
        onChange={(code) =>
          change({
            portfolioCode: code,
            asOfDate: latestDateOf(portfolios.data, code) ?? state.asOfDate,
          })
        }
        error={errors.portfolioCode}
      />
      <DateField
        label={M.asOfDate}
        value={state.asOfDate}
        onChange={(asOfDate) => change({ asOfDate })}
        error={errors.asOfDate}
      />
      <ModelFields state={state} onChange={change} errors={errors} />
      <NumberInput
        label={M.horizon}
        value={state.horizonDays}
        onChange={(v) => change({ horizonDays: typeof v === 'number' ? v : '' })}
        allowDecimal={false}
        min={1}
        max={250}
        error={errors.horizonDays}
      />
      {typeof state.horizonDays === 'number' && state.horizonScaling === 'sqrtTime' && (
        <Text size="sm" c="blue.8" ff="monospace">
          {sqrtTimeRule(state.horizonDays)}
        </Text>
      )}
      <TradeEditor
        portfolioCode={state.portfolioCode}
        asOfDate={state.asOfDate}
        trades={state.trades}
        onChange={(trades) => change({ trades })}
        errors={tradeErrors}
      />
    </RunScreen>
  );
}

/** `incremental-var-result` */
export function IncrementalVarResultPage() {
  return (
    <RunResultsPage
      analysisType="incremental-var"
      subtitle={M.resultSubtitle}
      describeInputs={describeVarInputs}
      renderResult={(run) => <IncrementalResultView run={run} />}
    />
  );
}

export function IncrementalResultView({ run }: { run: Run }) {
  const parsed = useMemo(() => IncrementalVarResultSchema.safeParse(run.result), [run.result]);
  if (!parsed.success) return <Alert color="red">{M.resultInvalid}</Alert>;
  return <IncrementalBody run={run} result={parsed.data} />;
}

function IncrementalBody({ run, result }: { run: Run; result: IncrementalVarResult }) {
  const top = [...result.positions]
    .sort((a, b) => Math.abs(b.componentVarTry) - Math.abs(a.componentVarTry))
    .slice(0, 12);
  const w = result.whatIf;
  return (
    <Stack gap="md" data-testid="incremental-result">
      <ParametersPanel parameters={result.parameters} run={run} />
      <Text fw={700} size="lg">{`${result.portfolioCode} · ${result.portfolioName}`}</Text>
      <FigureCards
        figures={[
          { label: M.varTry, value: formatTry(result.varTry, 0), hint: formatPct(result.varPct) },
          { label: M.esTry, value: formatTry(result.esTry, 0) },
          { label: M.componentSum, value: formatTry(result.componentSumTry, 0) },
          ...(w
            ? [
                {
                  label: M.varAfter,
                  value: formatTry(w.varAfterTry, 0),
                  hint: `${M.varChange}: ${formatTry(w.varChangeTry, 0)}`,
                  tone: w.varChangeTry > 0 ? ('warning' as const) : ('ok' as const),
                  testId: 'var-after',
                },
              ]
            : []),
        ]}
      />
      {w && (
        <Alert
          color={w.varChangeTry > 0 ? 'orange' : 'green'}
          title={`${M.varBefore}: ${formatTry(w.varBeforeTry, 0)} → ${M.varAfter}: ${formatTry(w.varAfterTry, 0)}`}
        >
          <Text size="sm">
            {M.esChange(formatTry(w.esBeforeTry, 0), formatTry(w.esAfterTry, 0))}
          </Text>
          <Text size="sm">{M.navAfter(formatTry(w.navAfterTry, 0))}</Text>
          {w.linearEstimateTry !== null && (
            <Text size="sm">{M.linearEstimate(formatTry(w.linearEstimateTry, 0))}</Text>
          )}
        </Alert>
      )}
      <Grid gutter="sm">
        <Grid.Col span={12}>
          <Section title={M.componentChart}>
            <EChart
              option={horizontalBarOption(
                top.map((p) => ({ label: p.instrumentCode, value: p.componentVarTry })),
                (v) => formatTry(v, 0),
              )}
              height={Math.max(180, top.length * 28 + 30)}
              ariaLabel={M.componentChart}
            />
          </Section>
        </Grid.Col>
      </Grid>
      {Object.entries(result.tables).map(([name, table]) => (
        <ResultTablePanel
          key={name}
          runId={run.id}
          name={name}
          table={table}
          height={name === 'positions' ? 460 : undefined}
        />
      ))}
    </Stack>
  );
}
