import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Section } from '../../analysis-runs/components/figures.tsx';
import { ResultChartPanel } from '../../analysis-runs/components/result-chart-panel.tsx';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { RISK_GRAPHIC_MESSAGES as M } from '../messages.ts';

/** The four charts of a 'risk-graphic' run, each with its PNG and Excel downloads. */
export function RiskGraphicResultView({ run, result }: ResultViewProps<'risk-graphic'>) {
  const { charts } = result;
  const panel = (key: string, height: number) => {
    const chart = charts[key];
    return chart ? (
      <ResultChartPanel
        runId={run.id}
        chart={chart}
        tableName={key}
        height={height}
        testId={`risk-graphic-${key}`}
      />
    ) : null;
  };
  const labels = result.tables['correlation']?.rows.length ?? 0;
  return (
    <Stack gap="md" data-testid="risk-graphic-result">
      <SimpleGrid cols={{ base: 1, xl: 2 }}>
        {panel('varUsage', 340)}
        {panel('riskReturn', 340)}
        {panel('correlation', Math.max(340, 160 + 28 * labels))}
        {panel('exposure', Math.max(340, 160 + 28 * labels))}
      </SimpleGrid>
      {result.notes.length > 0 && (
        <Section title={M.notes}>
          {result.notes.map((n) => (
            <Text key={n} size="xs">
              {n}
            </Text>
          ))}
        </Section>
      )}
    </Stack>
  );
}
