import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { REPORT_FREQUENCY_LABELS, type ReportSchedule } from '@fonrisk/contracts';
import { PortfolioCodes } from '../../analysis-runs/components/portfolio-codes.tsx';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteSchedule } from '../api/delete-schedule.ts';
import { useFtpConnections } from '../api/get-ftp-connections.ts';
import { useSchedules } from '../api/get-schedules.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { ScheduleForm } from './schedule-form.tsx';

/** "Ayın n. iş günü (3. iş günü)", "Haftalık (Cuma)", "Her iş günü". */
export function describeFrequency(
  s: Pick<ReportSchedule, 'frequency' | 'weekday' | 'businessDay'>,
): string {
  const label = REPORT_FREQUENCY_LABELS[s.frequency];
  if (s.frequency === 'weekly' && s.weekday !== null)
    return M.scheduleDescription(label, M.weekdays[s.weekday - 1] ?? String(s.weekday));
  if (s.frequency === 'monthly-bd-n' && s.businessDay !== null)
    return M.scheduleDescription(label, M.businessDayN(s.businessDay));
  return M.scheduleDescription(label, null);
}

/** The scheduled-reports tab of my-reports: list, create, edit, delete. */
export function SchedulesPanel({
  showOwner,
  canWrite,
}: {
  readonly showOwner: boolean;
  readonly canWrite: boolean;
}) {
  const schedules = useSchedules();
  const connections = useFtpConnections();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const ftpName = (id: number | null): string =>
    id === null ? M.noFtp : (connections.data?.find((c) => c.id === id)?.name ?? `#${String(id)}`);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {M.schedulesSubtitle}
        </Text>
        {canWrite && <Button onClick={() => setEditing('new')}>{M.newSchedule}</Button>}
      </Group>
      {schedules.isError && <Alert color="gray">{M.schedulesUnavailable}</Alert>}
      {schedules.data?.length === 0 && <Text c="dimmed">{M.noSchedules}</Text>}
      {schedules.data !== undefined && schedules.data.length > 0 && (
        <RecordTable
          rows={schedules.data}
          rowKey={(s) => String(s.id)}
          testId="report-schedule-table"
          columns={[
            {
              header: M.colName,
              strong: true,
              cell: (s) => (
                <Group gap={6} wrap="nowrap">
                  <span>{s.name}</span>
                  {s.demo && (
                    <Badge size="xs" color="grape" variant="light">
                      {M.demoBadge}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { header: M.colTemplate, cell: (s) => s.templateName },
            { header: M.colPortfolios, cell: (s) => <PortfolioCodes codes={s.portfolioCodes} /> },
            { header: M.colFrequency, cell: describeFrequency },
            { header: M.colTime, cell: (s) => s.time, nowrap: true },
            { header: M.colFtp, cell: (s) => ftpName(s.ftpConnectionId) },
            {
              header: M.colLastRun,
              cell: (s) => (
                <Stack gap={0}>
                  <span>{s.lastRunAt === null ? M.never : formatDateTime(s.lastRunAt)}</span>
                  {s.lastError !== null && (
                    <Text size="xs" c="red">
                      {M.lastError(s.lastError)}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { header: M.colEnabled, cell: (s) => (s.enabled ? M.yes : M.no) },
            { header: M.colOwner, cell: (s) => s.owner.fullName, hidden: !showOwner },
          ]}
          actions={(s) => [
            { label: M.edit, onClick: () => setEditing(s), hidden: !canWrite },
            { label: M.delete, tone: 'danger', onClick: () => setDeleting(s), hidden: !canWrite },
          ]}
        />
      )}
      {editing !== null && (
        <ScheduleForm
          schedule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        target={deleting}
        label={(s) => s.name}
        argument={(s) => s.id}
        remove={remove}
        messages={{
          delete: M.delete,
          cancel: M.cancel,
          deleteTitle: M.scheduleDeleteTitle,
          deleteText: M.scheduleDeleteText,
          deleted: M.scheduleDeleted,
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
