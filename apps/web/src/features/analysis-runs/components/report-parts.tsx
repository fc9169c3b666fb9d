import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { AnalysisType, ResultChart, ResultTables, Run } from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useExportRunReport } from '../api/export-run-report.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { Section } from './figures.tsx';
import type { ResultScreen } from './result-screen.tsx';
import { ResultTablePanel } from './result-table.tsx';
import { RunResultsPage } from './run-results-page.tsx';
import { RunScreen, type RunScreenMessages } from './run-screen.tsx';
import type { RunFormHandle } from './use-run-form.tsx';

/** A chart stored in a result (plain ECharts option), drawn as it is. */
export function ResultChartPanel({ chart, height = 300 }: { chart: ResultChart; height?: number }) {
  return (
    <Section title={chart.title}>
      <EChart option={chart.option} height={height} ariaLabel={chart.title} />
    </Section>
  );
}

/** The result tables in the given order (names missing from the result are skipped). */
export function ResultTablesList({
  run,
  tables,
  names,
  rows,
}: {
  run: Run;
  tables: ResultTables;
  names: readonly string[];
  rows?: (name: string, all: Record<string, unknown>[]) => Record<string, unknown>[];
}) {
  return (
    <>
      {names.map((name) => {
        const table = tables[name];
        return table ? (
          <ResultTablePanel
            key={name}
            runId={run.id}
            name={name}
            table={table}
            rows={rows ? rows(name, table.rows) : undefined}
          />
        ) : null;
      })}
    </>
  );
}

/** Downloads the whole report (every table, one sheet each) as .xlsx. */
export function ExportReportButton({ runId, label }: { runId: string; label: string }) {
  const exporter = useExportRunReport();
  return (
    <Group justify="flex-end">
      <Button
        variant="light"
        loading={exporter.isPending}
        onClick={() => {
          exporter.mutate(
            { runId },
            {
              onSuccess: (file) => {
                toastStore.show('success', ANALYSIS_MESSAGES.exported(file.fileName));
              },
            },
          );
        }}
        data-testid="export-report"
      >
        {label}
      </Button>
    </Group>
  );
}

/**
 * A report screen whose route is both the run and the result screen (Module 5 reports): users who
 * may run analyses get the form and the run they start; everyone (observers too) gets the list of
 * finished reports, the demo run among them, to open one.
 */
export function ReportScreen<T extends AnalysisType>({
  form,
  messages,
  screen,
  children,
}: {
  form: RunFormHandle<T>;
  messages: RunScreenMessages;
  screen: ResultScreen<T>;
  children: ReactNode;
}) {
  const canWrite = useCanWrite();
  const list = <RunResultsPage screen={screen} withHeader={!canWrite} />;
  if (!canWrite) return list;
  return (
    <Stack gap="xl">
      <RunScreen form={form} messages={messages} screen={screen}>
        {children}
      </RunScreen>
      {list}
    </Stack>
  );
}
