import { useState, type SubmitEvent } from 'react';
import { MultiSelect, TextInput } from '@mantine/core';
import { UnifiedPortfolioRequestSchema, type UnifiedPortfolio } from '@fonrisk/contracts';
import { usePortfolios } from '../../../components/holdings/api/get-portfolios.ts';
import { sentenceCase } from '../../../components/forms/sentence-case.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const options = [...(funds.data ?? []), ...(customers.data ?? [])].map((p) => ({
    value: p.code,
    label: `${p.code} · ${p.name}`,
  }));

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const parsed = UnifiedPortfolioRequestSchema.safeParse({
      newPortfolioCode: code.trim(),
      name,
      members,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, ...(unified ? { id: unified.id } : {}) },
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
        error={sentenceCase(errors.newPortfolioCode)}
        required
      />
      <TextInput
        label={M.name}
        name="name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={sentenceCase(errors.name)}
        required
      />
      <MultiSelect
        label={M.members}
        placeholder={M.membersPlaceholder}
        data={options}
        value={members}
        onChange={setMembers}
        searchable
        error={sentenceCase(errors.members)}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
