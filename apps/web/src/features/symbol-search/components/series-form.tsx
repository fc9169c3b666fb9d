import { useState, type SubmitEvent } from 'react';
import { Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import {
  MARKET_SERIES_KIND_LABELS,
  SERIES_SOURCE_LABELS,
  SeriesSourceSchema,
  type MarketSeriesKind,
  type SeriesSource,
  type SeriesSummary,
} from '@fonrisk/contracts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveSeries } from '../api/save-series.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';
import { labelOptions } from '../../../components/forms/field-values.ts';

interface Values {
  ticker: string;
  name: string;
  kind: MarketSeriesKind;
  currency: string;
  unit: string;
  source: SeriesSource;
  instrumentCode: string;
  tenorDays: string;
  retired: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The form's values of a series (empty for a new one, optionally priced instrument prefilled). */
export function seriesFormValues(
  series: SeriesSummary | null,
  prefill: Partial<Values> = {},
): Values {
  if (series === null)
    return {
      ticker: '',
      name: '',
      kind: 'price',
      currency: 'TRY',
      unit: '',
      source: 'manual',
      instrumentCode: '',
      tenorDays: '',
      retired: false,
      ...prefill,
    };
  return {
    ticker: series.ticker,
    name: series.name,
    kind: series.kind,
    currency: series.currency,
    unit: series.unit ?? '',
    source: SeriesSourceSchema.catch('manual').parse(series.source),
    instrumentCode: series.instrumentCode ?? '',
    tenorDays: series.tenorDays === null ? '' : String(series.tenorDays),
    retired: series.retired,
  };
}

/** Checks the fields in Turkish before anything is sent; the API checks again. */
export function validateSeries(v: Values, isNew: boolean): Errors {
  const errors: Errors = {};
  if (isNew && v.ticker.trim() === '') errors.ticker = M.required;
  if (v.name.trim() === '') errors.name = M.required;
  if (!/^[A-Z]{3}$/.test(v.currency)) errors.currency = M.currencyFormat;
  if (v.kind === 'curvePoint' && !/^\d+$/.test(v.tenorDays)) errors.tenorDays = M.tenorRequired;
  return errors;
}

/** Create or edit (retire, reactivate) a market series. */
export function SeriesForm({
  series,
  prefill,
  intro,
  onClose,
}: {
  series: SeriesSummary | null;
  prefill?: Partial<Values>;
  /** A sentence above the fields (e.g. why the form was offered). */
  intro?: string;
  onClose: () => void;
}) {
  const save = useSaveSeries();
  const isNew = series === null;
  const [values, setValues] = useState(() => seriesFormValues(series, prefill));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const found = validateSeries(values, isNew);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      name: values.name.trim(),
      kind: values.kind,
      currency: values.currency,
      unit: values.unit.trim() === '' ? null : values.unit.trim(),
      source: values.source,
      instrumentCode: values.instrumentCode.trim() === '' ? null : values.instrumentCode.trim(),
      tenorDays: values.kind === 'curvePoint' ? Number(values.tenorDays) : null,
    };
    save.mutate(
      isNew
        ? { isNew: true, series: { ...fields, ticker: values.ticker.trim() } }
        : { isNew: false, ticker: series.ticker, series: { ...fields, retired: values.retired } },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.savedSeries(saved.ticker));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={isNew ? M.createTitle : M.editTitle(series.ticker)}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      {intro !== undefined && <Text size="sm">{intro}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={M.ticker}
          name="ticker"
          value={values.ticker}
          disabled={!isNew}
          required
          error={errors.ticker}
          onChange={(e) => set('ticker', e.currentTarget.value)}
        />
        <TextInput
          label={M.name}
          name="name"
          value={values.name}
          required
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Select
          label={M.kind}
          name="kind"
          data={labelOptions(MARKET_SERIES_KIND_LABELS)}
          value={values.kind}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) => v !== null && set('kind', v as MarketSeriesKind)}
        />
        <TextInput
          label={M.currency}
          name="currency"
          value={values.currency}
          required
          error={errors.currency}
          onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
        />
        <TextInput
          label={M.unit}
          name="unit"
          value={values.unit}
          onChange={(e) => set('unit', e.currentTarget.value)}
        />
        <Select
          label={M.source}
          name="source"
          data={labelOptions(SERIES_SOURCE_LABELS)}
          value={values.source}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) => v !== null && set('source', v as SeriesSource)}
        />
        <TextInput
          label={M.instrumentCode}
          name="instrumentCode"
          value={values.instrumentCode}
          onChange={(e) => set('instrumentCode', e.currentTarget.value)}
        />
        {values.kind === 'curvePoint' && (
          <TextInput
            label={M.tenor}
            name="tenorDays"
            value={values.tenorDays}
            error={errors.tenorDays}
            onChange={(e) => set('tenorDays', e.currentTarget.value)}
          />
        )}
      </SimpleGrid>
      {!isNew && (
        <Switch
          label={M.retired}
          checked={values.retired}
          onChange={(e) => set('retired', e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
