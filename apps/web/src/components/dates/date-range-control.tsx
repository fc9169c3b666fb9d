import { Group, SegmentedControl } from '@mantine/core';
import { DateField } from './date-field.tsx';
import { presetStart, RANGE_PRESETS, type RangePreset } from './date-range.ts';
import { DATE_MESSAGES } from './messages.ts';

export interface DateRange {
  readonly from: string;
  readonly to: string;
}

interface Props {
  /** The last date with data: presets count back from it. */
  readonly end: string;
  /** The first date with data, used for "Tümü". */
  readonly start: string;
  readonly value: DateRange;
  readonly onChange: (range: DateRange) => void;
}

/** A look-back preset (1 Ay ... Tümü) or any from/to dates typed in Turkish format. */
export function DateRangeControl({ end, start, value, onChange }: Props) {
  const active =
    RANGE_PRESETS.find((p) => value.to === end && value.from === (presetStart(end, p) ?? start)) ??
    '';
  return (
    <Group align="flex-end" gap="sm">
      <SegmentedControl
        size="xs"
        aria-label={DATE_MESSAGES.period}
        value={active}
        onChange={(p) => onChange({ from: presetStart(end, p as RangePreset) ?? start, to: end })}
        data={RANGE_PRESETS.map((p) => ({ value: p, label: DATE_MESSAGES.presets[p] }))}
      />
      <DateField
        label={DATE_MESSAGES.from}
        value={value.from}
        onChange={(from) => from !== '' && onChange({ ...value, from })}
      />
      <DateField
        label={DATE_MESSAGES.to}
        value={value.to}
        onChange={(to) => to !== '' && onChange({ ...value, to })}
      />
    </Group>
  );
}
