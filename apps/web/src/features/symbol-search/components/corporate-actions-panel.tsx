import { useState, type SubmitEvent } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CORPORATE_ACTION_KIND_LABELS,
  CorporateActionInputSchema,
  type CorporateActionKind,
  type CorporateActionView,
} from '@fonrisk/contracts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { RecordTable } from '../../../components/ui/record-table.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteCorporateAction } from '../api/delete-corporate-action.ts';
import { useCorporateActions } from '../api/get-corporate-actions.ts';
import { useSaveCorporateAction } from '../api/save-corporate-action.ts';
import { SEARCH_MESSAGES as M } from '../messages.ts';

const KIND_OPTIONS = Object.entries(CORPORATE_ACTION_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));

interface Values {
  kind: CorporateActionKind;
  exDate: string;
  ratio: number | '';
  amount: number | '';
  subscriptionPrice: number | '';
  note: string;
}

const num = (v: number | '') => (v === '' ? null : v);

function ActionForm({
  instrumentCode,
  action,
  onClose,
}: {
  instrumentCode: string;
  action: CorporateActionView | null;
  onClose: () => void;
}) {
  const save = useSaveCorporateAction();
  const [values, setValues] = useState<Values>(() => ({
    kind: action?.kind ?? 'bonus',
    exDate: action?.exDate ?? '',
    ratio: action?.ratio ?? '',
    amount: action?.amount ?? '',
    subscriptionPrice: action?.subscriptionPrice ?? '',
    note: action?.note ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const parsed = CorporateActionInputSchema.safeParse({
      instrumentCode,
      kind: values.kind,
      exDate: values.exDate,
      ratio: values.kind === 'dividend' ? null : num(values.ratio),
      amount: values.kind === 'dividend' ? num(values.amount) : null,
      subscriptionPrice: values.kind === 'rights' ? num(values.subscriptionPrice) : null,
      note: values.note.trim() === '' ? null : values.note.trim(),
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: action?.id ?? null, action: parsed.data },
      {
        onSuccess: () => {
          toastStore.show('success', M.savedAction);
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title={action === null ? M.actionTitleNew : M.actionTitleEdit}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <Text size="sm">
        {M.actionsInstrument}: <b>{instrumentCode}</b>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={M.actionKind}
          data={KIND_OPTIONS}
          value={values.kind}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) => v !== null && set('kind', v as CorporateActionKind)}
        />
        <DateField
          label={M.exDate}
          name="exDate"
          value={values.exDate}
          onChange={(v) => set('exDate', v)}
          error={errors.exDate}
          required
        />
        {values.kind !== 'dividend' && (
          <NumberInput
            label={M.ratio}
            description={M.ratioHint}
            value={values.ratio}
            onChange={(v) => set('ratio', typeof v === 'number' ? v : '')}
            error={errors.ratio}
            decimalSeparator=","
          />
        )}
        {values.kind === 'dividend' && (
          <NumberInput
            label={M.amount}
            value={values.amount}
            onChange={(v) => set('amount', typeof v === 'number' ? v : '')}
            error={errors.amount}
            decimalSeparator=","
          />
        )}
        {values.kind === 'rights' && (
          <NumberInput
            label={M.subscriptionPrice}
            value={values.subscriptionPrice}
            onChange={(v) => set('subscriptionPrice', typeof v === 'number' ? v : '')}
            error={errors.subscriptionPrice}
            decimalSeparator=","
          />
        )}
        <TextInput
          label={M.note}
          value={values.note}
          onChange={(e) => set('note', e.currentTarget.value)}
        />
      </SimpleGrid>
    </FormModal>
  );
}

const describe = (a: CorporateActionView) =>
  `${a.instrumentCode} ${CORPORATE_ACTION_KIND_LABELS[a.kind]} (${formatDate(a.exDate)})`;

/** Corporate actions of one instrument: list, add, edit, delete. */
export function CorporateActionsPanel({ initialCode = '' }: { initialCode?: string }) {
  const canWrite = useCanWrite();
  const [code, setCode] = useState(initialCode);
  const [query] = useDebouncedValue(code.trim(), 300);
  const actions = useCorporateActions(query === '' ? null : query);
  const remove = useDeleteCorporateAction();
  const [editing, setEditing] = useState<CorporateActionView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CorporateActionView | null>(null);
  const rows = actions.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {M.actionsIntro}
      </Text>
      <Group align="flex-end">
        <TextInput
          label={M.actionsInstrument}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          w={260}
          data-testid="actions-instrument"
        />
        {canWrite && query !== '' && (
          <Button onClick={() => setEditing('new')}>{M.newAction}</Button>
        )}
      </Group>
      {query === '' && (
        <Text size="sm" c="dimmed">
          {M.enterInstrument}
        </Text>
      )}
      {query !== '' && actions.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {M.noActions}
        </Text>
      )}
      {rows.length > 0 && (
        <RecordTable
          rows={rows}
          rowKey={(a) => String(a.id)}
          testId="actions-table"
          columns={[
            {
              header: M.actionKind,
              cell: (a) => CORPORATE_ACTION_KIND_LABELS[a.kind],
              strong: true,
            },
            { header: M.exDate, cell: (a) => formatDate(a.exDate) },
            { header: M.ratio, cell: (a) => (a.ratio === null ? '' : formatNumber(a.ratio, 4)) },
            { header: M.amount, cell: (a) => (a.amount === null ? '' : formatNumber(a.amount, 4)) },
            {
              header: M.subscriptionPrice,
              cell: (a) =>
                a.subscriptionPrice === null ? '' : formatNumber(a.subscriptionPrice, 4),
            },
            { header: M.seriesTickers, cell: (a) => a.seriesTickers.join(', ') },
            { header: M.note, cell: (a) => a.note ?? '' },
          ]}
          actions={(a) => [
            { label: M.edit, onClick: () => setEditing(a), hidden: !canWrite },
            { label: M.delete, onClick: () => setDeleting(a), tone: 'danger', hidden: !canWrite },
          ]}
        />
      )}
      {editing !== null && (
        <ActionForm
          instrumentCode={editing === 'new' ? query : editing.instrumentCode}
          action={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        target={deleting}
        label={describe}
        argument={(a) => a.id}
        remove={remove}
        messages={M}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
