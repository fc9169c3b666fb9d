import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MARKET_SERIES_KIND_LABELS } from '@fonrisk/contracts';
import { useSeries, type SeriesKind } from './get-series.ts';

interface Props {
  readonly label: string;
  readonly placeholder: string;
  readonly value: string | null;
  readonly onChange: (ticker: string | null) => void;
  readonly kind?: SeriesKind;
  readonly error?: string | undefined;
  readonly w?: number | string;
  readonly testId?: string;
}

/** A searchable select of market series: typing asks the API for matching tickers and names. */
export function SeriesSelect({
  label,
  placeholder,
  value,
  onChange,
  kind,
  error,
  w,
  testId,
}: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const series = useSeries(debounced, kind);
  const data = (series.data ?? []).map((s) => ({
    value: s.ticker,
    label: `${s.ticker} · ${s.name} (${MARKET_SERIES_KIND_LABELS[s.kind]})`,
  }));
  if (value !== null && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={undefined}
      error={error}
      w={w}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
