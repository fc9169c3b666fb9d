import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  REPORT_STATUS_LABELS,
  findAnalysisType,
  type Report,
  type ReportFile,
  type ReportStatus,
} from '@fonrisk/contracts';
import { PortfolioCodes } from '../../analysis-runs/components/portfolio-codes.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDownloadReportFile } from '../api/download-report-file.ts';
import { isReportFinished } from '../api/report-cache.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';

export function ReportStatusBadge({ status }: { readonly status: ReportStatus }) {
  return <StatusBadge status={status} labels={REPORT_STATUS_LABELS} testId="report-status" />;
}

/** "31.10.2026" or "01.10.2026 – 31.10.2026" (a period), or '–' for a report without dates. */
export function reportDates(report: Pick<Report, 'asOfDate' | 'fromDate' | 'toDate'>): string {
  if (report.asOfDate !== null) return formatDate(report.asOfDate);
  if (report.fromDate !== null && report.toDate !== null)
    return `${formatDate(report.fromDate)} – ${formatDate(report.toDate)}`;
  return '–';
}

function fileText(file: ReportFile): string {
  const size = M.fileSize(file.sizeBytes);
  return file.pages === null ? size : `${M.pages(file.pages)} · ${size}`;
}

/** The PDF and Excel buttons of a ready report (each names the file's size, and the PDF its pages). */
export function ReportDownloads({
  report,
  size = 'compact-sm',
  wrap = false,
}: {
  readonly report: Report;
  readonly size?: 'compact-sm' | 'compact-xs';
  /** The buttons may go one under the other (a list's narrow column). */
  readonly wrap?: boolean;
}) {
  const download = useDownloadReportFile();
  if (report.status !== 'done') return null;
  return (
    <Group gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
      {report.files.map((file) => (
        <Button
          key={file.format}
          size={size}
          variant="light"
          color={file.format === 'pdf' ? 'red' : 'green'}
          title={`${file.fileName} · ${fileText(file)}`}
          onClick={() =>
            download.mutate(
              { id: report.id, format: file.format },
              { onSuccess: (f) => toastStore.show('success', M.downloaded(f.fileName)) },
            )
          }
        >
          {file.format === 'pdf' ? M.downloadPdf : M.downloadXlsx}
        </Button>
      ))}
    </Group>
  );
}

/** Runs the list of a report's analyses shows before "Tümünü göster": a fund's report uses 7. */
const RUNS_SHOWN = 12;

/**
 * Which analysis runs the report used, and whether each was reused or started for it: the first
 * RUNS_SHOWN, then all on request (a hundred funds' board report uses 700).
 */
export function RunsUsed({ report }: { readonly report: Report }) {
  const [all, setAll] = useState(false);
  const reused = report.runsUsed.filter((r) => r.reused).length;
  const started = report.runsUsed.length - reused;
  if (report.runsUsed.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {M.noRunsUsed}
      </Text>
    );
  const shown = all ? report.runsUsed : report.runsUsed.slice(0, RUNS_SHOWN);
  return (
    <Stack gap={4} data-testid="report-runs-used">
      <Text size="sm" fw={600}>
        {M.runsUsedTitle}
      </Text>
      {reused > 0 && <Text size="sm">{M.runsReused(reused)}</Text>}
      {started > 0 && <Text size="sm">{M.runsStarted(started)}</Text>}
      <Table withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {shown.map((run) => {
            const type = findAnalysisType(run.analysisType);
            return (
              <Table.Tr key={run.runId}>
                <Table.Td>{type?.title ?? run.analysisType}</Table.Td>
                <Table.Td>
                  <PortfolioCodes codes={run.portfolioCodes} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={run.reused ? 'teal' : 'blue'}>
                    {run.reused ? M.reused : M.startedForReport}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {type && (
                    <Anchor component={Link} to={`/${type.resultRoute}?run=${run.runId}`} size="sm">
                      {M.openRun}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {report.runsUsed.length > RUNS_SHOWN && (
        <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setAll(!all)}>
          {all ? M.fewerRuns : M.allRuns(report.runsUsed.length)}
        </Button>
      )}
    </Stack>
  );
}

/**
 * A report's live state, as the run status card shows a run's: status, progress bar with the
 * current step while it is prepared, the Turkish reason when it failed, and once ready the PDF
 * and Excel downloads and the runs it used (reused or started).
 */
export function ReportStatusCard({ report }: { readonly report: Report }) {
  const active = !isReportFinished(report.status);
  const percent = Math.round(report.progress * 100);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="report-progress">
      <Stack gap={8}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="report-title">
              {report.title}
            </Text>
            <ReportStatusBadge status={report.status} />
            <Text size="xs" c="dimmed">
              {`${report.owner.fullName} · ${formatDateTime(report.createdAt)}`}
            </Text>
          </Group>
          <ReportDownloads report={report} />
        </Group>
        <Text size="sm" c="dimmed">
          {report.template.name} · <PortfolioCodes codes={report.portfolioCodes} /> ·{' '}
          {reportDates(report)}
        </Text>
        {active && (
          <>
            <Progress
              value={percent}
              animated={report.status === 'running'}
              striped
              size="lg"
              aria-label={M.progressTitle}
            />
            <Text size="sm" c="dimmed" data-testid="report-progress-message">
              {M.progressText(
                percent,
                report.progressMessage ?? (report.status === 'queued' ? M.queuedHint : null),
              )}
            </Text>
          </>
        )}
        {report.status === 'failed' && (
          <Alert color="red" title={M.failedTitle} role="alert">
            {report.error}
          </Alert>
        )}
        {report.status === 'done' && <RunsUsed report={report} />}
      </Stack>
    </Paper>
  );
}
