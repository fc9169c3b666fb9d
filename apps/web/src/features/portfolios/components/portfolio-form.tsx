import { useState, type SubmitEvent } from 'react';
import { Select, Text, TextInput } from '@mantine/core';
import {
  CreatePortfolioRequestSchema,
  type FundPortfolioProposal,
  UpdatePortfolioRequestSchema,
  type FundCategory,
  type PortfolioSummary,
} from '@fonrisk/contracts';
import { useFieldErrors } from '../../../components/forms/use-field-errors.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useBenchmarkChoices } from '../api/get-benchmark-choices.ts';
import { useCreatePortfolio } from '../api/create-portfolio.ts';
import { useUpdatePortfolio } from '../api/update-portfolio.ts';
import { PORTFOLIO_MESSAGES as M } from '../messages.ts';
import { CATEGORY_OPTIONS, KIND_OPTIONS } from './portfolio-options.ts';

type Field =
  | 'code'
  | 'name'
  | 'kind'
  | 'fundCategory'
  | 'currency'
  | 'referenceBenchmarkCode'
  | 'managementCompany';
type StoredKind = 'fund' | 'customer';

/**
 * Create or edit a fund or customer portfolio: code (fixed once created), name, kind, fund
 * category (required for a fund), currency, reference benchmark and management company.
 */
export function PortfolioForm({
  portfolio,
  defaultKind,
  prefill,
  intro,
  onClose,
  onSaved,
}: {
  portfolio: PortfolioSummary | null;
  defaultKind: StoredKind;
  /** A new portfolio's fields taken from elsewhere (a fund defined on fund-creation). */
  prefill?: FundPortfolioProposal;
  /** Why the form is offered, above its fields. */
  intro?: string;
  onClose: () => void;
  onSaved: (saved: PortfolioSummary) => void;
}) {
  const create = useCreatePortfolio();
  const update = useUpdatePortfolio();
  const benchmarks = useBenchmarkChoices();
  const initial = portfolio ?? prefill;
  const [code, setCode] = useState(initial?.code ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [kind, setKind] = useState<StoredKind>(
    initial?.kind === 'customer' || initial?.kind === 'fund' ? initial.kind : defaultKind,
  );
  const [category, setCategory] = useState<FundCategory | null>(initial?.fundCategory ?? null);
  const [currency, setCurrency] = useState(initial?.currency ?? 'TRY');
  const [benchmark, setBenchmark] = useState<string | null>(
    portfolio?.referenceBenchmarkCode ?? null,
  );
  const [company, setCompany] = useState(initial?.managementCompany ?? '');
  const { errors, accept } = useFieldErrors<Field>();
  const done = (saved: PortfolioSummary) => {
    toastStore.show('success', M.saved(saved.code));
    onSaved(saved);
    onClose();
  };

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const fields = {
      name,
      kind,
      fundCategory: kind === 'fund' ? category : null,
      currency,
      referenceBenchmarkCode: benchmark,
      managementCompany: company,
    };
    if (portfolio === null) {
      const request = accept(
        CreatePortfolioRequestSchema.safeParse({ ...fields, code: code.trim() }),
      );
      if (request !== null) create.mutate(request, { onSuccess: done });
    } else {
      const request = accept(
        UpdatePortfolioRequestSchema.safeParse({
          ...fields,
          retired: portfolio.retiredAt !== null,
        }),
      );
      if (request !== null)
        update.mutate({ ...request, code: portfolio.code }, { onSuccess: done });
    }
  };

  return (
    <FormModal
      title={portfolio === null ? M.createTitle : M.editTitle(portfolio.code)}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={create.isPending || update.isPending}
    >
      {intro !== undefined && <Text size="sm">{intro}</Text>}
      <TextInput
        label={M.fieldCode}
        name="code"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={errors.code}
        disabled={portfolio !== null}
        required
      />
      <TextInput
        label={M.fieldName}
        name="name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        required
      />
      <Select
        label={M.fieldKind}
        data={KIND_OPTIONS}
        value={kind}
        allowDeselect={false}
        onChange={(v) => v !== null && setKind(v as StoredKind)}
        error={errors.kind}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={M.fieldCategory}
        placeholder={M.categoryPlaceholder}
        data={CATEGORY_OPTIONS}
        value={kind === 'fund' ? category : null}
        onChange={(v) => setCategory(v as FundCategory | null)}
        disabled={kind !== 'fund'}
        error={errors.fundCategory}
        required={kind === 'fund'}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={M.fieldCurrency}
        name="currency"
        value={currency}
        onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
        error={errors.currency}
        required
      />
      <Select
        label={M.fieldBenchmark}
        placeholder={M.benchmarkPlaceholder}
        data={benchmarks.data ?? []}
        value={benchmark}
        onChange={setBenchmark}
        error={errors.referenceBenchmarkCode}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={M.fieldCompany}
        name="managementCompany"
        value={company}
        onChange={(e) => setCompany(e.currentTarget.value)}
        error={errors.managementCompany}
      />
    </FormModal>
  );
}
