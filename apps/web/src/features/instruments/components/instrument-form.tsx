import { useState, type SubmitEvent } from 'react';
import { Divider, Select, SimpleGrid, Switch, TextInput, Title } from '@mantine/core';
import {
  COUPON_FREQUENCIES,
  COUPON_TYPE_LABELS,
  DAY_COUNT_LABELS,
  EXERCISE_STYLE_LABELS,
  FUND_CATEGORY_LABELS,
  INSTRUMENT_MAIN_TYPE_LABELS,
  OPTION_TYPE_LABELS,
  TEFAS_FUND_TYPE_LABELS,
  type Instrument,
  type InstrumentMainType,
} from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveInstrument } from '../api/save-instrument.ts';
import { SCREEN_MAIN_TYPES, SCREEN_TERMS, type InstrumentScreen } from '../instrument-kinds.ts';
import { INSTRUMENT_MESSAGES as M } from '../messages.ts';
import {
  emptyValues,
  toInstrument,
  valuesFromInstrument,
  type FormErrors,
  type InstrumentFormValues,
} from './instrument-form-model.ts';
import { labelOptions } from '../../../components/forms/field-values.ts';

const FREQUENCY_OPTIONS = COUPON_FREQUENCIES.map((f) => ({
  value: String(f),
  label: M.frequencyLabel(f),
}));

type TextKey = {
  [K in keyof InstrumentFormValues]: InstrumentFormValues[K] extends string ? K : never;
}[keyof InstrumentFormValues];

interface Props {
  readonly screen: InstrumentScreen;
  /** The instrument being edited, or `null` to create one. */
  readonly instrument: Instrument | null;
  readonly onClose: () => void;
  readonly onSaved?: (instrument: Instrument) => void;
}

/** Create or edit an instrument of the screen's kind; validated with the contract schema. */
export function InstrumentForm({ screen, instrument, onClose, onSaved }: Props) {
  const save = useSaveInstrument();
  const [values, setValues] = useState<InstrumentFormValues>(() =>
    instrument === null ? emptyValues(screen) : valuesFromInstrument(instrument, screen),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof InstrumentFormValues>(
    key: K,
    value: InstrumentFormValues[K],
  ): void => setValues((v) => ({ ...v, [key]: value }));

  const textField = (
    key: TextKey,
    label: string,
    extra: { required?: boolean; disabled?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      name={key}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      {...extra}
    />
  );
  const selectField = (
    key: TextKey,
    label: string,
    data: { value: string; label: string }[],
    clearable = false,
  ) => (
    <Select
      label={label}
      name={key}
      data={data}
      value={values[key] === '' ? null : values[key]}
      onChange={(v) => set(key, v ?? '')}
      error={errors[key]}
      allowDeselect={clearable}
      clearable={clearable}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const dateField = (key: TextKey, label: string) => (
    <DateField
      label={label}
      name={key}
      value={values[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      required
    />
  );

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const result = toInstrument(values, screen);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { instrument: result.instrument, isNew: instrument === null },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.code));
          onSaved?.(saved);
          onClose();
        },
      },
    );
  };

  const terms = SCREEN_TERMS[screen];
  const mainTypes = SCREEN_MAIN_TYPES[screen].map((t) => ({
    value: t,
    label: INSTRUMENT_MAIN_TYPE_LABELS[t],
  }));
  return (
    <FormModal
      title={instrument === null ? M.createTitle : M.editTitle(instrument.code)}
      size="xl"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {textField('code', M.code, { required: true, disabled: instrument !== null })}
        <div style={{ gridColumn: 'span 2' }}>{textField('name', M.name, { required: true })}</div>
        <Select
          label={M.mainType}
          name="mainType"
          data={mainTypes}
          value={values.mainType}
          onChange={(v) => v !== null && set('mainType', v as InstrumentMainType)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {textField('subType', M.subType)}
        {textField('currency', M.currency, { required: true })}
        {textField('issuer', M.issuer)}
        {textField('issuerGroup', M.issuerGroup)}
        {textField('sector', M.sector)}
        {textField('isinCode', M.isinCode)}
        {textField('tcmbCode', M.tcmbCode)}
        <Switch
          mt={30}
          label={M.isForeign}
          checked={values.isForeign}
          onChange={(e) => set('isForeign', e.currentTarget.checked)}
        />
      </SimpleGrid>
      <Divider />
      {terms === 'bond' && (
        <>
          <Title order={5}>{M.bondTerms}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {selectField('couponType', M.couponType, labelOptions(COUPON_TYPE_LABELS))}
            {textField('couponRatePct', M.couponRatePct)}
            {selectField('couponFrequency', M.couponFrequency, FREQUENCY_OPTIONS)}
            {selectField('dayCount', M.dayCount, labelOptions(DAY_COUNT_LABELS))}
            {dateField('issueDate', M.issueDate)}
            {dateField('maturityDate', M.maturityDate)}
            {textField('referenceIndex', M.referenceIndex)}
            {textField('spreadBp', M.spreadBp)}
          </SimpleGrid>
        </>
      )}
      {(terms === 'option' || terms === 'future') && (
        <>
          <Title order={5}>{terms === 'option' ? M.optionTerms : M.futureTerms}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {textField('underlying', M.underlying, { required: true })}
            {dateField('expiryDate', M.expiryDate)}
            {textField('contractSize', M.contractSize, { required: true })}
            {terms === 'option' && textField('strike', M.strike, { required: true })}
            {terms === 'option' &&
              selectField('optionType', M.optionType, labelOptions(OPTION_TYPE_LABELS))}
            {terms === 'option' &&
              selectField('exerciseStyle', M.exerciseStyle, labelOptions(EXERCISE_STYLE_LABELS))}
          </SimpleGrid>
        </>
      )}
      {terms === 'fund' && (
        <>
          <Title order={5}>{M.fundTerms}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {textField('fundCode', M.fundCode)}
            {selectField('fundCategory', M.fundCategory, labelOptions(FUND_CATEGORY_LABELS), true)}
            {selectField(
              'tefasFundType',
              M.tefasFundType,
              labelOptions(TEFAS_FUND_TYPE_LABELS),
              true,
            )}
          </SimpleGrid>
        </>
      )}
    </FormModal>
  );
}
