import { useState } from 'react';
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { stressChart, stressNotesOf, type StressOutcome } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { FigureCards, Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import { RunTablePanel } from '../../analysis-runs/components/run-table-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { STRESS_MESSAGES as M } from '../messages.ts';
import { reverseText } from './reverse-text.ts';

function outcomeStyle(r: Record<string, unknown>): Record<string, string> | undefined {
  if (r['negativeNav'] === true || r['leverageBreach'] === true) return { background: '#ffe3e3' };
  if (r['worst'] === true) return { background: '#fff4e6', fontWeight: '700' };
  return undefined;
}

/** The result of a 'stress-test' run: outcomes, one portfolio's scenario detail, reverse stress. */
export function StressResultView({ run, result }: ResultViewProps<'stress-test'>) {
  const [code, setCode] = useState<string | null>(null);
  const [scenario, setScenario] = useState<string | null>(null);
  const codes = [...new Set(result.outcomes.map((o) => o.portfolioCode))];
  const current = code !== null && codes.includes(code) ? code : (codes[0] ?? null);
  const outcomes = result.outcomes.filter((o) => o.portfolioCode === current);
  const worst: StressOutcome | undefined = outcomes.find((o) => o.worst);
  const names = result.scenarios.map((s) => s.name);
  const shownScenario =
    scenario !== null && names.includes(scenario) ? scenario : (worst?.scenarioName ?? null);
  const reverse = result.reverse.find((r) => r.portfolioCode === current);
  // The chosen portfolio's notes and the run's: a run of 100 funds holds some 130, 22,000 px.
  const notes = current === null ? result.notes : stressNotesOf(result.notes, current, codes);
  const tables = result.tables;
  const forFund = (rows: readonly Record<string, unknown>[]) =>
    rows.filter((r) => r['portfolioCode'] === current);
  return (
    <Stack gap="md" data-testid="stress-result">
      <RunTablePanel runId={run.id} tables={tables} name="summary" rowStyle={outcomeStyle} />
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
              value: reverse ? reverseText(reverse) : '–',
              hint: reverse ? M.reverseTarget(formatPct(reverse.lossPct)) : undefined,
              testId: 'stress-reverse',
            },
          ]}
        />
      )}
      {outcomes.some((o) => o.negativeNav) && <Alert color="red">{M.negativeNav}</Alert>}
      {outcomes.some((o) => o.leverageBreach) && <Alert color="red">{M.leverageBreach}</Alert>}
      <Section title={M.chartTitle}>
        <EChart
          option={stressChart(outcomes).option}
          height={Math.max(140, 40 * outcomes.length)}
          ariaLabel={M.chartTitle}
        />
      </Section>
      {notes.length > 0 && (
        <Section title={codes.length > 1 && current !== null ? M.notesOf(current) : M.notes}>
          {notes.map((n) => (
            <Text key={n} size="xs">
              {n}
            </Text>
          ))}
        </Section>
      )}
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="assetClasses"
        rows={(all) => forFund(all).filter((r) => r['scenarioName'] === shownScenario)}
      />
      <RunTablePanel
        runId={run.id}
        tables={tables}
        name="positions"
        rows={(all) => forFund(all).filter((r) => r['scenarioName'] === shownScenario)}
      />
      {tables['reverse'] && tables['reverse'].rows.length > 0 && (
        <ResultTablePanel runId={run.id} name="reverse" table={tables['reverse']} />
      )}
    </Stack>
  );
}
