import { useMemo, useState } from 'react';
import {
  Alert,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { StressTestResultSchema, type Run, type StressOutcome } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { horizontalBarOption } from '../../../components/analysis/charts/options.ts';
import { FigureCards, Section } from '../../../components/analysis/figures.tsx';
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
import { useStressScenarios } from '../api/get-stress-scenarios.ts';
import { STRESS_MESSAGES as M } from '../messages.ts';
import { ScenarioLibrary } from './scenario-library.tsx';
import { INITIAL_STRESS_FORM, validateStressForm } from './stress-form-model.ts';

const toNumber = (v: string | number): number | '' => (typeof v === 'number' ? v : '');

/** `stress-test`: the scenario library, then portfolios, date and scenarios -> full revaluation. */
export function StressTestPage() {
  const form = useRunForm('stress-test', () => INITIAL_STRESS_FORM, validateStressForm);
  const portfolios = useAnalysisPortfolios();
  const scenarios = useStressScenarios();
  const { state, change, errors } = form;
  return (
    <Stack gap="md">
      <RunScreen form={form} messages={M} renderResult={(run) => <StressResultView run={run} />}>
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
        <MultiSelect
          label={M.scenarios}
          description={M.scenariosHint}
          data={(scenarios.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={state.scenarioIds}
          onChange={(scenarioIds) => change({ scenarioIds })}
          error={errors.scenarioIds}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={M.reverseLoss}
          description={M.reverseLossHint}
          value={state.reverseLossPct}
          onChange={(v) => change({ reverseLossPct: toNumber(v) })}
          min={0}
          max={100}
          decimalSeparator=","
          error={errors.reverseLossPct}
        />
        <TextInput
          label={M.equityIndex}
          value={state.equityIndexTicker}
          onChange={(e) => change({ equityIndexTicker: e.currentTarget.value })}
          error={errors.equityIndexTicker}
        />
      </RunScreen>
      {scenarios.data && <ScenarioLibrary scenarios={scenarios.data} />}
    </Stack>
  );
}

/** `stress-test-result` */
export function StressTestResultPage() {
  return (
    <RunResultsPage
      analysisType="stress-test"
      subtitle={M.resultSubtitle}
      describeInputs={(inputs) => {
        const codes = Array.isArray(inputs['portfolioCodes'])
          ? inputs['portfolioCodes'].join(', ')
          : '–';
        const date = typeof inputs['asOfDate'] === 'string' ? formatDate(inputs['asOfDate']) : '–';
        const count = Array.isArray(inputs['scenarioIds']) ? inputs['scenarioIds'].length : 0;
        return M.describeInputs(codes, date, count);
      }}
      renderResult={(run) => <StressResultView run={run} />}
    />
  );
}

function outcomeStyle(r: Record<string, unknown>): Record<string, string> | undefined {
  if (r['negativeNav'] === true || r['leverageBreach'] === true) return { background: '#ffe3e3' };
  if (r['worst'] === true) return { background: '#fff4e6', fontWeight: '700' };
  return undefined;
}

export function StressResultView({ run }: { run: Run }) {
  const parsed = useMemo(() => StressTestResultSchema.safeParse(run.result), [run.result]);
  const [code, setCode] = useState<string | null>(null);
  const [scenario, setScenario] = useState<string | null>(null);
  if (!parsed.success) return <Alert color="red">{M.resultInvalid}</Alert>;
  const result = parsed.data;
  const codes = [...new Set(result.outcomes.map((o) => o.portfolioCode))];
  const current = code !== null && codes.includes(code) ? code : (codes[0] ?? null);
  const outcomes = result.outcomes.filter((o) => o.portfolioCode === current);
  const worst: StressOutcome | undefined = outcomes.find((o) => o.worst);
  const names = result.scenarios.map((s) => s.name);
  const shownScenario =
    scenario !== null && names.includes(scenario) ? scenario : (worst?.scenarioName ?? null);
  const reverse = result.reverse.find((r) => r.portfolioCode === current);
  const tables = result.tables;
  const forFund = (rows: readonly Record<string, unknown>[]) =>
    rows.filter((r) => r['portfolioCode'] === current);
  return (
    <Stack gap="md" data-testid="stress-result">
      {tables['summary'] && (
        <ResultTablePanel
          runId={run.id}
          name="summary"
          table={tables['summary']}
          rowStyle={outcomeStyle}
        />
      )}
      <Group>
        {codes.length > 1 && (
          <Select
            label={M.portfolio}
            data={codes}
            value={current}
            onChange={setCode}
            allowDeselect={false}
            w={200}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label={M.scenario}
          data={names}
          value={shownScenario}
          onChange={setScenario}
          allowDeselect={false}
          w={320}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {worst && (
        <FigureCards
          cols={3}
          figures={[
            {
              label: M.worstFigure,
              value: formatPct(worst.pnlPct),
              hint: `${worst.scenarioName} · ${formatTry(worst.pnlTry, 0)}`,
              tone: worst.negativeNav || worst.leverageBreach ? 'breach' : 'warning',
              testId: 'stress-worst',
            },
            { label: M.navFigure, value: formatTry(worst.navTry, 0) },
            {
              label: M.reverseFigure,
              value: reverse
                ? `${reverse.equityShock === null ? M.none : formatPct(reverse.equityShock)} / ${reverse.fxShock === null ? M.none : formatPct(reverse.fxShock)}`
                : '–',
              hint: reverse ? formatPct(-reverse.lossPct) : undefined,
            },
          ]}
        />
      )}
      {outcomes.some((o) => o.negativeNav) && <Alert color="red">{M.negativeNav}</Alert>}
      {outcomes.some((o) => o.leverageBreach) && <Alert color="red">{M.leverageBreach}</Alert>}
      <Section title={M.chartTitle}>
        <EChart
          option={horizontalBarOption(
            outcomes.map((o) => ({ label: o.scenarioName, value: o.pnlPct })),
            (v) => formatPct(v),
            (v) => formatPct(v, 0),
          )}
          height={Math.max(140, 40 * outcomes.length)}
          ariaLabel={M.chartTitle}
        />
      </Section>
      {result.notes.length > 0 && (
        <Section title={M.notes}>
          {result.notes.map((n) => (
            <Text key={n} size="xs">
              {n}
            </Text>
          ))}
        </Section>
      )}
      {tables['assetClasses'] && (
        <ResultTablePanel
          runId={run.id}
          name="assetClasses"
          table={tables['assetClasses']}
          rows={forFund(tables['assetClasses'].rows).filter(
            (r) => r['scenarioName'] === shownScenario,
          )}
        />
      )}
      {tables['positions'] && (
        <ResultTablePanel
          runId={run.id}
          name="positions"
          table={tables['positions']}
          rows={forFund(tables['positions'].rows).filter(
            (r) => r['scenarioName'] === shownScenario,
          )}
        />
      )}
      {tables['reverse'] && tables['reverse'].rows.length > 0 && (
        <ResultTablePanel runId={run.id} name="reverse" table={tables['reverse']} />
      )}
    </Stack>
  );
}
