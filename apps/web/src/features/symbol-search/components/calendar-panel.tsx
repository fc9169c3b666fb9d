import { useState, type SubmitEvent } from 'react';
import {
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { CALENDAR_DAY_KIND_LABELS, type CalendarDayKindInput } from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { CompactTable } from '../../../components/ui/compact-table.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCalendar } from '../api/get-calendar.ts';
import { useResetCalendarDay } from '../api/reset-calendar-day.ts';
import { useSaveCalendarDay } from '../api/save-calendar-day.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';

const YEARS = Array.from({ length: 21 }, (_, i) => String(2015 + i));
const KIND_OPTIONS = Object.entries(CALENDAR_DAY_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));

function DayForm({ onClose }: { onClose: () => void }) {
  const save = useSaveCalendarDay();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<CalendarDayKindInput>('holiday');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (date === '') {
      setError(M.required);
      return;
    }
    save.mutate(
      { date, kind, name },
      {
        onSuccess: () => {
          toastStore.show('success', M.savedDay);
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title={M.dayTitle}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DateField
          label={M.date}
          name="date"
          value={date}
          onChange={setDate}
          error={error}
          required
        />
        <Select
          label={M.dayKind}
          data={KIND_OPTIONS}
          value={kind}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) => v !== null && setKind(v as CalendarDayKindInput)}
        />
        <TextInput
          label={M.dayName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </SimpleGrid>
    </FormModal>
  );
}

/** The business-day calendar of a year: holidays and half days, editable, with the source. */
export function CalendarPanel() {
  const canWrite = useCanWrite();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const calendar = useCalendar(Number(year));
  const reset = useResetCalendarDay();
  const [editing, setEditing] = useState(false);
  const data = calendar.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {M.calendarIntro}
      </Text>
      <Group align="flex-end">
        <Select
          label={M.year}
          data={YEARS}
          value={year}
          allowDeselect={false}
          onChange={(v) => v !== null && setYear(v)}
          w={120}
          data-testid="calendar-year"
        />
        {canWrite && <Button onClick={() => setEditing(true)}>{M.changeDay}</Button>}
      </Group>
      {data && (
        <>
          <CompactTable
            columns={[
              { label: M.date },
              { label: M.dayName },
              { label: M.dayKind },
              { label: M.origin },
              {},
            ]}
            maxHeight={460}
            testId="calendar-table"
          >
            {data.days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{formatDate(d.date)}</Table.Td>
                <Table.Td>
                  {d.name}{' '}
                  {!d.confirmed && (
                    <Tooltip label={d.source} multiline w={320}>
                      <Badge
                        size="xs"
                        color="yellow"
                        variant="light"
                        data-testid={`calendar-provisional-${d.date}`}
                      >
                        {M.unconfirmed}
                      </Badge>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td>{CALENDAR_DAY_KIND_LABELS[d.kind]}</Table.Td>
                <Table.Td>{d.origin === 'override' ? M.originOverride : M.originBuiltin}</Table.Td>
                <Table.Td>
                  {canWrite && d.origin === 'override' && (
                    <Button size="compact-xs" variant="light" onClick={() => reset.mutate(d.date)}>
                      {M.reset}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </CompactTable>
          {data.overrides
            .filter((o) => o.kind === 'businessDay')
            .map((o) => (
              <Group key={o.date} gap="xs">
                <Text size="sm">
                  {formatDate(o.date)}: {CALENDAR_DAY_KIND_LABELS.businessDay} ({M.originOverride})
                </Text>
                {canWrite && (
                  <Button size="compact-xs" variant="light" onClick={() => reset.mutate(o.date)}>
                    {M.reset}
                  </Button>
                )}
              </Group>
            ))}
          <Text size="xs" c="dimmed">
            {data.source}
          </Text>
        </>
      )}
      {editing && <DayForm onClose={() => setEditing(false)} />}
    </Stack>
  );
}
