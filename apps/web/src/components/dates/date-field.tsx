import '@mantine/dates/styles.css';
import 'dayjs/locale/tr';
import { DateInput, DatePickerInput, DatesProvider } from '@mantine/dates';
import { parseTurkishDate } from './parse-turkish-date.ts';

interface DateFieldProps {
  readonly label: string;
  /** ISO `YYYY-MM-DD`, or '' when empty. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly name?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
}

/** A date input shown and typed in Turkish format (21.11.2026) whose value is ISO. */
export function DateField({
  label,
  value,
  onChange,
  error,
  name,
  required,
  disabled,
}: DateFieldProps) {
  return (
    <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        name={name}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        valueFormat="DD.MM.YYYY"
        placeholder="GG.AA.YYYY"
        dateParser={(text) => parseTurkishDate(text)}
        error={error}
        required={required}
        disabled={disabled}
        clearable
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}

interface SnapshotDatePickerProps {
  readonly label: string;
  /** The only selectable dates (ISO), e.g. a portfolio's snapshot dates. */
  readonly dates: readonly string[];
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly testId?: string;
}

/** A calendar limited to the given dates (the portfolio's snapshot dates), in Turkish. */
export function SnapshotDatePicker({
  label,
  dates,
  value,
  onChange,
  testId,
}: SnapshotDatePickerProps) {
  const allowed = new Set(dates);
  const sorted = [...dates].sort();
  return (
    <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
      <DatePickerInput
        label={label}
        value={value}
        onChange={onChange}
        valueFormat="DD.MM.YYYY"
        minDate={sorted[0]}
        maxDate={sorted[sorted.length - 1]}
        excludeDate={(date) => !allowed.has(date)}
        defaultDate={value ?? undefined}
        w={170}
        data-testid={testId}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
