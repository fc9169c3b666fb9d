import { Group, Paper, Text } from '@mantine/core';
import type { ResolvedVarParameters, RunSummary } from '@fonrisk/contracts';
import { formatDate } from '../../../lib/format.ts';
import { parameterRows } from './method-text.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

function snapshotText(snapshot: Record<string, unknown> | null): string | null {
  if (!snapshot) return null;
  const through = snapshot['marketDataThrough'];
  return typeof through === 'string' ? `Piyasa verisi: ${formatDate(through)}` : null;
}

/** The resolved model parameters of a result in one strip, with who ran it and the data used. */
export function ParametersPanel({
  parameters,
  run,
}: {
  parameters: ResolvedVarParameters;
  run: RunSummary;
}) {
  const data = snapshotText(run.dataSnapshot);
  return (
    <Paper withBorder radius="md" p="xs" bg="gray.0" data-testid="parameters">
      <Group gap="lg" wrap="wrap">
        {parameterRows(parameters).map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
        {data && (
          <div>
            <Text size="xs" c="dimmed">
              {ANALYSIS_MESSAGES.dataSnapshot}
            </Text>
            <Text size="sm" fw={600}>
              {data}
            </Text>
          </div>
        )}
        {run.engineVersion && (
          <Text size="xs" c="dimmed" ml="auto">
            {ANALYSIS_MESSAGES.engine(run.engineVersion)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
