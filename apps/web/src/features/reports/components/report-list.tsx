import { useState } from 'react';
import { Alert, Badge, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  MODULES,
  MODULE_LABELS,
  REPORT_STATUSES,
  REPORT_STATUS_LABELS,
  matchesFolded,
  omittedModulesNote,
  type ModuleNumber,
  type Report,
  type ReportStatus,
} from '@fonrisk/contracts';
import { PortfolioCodes } from '../../analysis-runs/components/portfolio-codes.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable, type RecordColumn } from '../../../components/ui/record-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteReport } from '../api/delete-report.ts';
import { useReports } from '../api/get-reports.ts';
import { useRegenerateReport } from '../api/regenerate-report.ts';
import type { ReportFilter } from '../api/report-cache.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import {
  ReportDownloads,
  ReportStatusBadge,
  ReportStatusCard,
  reportDates,
} from './report-status-card.tsx';
import { PushDialog } from './push-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';

/** The most reports one list reads (the API's limit); the filters narrow further. */
export const REPORT_LIST_LIMIT = 500;

/** Reports per module 1..5 (module 4 included, even when empty), in list order. */
export function groupByModule(
  reports: readonly Report[],
  modules: readonly ModuleNumber[] = MODULES,
): { module: ModuleNumber; reports: Report[] }[] {
  return modules.map((module) => ({
    module,
    reports: reports.filter((r) => r.module === module),
  }));
}

/** Title, template or a portfolio code contains the text (folded: contracts `matchesFolded`). */
export function matchesText(report: Report, text: string): boolean {
  return matchesFolded(text, [report.title, report.template.name, ...report.portfolioCodes]);
}

interface Props {
  /** Admins see everyone's reports: an owner column. */
  readonly showOwner: boolean;
  /** Regenerate, share and delete (not for observers). */
  readonly canWrite: boolean;
}

/**
 * The reports tab of my-reports: filters (module, status, creation dates, text), then one block per
 * module 1 to 5 with its reports: status, PDF/Excel downloads, details, regenerate, share, delete.
 */
export function ReportList({ showOwner, canWrite }: Props) {
  const [module, setModule] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [opened, setOpened] = useState<number | null>(null);
  const [sharing, setSharing] = useState<Report | null>(null);
  const [pushing, setPushing] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const filter: ReportFilter = {
    limit: REPORT_LIST_LIMIT,
    ...(module === null ? {} : { module: Number(module) }),
    ...(status === null ? {} : { status: status as ReportStatus }),
    ...(from === '' ? {} : { from }),
    ...(to === '' ? {} : { to }),
  };
  const reports = useReports(filter);
  const regenerate = useRegenerateReport();
  const remove = useDeleteReport();
  const shown = (reports.data?.items ?? []).filter((r) => matchesText(r, text));
  // Issue 21: a user sees the blocks and filter of their own modules; Admin and Super Admin,
  // who see everyone's reports, every module.
  const session = useSession();
  const own: readonly ModuleNumber[] = showOwner
    ? MODULES
    : MODULES.filter((m) => session?.modules.includes(m) === true);
  const modules = module === null ? own : own.filter((m) => m === Number(module));
  const filtered = module !== null || status !== null || from !== '' || to !== '' || text !== '';
  const openedReport = shown.find((r) => r.id === opened) ?? null;

  const columns: RecordColumn<Report>[] = [
    {
      header: M.colTitle,
      strong: true,
      cell: (r) => (
        <Group gap={6}>
          <span>{r.title}</span>
          {r.demo && (
            <Badge size="xs" color="grape" variant="light">
              {M.demoBadge}
            </Badge>
          )}
          {r.scheduleId !== null && (
            <Badge size="xs" color="cyan" variant="light">
              {M.scheduledBadge}
            </Badge>
          )}
          {r.omittedModules.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="report-omitted">
              {omittedModulesNote(r.omittedModules)}
            </Text>
          )}
        </Group>
      ),
    },
    { header: M.colTemplate, cell: (r) => r.template.name },
    { header: M.colPortfolios, cell: (r) => <PortfolioCodes codes={r.portfolioCodes} /> },
    { header: M.colDate, cell: reportDates, nowrap: true },
    // Date and time on two lines, the downloads one under the other, where the table is narrow.
    { header: M.colCreatedAt, cell: (r) => formatDateTime(r.createdAt) },
    { header: M.colOwner, cell: (r) => r.owner.fullName, hidden: !showOwner },
    { header: M.colStatus, cell: (r) => <ReportStatusBadge status={r.status} />, nowrap: true },
    {
      header: M.colFiles,
      cell: (r) => <ReportDownloads report={r} size="compact-xs" wrap />,
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" data-testid="report-filters">
        <Select
          label={M.filterModule}
          placeholder={M.anyModule}
          data={own.map((m) => ({ value: String(m), label: MODULE_LABELS[m] }))}
          value={module}
          onChange={setModule}
          clearable
          w={300}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={M.filterStatus}
          placeholder={M.anyStatus}
          data={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] }))}
          value={status}
          onChange={setStatus}
          clearable
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
        <DateField label={M.filterFrom} value={from} onChange={setFrom} />
        <DateField label={M.filterTo} value={to} onChange={setTo} />
        <TextInput
          label={M.filterText}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={220}
        />
      </Group>
      {reports.isError && <Alert color="gray">{M.listUnavailable}</Alert>}
      {reports.data !== undefined && (
        <Text size="sm" c="dimmed">
          {M.totalReports(reports.data.total)}
        </Text>
      )}
      {reports.data !== undefined && shown.length === 0 && (
        <Text c="dimmed" data-testid="reports-empty">
          {filtered ? M.noReports : M.noReportsYet}
        </Text>
      )}
      {reports.data !== undefined &&
        groupByModule(shown, modules).map((group) => (
          <Paper
            key={group.module}
            withBorder
            p="sm"
            radius="md"
            data-testid={`report-module-${String(group.module)}`}
          >
            <Group justify="space-between" mb={4}>
              <Title order={4}>{MODULE_LABELS[group.module]}</Title>
              <Text size="sm" c="dimmed">
                {M.moduleCount(group.reports.length)}
              </Text>
            </Group>
            {group.reports.length === 0 ? (
              <Text size="sm" c="dimmed">
                {M.noReportsInModule}
              </Text>
            ) : (
              <RecordTable
                rows={group.reports}
                rowKey={(r) => String(r.id)}
                selectedKey={opened === null ? null : String(opened)}
                testId={`report-table-${String(group.module)}`}
                columns={columns}
                actions={(r) => [
                  {
                    label: M.details,
                    tone: 'primary',
                    onClick: () => setOpened(opened === r.id ? null : r.id),
                  },
                  {
                    label: M.regenerate,
                    hidden: !canWrite || (r.status !== 'done' && r.status !== 'failed'),
                    onClick: () =>
                      regenerate.mutate(r.id, {
                        onSuccess: (next) => {
                          toastStore.show('info', M.regenerated(next.title));
                          setOpened(next.id);
                        },
                      }),
                  },
                  {
                    label: M.share,
                    hidden: !canWrite || r.status !== 'done',
                    onClick: () => setSharing(r),
                  },
                  {
                    label: M.push,
                    hidden: !canWrite || r.status !== 'done',
                    onClick: () => setPushing(r),
                  },
                  {
                    label: M.delete,
                    tone: 'danger',
                    hidden: !canWrite,
                    onClick: () => setDeleting(r),
                  },
                ]}
              />
            )}
            {openedReport !== null && openedReport.module === group.module && (
              <Stack mt="sm">
                <ReportStatusCard report={openedReport} />
              </Stack>
            )}
          </Paper>
        ))}
      {sharing !== null && <ShareDialog report={sharing} onClose={() => setSharing(null)} />}
      {pushing !== null && <PushDialog report={pushing} onClose={() => setPushing(null)} />}
      <DeleteDialog
        target={deleting}
        label={(r) => r.title}
        argument={(r) => r.id}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
        onDeleted={() => setOpened(null)}
      />
    </Stack>
  );
}
