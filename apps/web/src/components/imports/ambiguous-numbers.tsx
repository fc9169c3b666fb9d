import { Stack, Table, Text, Title } from '@mantine/core';
import { ProblemSchema, type AmbiguousNumber } from '@fonrisk/contracts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { IMPORT_MESSAGES as M } from './messages.ts';

/** A number read from a file, with all its decimals (tr-TR). */
const exact = (v: number) => v.toLocaleString('tr-TR', { maximumFractionDigits: 12 });

/**
 * The number cells of an upload that the file writes ambiguously (409 `ambiguousNumbers`, any
 * import kind), or null when the error is something else.
 */
export function ambiguousNumbersOf(error: unknown): readonly AmbiguousNumber[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body === null) return null;
  const problem = ProblemSchema.safeParse(error.body);
  const cells = problem.success ? problem.data.ambiguousNumbers : undefined;
  return cells !== undefined && cells.length > 0 ? cells : null;
}

/** Every ambiguous cell with its row, column, text and both readings (docs/decisions/0047). */
export function AmbiguousNumbersTable({ cells }: { cells: readonly AmbiguousNumber[] }) {
  return (
    <Stack gap={4}>
      <Title order={5}>{M.ambiguousTitle}</Title>
      <Text size="sm">{M.ambiguousIntro}</Text>
      <Table withTableBorder striped fz="sm" data-testid="ambiguous-numbers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.ambiguousRow}</Table.Th>
            <Table.Th>{M.ambiguousColumn}</Table.Th>
            <Table.Th>{M.ambiguousText}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{M.ambiguousRead}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{M.ambiguousOther}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cells.map((a) => (
            <Table.Tr key={`${a.row}-${a.column}`}>
              <Table.Td>{a.row}</Table.Td>
              <Table.Td>{a.column}</Table.Td>
              <Table.Td>{a.text}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{exact(a.value)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{exact(a.otherValue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * An upload whose only question is the ambiguous numbers: both readings per cell; confirming
 * sends the same file again accepting them, cancelling writes nothing.
 */
export function AmbiguousNumbersDialog({
  cells,
  busy,
  onCancel,
  onConfirm,
}: {
  cells: readonly AmbiguousNumber[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      opened
      title={M.confirmTitle}
      confirmLabel={M.confirmUpload}
      cancelLabel={M.cancel}
      color="orange"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <AmbiguousNumbersTable cells={cells} />
    </ConfirmDialog>
  );
}
