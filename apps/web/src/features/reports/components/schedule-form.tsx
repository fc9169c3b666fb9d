import { useState, type SubmitEvent } from 'react';
import { Checkbox, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import {
  REPORT_FREQUENCY_LABELS,
  ReportScheduleInputSchema,
  type ReportFrequency,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@fonrisk/contracts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { toastStore } from '../../../lib/toast.ts';
import { PortfolioMultiSelect } from '../../analysis-runs/components/portfolio-select.tsx';
import { useFtpConnections } from '../api/get-ftp-connections.ts';
import { useSaveSchedule } from '../api/save-schedule.ts';
import { REPORT_MESSAGES as M } from '../messages.ts';
import { TemplateSelect } from './reporting-page.tsx';

type Field =
  | 'name'
  | 'templateId'
  | 'portfolioCodes'
  | 'frequency'
  | 'weekday'
  | 'businessDay'
  | 'time'
  | 'ftpConnectionId';

export interface ScheduleFormValues {
  readonly name: string;
  readonly templateId: string | null;
  readonly portfolioCodes: readonly string[];
  readonly frequency: ReportFrequency;
  readonly weekday: string | null;
  readonly businessDay: number | string;
  readonly time: string;
  readonly ftpConnectionId: string | null;
  readonly enabled: boolean;
}

export function scheduleFormValues(schedule: ReportSchedule | null): ScheduleFormValues {
  return {
    name: schedule?.name ?? '',
    templateId: schedule === null ? null : String(schedule.templateId),
    portfolioCodes: schedule?.portfolioCodes ?? [],
    frequency: schedule?.frequency ?? 'monthly-bd-n',
    weekday: schedule?.weekday == null ? null : String(schedule.weekday),
    businessDay: schedule?.businessDay ?? 1,
    time: schedule?.time ?? '08:00',
    ftpConnectionId: schedule?.ftpConnectionId == null ? null : String(schedule.ftpConnectionId),
    enabled: schedule?.enabled ?? true,
  };
}

/** The form as the API body: only the chosen frequency's day field; checked by the contract's schema. */
export function toScheduleRequest(
  v: ScheduleFormValues,
):
  | { ok: true; request: ReportScheduleInput }
  | { ok: false; errors: Partial<Record<Field, string>> } {
  const businessDay = v.businessDay === '' ? null : Number(v.businessDay);
  const request: ReportScheduleInput = {
    name: v.name,
    templateId: v.templateId === null ? Number.NaN : Number(v.templateId),
    portfolioCodes: [...v.portfolioCodes],
    frequency: v.frequency,
    weekday: v.frequency === 'weekly' && v.weekday !== null ? Number(v.weekday) : null,
    businessDay: v.frequency === 'monthly-bd-n' ? businessDay : null,
    time: v.time.trim(),
    ftpConnectionId: v.ftpConnectionId === null ? null : Number(v.ftpConnectionId),
    enabled: v.enabled,
  };
  const parsed = ReportScheduleInputSchema.safeParse(request);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors = fieldErrors<Field>(parsed.error.issues);
  if (v.templateId === null) errors.templateId = M.chooseTemplate;
  return { ok: false, errors };
}

/** Create or edit a scheduled report (template, portfolios, frequency, time, optional FTP push). */
export function ScheduleForm({
  schedule,
  onClose,
}: {
  readonly schedule: ReportSchedule | null;
  readonly onClose: () => void;
}) {
  const save = useSaveSchedule();
  const connections = useFtpConnections();
  const [values, setValues] = useState<ScheduleFormValues>(() => scheduleFormValues(schedule));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (patch: Partial<ScheduleFormValues>): void => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: SubmitEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const checked = toScheduleRequest(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: schedule?.id ?? null, request: checked.request },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.scheduleSaved(saved.name));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={schedule === null ? M.scheduleCreateTitle : M.scheduleEditTitle(schedule.name)}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <TextInput
        label={M.scheduleName}
        value={values.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <TemplateSelect
        value={values.templateId}
        onChange={(templateId) => set({ templateId })}
        error={errors.templateId}
      />
      <PortfolioMultiSelect
        label={M.portfolios}
        value={[...values.portfolioCodes]}
        onChange={(portfolioCodes) => set({ portfolioCodes })}
        error={errors.portfolioCodes}
      />
      <Group grow align="flex-start">
        <Select
          label={M.frequency}
          data={Object.entries(REPORT_FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
          value={values.frequency}
          onChange={(f) => f !== null && set({ frequency: f as ReportFrequency })}
          allowDeselect={false}
          error={errors.frequency}
          comboboxProps={{ withinPortal: true }}
        />
        {values.frequency === 'weekly' && (
          <Select
            label={M.weekday}
            data={M.weekdays.map((label, i) => ({ value: String(i + 1), label }))}
            value={values.weekday}
            onChange={(weekday) => set({ weekday })}
            error={errors.weekday}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {values.frequency === 'monthly-bd-n' && (
          <NumberInput
            label={M.businessDay}
            value={values.businessDay}
            onChange={(businessDay) => set({ businessDay })}
            min={1}
            max={23}
            allowDecimal={false}
            error={errors.businessDay}
          />
        )}
        <TextInput
          label={M.time}
          value={values.time}
          onChange={(e) => set({ time: e.currentTarget.value })}
          error={errors.time}
          placeholder="08:00"
        />
      </Group>
      <Select
        label={M.ftpConnection}
        description={M.ftpConnectionHelp}
        placeholder={M.noFtp}
        data={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.ftpConnectionId}
        onChange={(ftpConnectionId) => set({ ftpConnectionId })}
        error={errors.ftpConnectionId}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox
        label={M.enabled}
        checked={values.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      <Text size="xs" c="dimmed">
        {M.schedulesSubtitle}
      </Text>
    </FormModal>
  );
}
