import { Button, Group, Paper, Text } from '@mantine/core';
import { RunStatus, type Run } from '@fonrisk/contracts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDownloadRunBundle } from '../api/download-run-bundle.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

function isDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** Every ISO date of a value: a date, a list of dates, or a record of those (per portfolio). */
function datesIn(value: unknown): string[] {
  if (isDate(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(datesIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(datesIn);
  return [];
}

function range(dates: readonly string[]): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`;
}

/**
 * The data dates a run used, read from its `dataSnapshot` (decision 0040): holdings dates
 * (`holdingsDates` per portfolio or `holdingsDate`) and the last market date (`marketDataThrough`).
 */
export function dataDateRows(snapshot: Record<string, unknown> | null): [string, string][] {
  if (!snapshot) return [];
  const rows: [string, string][] = [];
  const holdings = range(datesIn([snapshot['holdingsDates'], snapshot['holdingsDate']]));
  if (holdings) rows.push([ANALYSIS_MESSAGES.holdingsDates, holdings]);
  const market = snapshot['marketDataThrough'];
  if (isDate(market)) rows.push([ANALYSIS_MESSAGES.marketDataThrough, formatDate(market)]);
  return rows;
}

/**
 * Where a done run's figures come from: the engine version, the data dates, and the download of
 * its input bundle (every type records one, decision 0041), which `npx fonrisk replay` re-runs.
 */
export function RunProvenance({ run }: { readonly run: Run }) {
  const download = useDownloadRunBundle();
  const offersBundle = run.status === RunStatus.Done;
  const rows = dataDateRows(run.dataSnapshot);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="run-provenance">
      <Group gap="lg" wrap="wrap">
        {run.engineVersion && (
          <div>
            <Text size="xs" c="dimmed">
              {ANALYSIS_MESSAGES.engineLabel}
            </Text>
            <Text size="sm" fw={600}>
              {run.engineVersion}
            </Text>
          </div>
        )}
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
        {offersBundle && (
          <Button
            ml="auto"
            size="compact-sm"
            variant="light"
            loading={download.isPending}
            title={ANALYSIS_MESSAGES.bundleHint}
            data-testid="download-bundle"
            onClick={() => {
              download.mutate(
                { runId: run.id },
                {
                  onSuccess: (file) => {
                    toastStore.show('success', ANALYSIS_MESSAGES.exported(file.fileName));
                  },
                },
              );
            }}
          >
            {ANALYSIS_MESSAGES.downloadBundle}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
