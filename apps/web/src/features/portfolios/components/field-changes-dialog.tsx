import { Stack, Table, Text } from '@mantine/core';
import type { FieldChange } from '@fonrisk/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { PORTFOLIO_MESSAGES } from '../messages.ts';

/** A stored or incoming value as the user reads it: tr-TR number, Evet/Hayır, '(boş)'. */
function shown(value: FieldChange['old']): string {
  if (value === null) return PORTFOLIO_MESSAGES.fieldEmpty;
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') return formatNumber(value, 4);
  return value;
}

/**
 * 409 of an FX-rate or instruments file (issue 22): every stored value the file would change,
 * by record, date, field, stored and new value. Confirming sends the same file with
 * confirmReplace=true; declining writes nothing.
 */
export function FieldChangesDialog({
  changes,
  busy,
  onConfirm,
  onCancel,
}: {
  changes: readonly FieldChange[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened
      title={PORTFOLIO_MESSAGES.changesTitle}
      confirmLabel={PORTFOLIO_MESSAGES.confirmReplace}
      cancelLabel={PORTFOLIO_MESSAGES.cancel}
      color="orange"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Stack gap="sm">
        <Text size="sm">{PORTFOLIO_MESSAGES.fieldChangesText}</Text>
        <Table withTableBorder striped fz="sm" data-testid="upload-field-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{PORTFOLIO_MESSAGES.fieldRecord}</Table.Th>
              <Table.Th>{PORTFOLIO_MESSAGES.changeDate}</Table.Th>
              <Table.Th>{PORTFOLIO_MESSAGES.fieldChangeField}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{PORTFOLIO_MESSAGES.changeOld}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{PORTFOLIO_MESSAGES.changeNew}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={`${c.record}-${c.date ?? ''}-${c.field}`}>
                <Table.Td>{c.record}</Table.Td>
                <Table.Td>{c.date === null ? '' : formatDate(c.date)}</Table.Td>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{shown(c.old)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{shown(c.new)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </ConfirmDialog>
  );
}
