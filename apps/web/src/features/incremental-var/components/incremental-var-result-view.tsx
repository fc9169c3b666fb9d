import { Alert, Grid, Stack, Text } from '@mantine/core';
import { INCREMENTAL_VAR_TOP, incrementalVarChart } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { FigureCards, Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ParametersPanel } from '../../analysis-runs/components/parameters-panel.tsx';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { INCREMENTAL_MESSAGES as M } from '../messages.ts';

/** The result of an 'incremental-var' run: component VaR per position and the what-if outcome. */
export function IncrementalVarResultView({ run, result }: ResultViewProps<'incremental-var'>) {
  const top = Math.min(INCREMENTAL_VAR_TOP, result.positions.length);
  const w = result.whatIf;
  return (
    <Stack gap="md" data-testid="incremental-result">
      <ParametersPanel parameters={result.parameters} />
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
              option={incrementalVarChart(result).option}
              height={Math.max(180, top * 28 + 30)}
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
