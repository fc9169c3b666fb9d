import { Paper, Text } from '@mantine/core';
import {
  approachFor,
  ModelParameterInputsSchema,
  resolveParameters,
  type VarSettings,
} from '@fonrisk/contracts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { parameterRows } from './method-text.ts';

/**
 * "Kullanılacak parametreler": the form's model inputs merged with the saved settings by
 * contracts `resolveParameters` and `approachFor`, the functions the worker resolves the run
 * with, so the preview is what the run will use. `overrides` are the type's fixed parameters
 * (a backtest's 1-day absolute VaR, contracts BACKTEST_MODEL_OVERRIDES).
 */
export function ResolvedParametersPreview({
  inputs,
  settings,
  portfolioCode,
  overrides = {},
}: {
  readonly inputs: Record<string, unknown>;
  readonly settings: VarSettings;
  /** The portfolio whose limit row may set the approach (null: several or none chosen). */
  readonly portfolioCode: string | null;
  readonly overrides?: Record<string, unknown>;
}) {
  const parsed = ModelParameterInputsSchema.safeParse({ ...inputs, ...overrides });
  return (
    <Paper withBorder radius="md" p="xs" bg="gray.0" data-testid="resolved-parameters">
      <Text size="xs" c="dimmed">
        {ANALYSIS_MESSAGES.resolvedParameters}
      </Text>
      {parsed.success ? (
        <Text size="sm">
          {parameterRows(
            resolveParameters(
              {
                ...parsed.data,
                approach: approachFor(settings, portfolioCode, parsed.data.approach),
              },
              settings,
            ),
          )
            .map(([label, value]) => `${label}: ${value}`)
            .join(' · ')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {ANALYSIS_MESSAGES.resolvedParametersInvalid}
        </Text>
      )}
    </Paper>
  );
}
