import { useState } from 'react';
import { Button, Select, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  ANALYSIS_TYPE_IDS,
  findAnalysisType,
  type CreateReportRequest,
  type RunSummary,
} from '@fonrisk/contracts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useRun } from '../../analysis-runs/api/get-run.ts';
import { useRuns } from '../../analysis-runs/api/get-runs.ts';
import { PortfolioSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { portfolioCell } from '../../analysis-runs/components/run-list.tsx';
import { ANALYSIS_MESSAGES } from '../../analysis-runs/messages.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { ReportFormPage, TemplateSelect, useStartReport } from './reporting-page.tsx';

/**
 * How many finished runs the chooser offers (newest first; the type and portfolio filters narrow
 * them, and the chooser says when there are more: a large house finishes ~1,100 runs a night).
 */
export const RUN_CHOICES = 200;

function runDates(run: RunSummary): string {
  if (run.asOfDate !== null) return formatDate(run.asOfDate);
  if (run.fromDate !== null && run.toDate !== null)
    return `${formatDate(run.fromDate)} – ${formatDate(run.toDate)}`;
  return formatDateTime(run.createdAt);
}

/** "RMD Analizi · AAK · 31.10.2026 · Ayşe Hesap" */
export function runLabel(run: RunSummary): string {
  return M.runLabel(
    findAnalysisType(run.analysisType)?.title ?? run.analysisType,
    portfolioCell(run.portfolioCodes),
    runDates(run),
    run.createdBy.fullName,
  );
}

/**
 * analysis-based-report: one finished run of any module (preselected by `?run=<id>` from a result
 * screen's "Rapor oluştur"), an optional template, "Raporu oluştur"; the report's progress and
 * downloads show beside.
 */
export function AnalysisBasedReportPage() {
  const [params, setParams] = useSearchParams();
  const { followed, start, isPending } = useStartReport();
  const session = useSession();
  const runId = params.get('run');
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const [portfolioFilter, setPortfolioFilter] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const runs = useRuns({
    status: 'done',
    limit: RUN_CHOICES,
    ...(typeFilter === null ? {} : { analysisType: typeFilter }),
    ...(portfolioFilter === null ? {} : { portfolioCode: portfolioFilter }),
  });
  const chosen = useRun(runId);
  const choose = (id: string | null): void =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (id === null) out.delete('run');
      else out.set('run', id);
      return out;
    });

  const listed = runs.data?.items ?? [];
  const total = runs.data?.total ?? 0;
  const options = [
    ...(chosen.data && !listed.some((r) => r.id === chosen.data.id) ? [chosen.data] : []),
    ...listed,
  ].map((r) => ({ value: r.id, label: runLabel(r) }));
  const notDone = chosen.data !== undefined && chosen.data.status !== 'done';

  const submit = (): void => {
    if (runId === null) {
      setError(M.chooseRun);
      return;
    }
    setError(undefined);
    const trimmed = title.trim();
    const request: CreateReportRequest = {
      sourceRunId: runId,
      ...(templateId === null ? {} : { templateId: Number(templateId) }),
      ...(trimmed === '' ? {} : { title: trimmed }),
    };
    // Refused at submission: the reason (a date without holdings names the nearest dates) under the run.
    start(request, (errors) => setError(Object.values(errors).join(' ')));
  };

  return (
    <ReportFormPage
      path="analysis-based-report"
      subtitle={M.analysisBasedSubtitle}
      panelWidth={460}
      followed={followed}
      onSubmit={submit}
    >
      <Select
        label={M.analysisType}
        placeholder={M.anyAnalysisType}
        data={ANALYSIS_TYPE_IDS.filter((id) => {
          // Only the types of the user's modules (null: any module, e.g. bond analysis).
          const module = findAnalysisType(id)?.module ?? null;
          return module === null || (session?.modules.includes(module) ?? false);
        }).map((id) => ({
          value: id,
          label: findAnalysisType(id)?.title ?? id,
        }))}
        value={typeFilter}
        onChange={setTypeFilter}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <PortfolioSelect
        value={portfolioFilter}
        onChange={setPortfolioFilter}
        clearable
        placeholder={ANALYSIS_MESSAGES.anyPortfolio}
      />
      <Select
        label={M.sourceRun}
        placeholder={M.sourceRunPlaceholder}
        description={total > listed.length ? M.newestRunsOf(listed.length, total) : undefined}
        data={options}
        value={runId}
        onChange={choose}
        error={error ?? (notDone ? M.runNotDone : undefined)}
        searchable
        nothingFoundMessage={M.noDoneRuns}
        maxDropdownHeight={360}
        comboboxProps={{ withinPortal: true }}
        data-testid="source-run-select"
      />
      {chosen.data && (
        <Text size="xs" c="dimmed" data-testid="source-run-summary">
          {runLabel(chosen.data)}
          {chosen.data.engineVersion === null ? '' : ` · v${chosen.data.engineVersion}`}
        </Text>
      )}
      <TemplateSelect
        label={M.optionalTemplate}
        description={M.optionalTemplateHelp}
        value={templateId}
        onChange={setTemplateId}
        clearable
      />
      <TextInput
        label={M.reportTitle}
        description={M.reportTitleHelp}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <Button type="submit" loading={isPending} disabled={notDone}>
        {M.generate}
      </Button>
    </ReportFormPage>
  );
}
