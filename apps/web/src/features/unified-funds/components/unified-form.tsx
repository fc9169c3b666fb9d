import { useState, type SubmitEvent } from 'react';
import { MultiSelect, TextInput } from '@mantine/core';
import { UnifiedPortfolioRequestSchema, type UnifiedPortfolio } from '@fonrisk/contracts';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { useFieldErrors } from '../../../components/forms/use-field-errors.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveUnifiedPortfolio } from '../api/save-unified-portfolio.ts';
import { UNIFIED_MESSAGES as M } from '../messages.ts';

type Field = 'newPortfolioCode' | 'name' | 'members';

/** Define or edit a unified portfolio: its new code, name and member fund/customer portfolios. */
export function UnifiedForm({
  unified,
  onClose,
}: {
  unified: UnifiedPortfolio | null;
  onClose: () => void;
}) {
  const funds = usePortfolios('fund');
  const customers = usePortfolios('customer');
  const save = useSaveUnifiedPortfolio();
  const [code, setCode] = useState(unified?.newPortfolioCode ?? '');
  const [name, setName] = useState(unified?.name ?? '');
  const [members, setMembers] = useState<string[]>(unified?.members ?? []);
  const { errors, accept } = useFieldErrors<Field>();
  const options = [...(funds.data ?? []), ...(customers.data ?? [])].map((p) => ({
    value: p.code,
    label: `${p.code} · ${p.name}`,
  }));

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const request = accept(
      UnifiedPortfolioRequestSchema.safeParse({
        newPortfolioCode: code.trim(),
        name,
        members,
      }),
    );
    if (request === null) return;
    save.mutate(
      { ...request, ...(unified ? { id: unified.id } : {}) },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.newPortfolioCode));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={unified === null ? M.createTitle : M.editTitle(unified.newPortfolioCode)}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <TextInput
        label={M.code}
        name="newPortfolioCode"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={errors.newPortfolioCode}
        required
      />
      <TextInput
        label={M.name}
        name="name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        required
      />
      <MultiSelect
        label={M.members}
        placeholder={M.membersPlaceholder}
        data={options}
        value={members}
        onChange={setMembers}
        searchable
        error={errors.members}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
