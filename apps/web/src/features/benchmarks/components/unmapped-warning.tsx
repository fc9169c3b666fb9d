import { Alert, List, Text } from '@mantine/core';
import type { BenchmarkUnmappedInstrument } from '@fonrisk/contracts';
import { formatNumber } from '../../../lib/format.ts';
import { BENCHMARK_MESSAGES as M } from '../messages.ts';

/**
 * Warns that a holdings benchmark carried some positions at a zero return (no ticker mapping, no
 * series value or no FX rate), largest weight first, so the risk officer can judge the index.
 */
export function UnmappedWarning({
  unmapped,
}: {
  unmapped: readonly BenchmarkUnmappedInstrument[];
}) {
  if (unmapped.length === 0) return null;
  const sorted = [...unmapped].sort((a, b) => b.maxWeightPct - a.maxWeightPct);
  return (
    <Alert color="yellow" title={M.unmappedTitle(unmapped.length)} data-testid="benchmark-unmapped">
      <Text size="sm" mb={4}>
        {M.unmappedText}
      </Text>
      <List size="sm" spacing={2}>
        {sorted.map((u) => (
          <List.Item key={u.instrumentCode}>
            <Text span fw={600} size="sm">
              {u.instrumentCode}
            </Text>
            {u.instrumentName ? ` · ${u.instrumentName}` : ''}
            {` — ${M.unmappedWeight(formatNumber(u.maxWeightPct))}; ${u.reason}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
