import { Group, Paper, Text } from '@mantine/core';
import type { ResolvedVarParameters } from '@fonrisk/contracts';
import { parameterRows } from './method-text.ts';

/**
 * The resolved model parameters of a result in one strip (the engine version and the data dates
 * are on the run's provenance strip above every result, run-provenance.tsx).
 */
export function ParametersPanel({ parameters }: { parameters: ResolvedVarParameters }) {
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
      </Group>
    </Paper>
  );
}
