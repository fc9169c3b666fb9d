import { Grid, SegmentedControl } from '@mantine/core';
import { DateField } from './date-field.tsx';
import { DATE_MESSAGES } from './messages.ts';

/** One date, or a from/to range: the two ways a run form can ask for its dates. */
export type DateMode = 'single' | 'range';

/** The date part of a form that asks for one date or a range. */
export interface PeriodState {
  readonly dateMode: DateMode;
  readonly asOfDate: string;
  readonly fromDate: string;
  readonly toDate: string;
}

type PeriodField = 'asOfDate' | 'fromDate' | 'toDate';

/** The run inputs of a {@link PeriodState}: `asOfDate` in single mode, `fromDate`/`toDate` in range mode. */
export function periodInputsOf(
  s: PeriodState,
): { asOfDate: string | undefined } | { fromDate: string | undefined; toDate: string | undefined } {
  return s.dateMode === 'single'
    ? { asOfDate: s.asOfDate || undefined }
    : { fromDate: s.fromDate || undefined, toDate: s.toDate || undefined };
}

interface RangeProps {
  readonly fromDate: string;
  readonly toDate: string;
  readonly onChange: (patch: { fromDate?: string; toDate?: string }) => void;
  readonly errors: Partial<Record<'fromDate' | 'toDate', string>>;
  readonly fromLabel?: string;
  readonly toLabel?: string;
}

/** Two date fields side by side ("Başlangıç tarihi" / "Bitiş tarihi" unless labelled otherwise). */
export function DateRangeFields({
  fromDate,
  toDate,
  onChange,
  errors,
  fromLabel = DATE_MESSAGES.fromDate,
  toLabel = DATE_MESSAGES.toDate,
}: RangeProps) {
  return (
    <Grid gutter="sm">
      <Grid.Col span={6}>
        <DateField
          label={fromLabel}
          value={fromDate}
          onChange={(next) => onChange({ fromDate: next })}
          error={errors.fromDate}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <DateField
          label={toLabel}
          value={toDate}
          onChange={(next) => onChange({ toDate: next })}
          error={errors.toDate}
        />
      </Grid.Col>
    </Grid>
  );
}

interface PeriodProps {
  readonly state: PeriodState;
  readonly onChange: (patch: Partial<PeriodState>) => void;
  readonly errors: Partial<Record<PeriodField, string>>;
  /** The single date's own name on this screen ("Analiz tarihi", "Denetim tarihi"...). */
  readonly asOfLabel: string;
}

/**
 * "Tek tarih" / "Tarih aralığı" switch with the date or the range it selects; a range shows the
 * schema's asOfDate error (e.g. "give a date or a range") under its start date.
 */
export function PeriodFields({ state, onChange, errors, asOfLabel }: PeriodProps) {
  return (
    <>
      <SegmentedControl
        aria-label={DATE_MESSAGES.dateMode}
        value={state.dateMode}
        onChange={(v) => onChange({ dateMode: v as DateMode })}
        data={[
          { value: 'single', label: DATE_MESSAGES.singleDate },
          { value: 'range', label: DATE_MESSAGES.dateRange },
        ]}
      />
      {state.dateMode === 'single' ? (
        <DateField
          label={asOfLabel}
          value={state.asOfDate}
          onChange={(asOfDate) => onChange({ asOfDate })}
          error={errors.asOfDate}
        />
      ) : (
        <DateRangeFields
          fromDate={state.fromDate}
          toDate={state.toDate}
          onChange={onChange}
          errors={{ fromDate: errors.fromDate ?? errors.asOfDate, toDate: errors.toDate }}
        />
      )}
    </>
  );
}
