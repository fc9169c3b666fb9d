import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { CASH_FLOW_KINDS, CASH_FLOW_KIND_LABELS, type CashFlowKind } from '@fonrisk/contracts';
import { formatTry } from '../../analysis-runs/components/format.ts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCreateCashFlows } from '../api/create-cash-flows.ts';
import { useDeleteCashFlow } from '../api/delete-cash-flow.ts';
import { useCashFlows } from '../api/get-cash-flows.ts';
import { CUSTOMER_REPORT_MESSAGES as M } from '../messages.ts';

interface Draft {
  flowDate: string;
  kind: CashFlowKind;
  amountTry: number | '';
  instrumentCode: string;
  note: string;
}
const EMPTY: Draft = { flowDate: '', kind: 'deposit', amountTry: '', instrumentCode: '', note: '' };

/** The portfolio's stored cash flows; users who may run analyses add and delete them here. */
export function CashFlowsPanel({ code }: { code: string | null }) {
  const canWrite = useCanWrite();
  const flows = useCashFlows(code);
  const create = useCreateCashFlows();
  const remove = useDeleteCashFlow();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  if (code === null)
    return (
      <Paper withBorder radius="md" p="sm">
        <Text c="dimmed" size="sm">
          {M.chooseForFlows}
        </Text>
      </Paper>
    );
  const items = flows.data ?? [];
  const transfer = draft.kind === 'transferIn' || draft.kind === 'transferOut';
  const submit = (): void => {
    create.mutate(
      {
        code,
        request: {
          flows: [
            {
              flowDate: draft.flowDate,
              kind: draft.kind,
              amountTry: draft.amountTry === '' ? Number.NaN : draft.amountTry,
              instrumentCode: transfer && draft.instrumentCode ? draft.instrumentCode.trim() : null,
              note: draft.note.trim() || null,
            },
          ],
        },
      },
      {
        onSuccess: () => {
          toastStore.show('success', M.added);
          setDraft(EMPTY);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cash-flows-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {M.flowsTitle} · {code}
          </Text>
          <Badge variant="light" color="gray">
            {M.count(items.length)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {M.flowsHint}
        </Text>
        {canWrite && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <DateField
              label={M.flowDate}
              value={draft.flowDate}
              onChange={(flowDate) => setDraft({ ...draft, flowDate })}
            />
            <Select
              label={M.flowKind}
              data={CASH_FLOW_KINDS.map((k) => ({ value: k, label: CASH_FLOW_KIND_LABELS[k] }))}
              value={draft.kind}
              onChange={(v) => setDraft({ ...draft, kind: (v ?? 'deposit') as CashFlowKind })}
              allowDeselect={false}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={M.amount}
              value={draft.amountTry}
              onChange={(v) => setDraft({ ...draft, amountTry: typeof v === 'number' ? v : '' })}
              thousandSeparator="."
              decimalSeparator=","
              w={160}
            />
            {transfer && (
              <TextInput
                label={M.instrument}
                value={draft.instrumentCode}
                onChange={(e) => setDraft({ ...draft, instrumentCode: e.currentTarget.value })}
                w={160}
              />
            )}
            <TextInput
              label={M.note}
              value={draft.note}
              onChange={(e) => setDraft({ ...draft, note: e.currentTarget.value })}
              w={200}
            />
            <Button onClick={submit} loading={create.isPending}>
              {M.add}
            </Button>
          </Group>
        )}
        {items.length === 0 ? (
          <Alert color="gray">{M.flowsEmpty}</Alert>
        ) : (
          <div style={{ maxHeight: 260, overflowY: 'auto' }}>
            <Table striped withTableBorder fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.flowDate}</Table.Th>
                  <Table.Th>{M.flowKind}</Table.Th>
                  <Table.Th ta="right">{M.amount}</Table.Th>
                  <Table.Th>{M.instrument}</Table.Th>
                  <Table.Th>{M.note}</Table.Th>
                  {canWrite && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...items].reverse().map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{formatDate(f.flowDate)}</Table.Td>
                    <Table.Td>{CASH_FLOW_KIND_LABELS[f.kind]}</Table.Td>
                    <Table.Td ta="right">{formatTry(f.amountTry)}</Table.Td>
                    <Table.Td>{f.instrumentCode ?? ''}</Table.Td>
                    <Table.Td>{f.note ?? ''}</Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${M.delete}: ${formatDate(f.flowDate)} ${CASH_FLOW_KIND_LABELS[f.kind]}`}
                          onClick={() =>
                            remove.mutate(
                              { code, id: f.id },
                              { onSuccess: () => toastStore.show('success', M.deleted) },
                            )
                          }
                        >
                          ×
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
