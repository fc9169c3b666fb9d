import { useState } from 'react';
import { Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import {
  NumberFormatSchema,
  ProblemSchema,
  type AmbiguousNumber,
  type NumberFormat,
} from '@fonrisk/contracts';
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

/** An ambiguous cell's value stored under `format`, and its other reading. */
export function readingIn(
  a: AmbiguousNumber,
  format: NumberFormat,
): { stored: number; other: number } {
  return a.format === format
    ? { stored: a.value, other: a.otherValue }
    : { stored: a.otherValue, other: a.value };
}

/** The reading the cells were read by (the default, or the one chosen last round). */
export function initialReading(cells: readonly AmbiguousNumber[]): NumberFormat | undefined {
  return cells[0]?.format;
}

/**
 * Every ambiguous cell with its row, column and text, the format the user says the file is
 * written in (decision 0069), and the value stored under that choice beside the other reading
 * (docs/decisions/0047).
 */
export function AmbiguousNumbersTable({
  cells,
  reading,
  onReadingChange,
}: {
  cells: readonly AmbiguousNumber[];
  reading: NumberFormat | undefined;
  onReadingChange: (reading: NumberFormat) => void;
}) {
  return (
    <Stack gap={4}>
      <Title order={5}>{M.ambiguousTitle}</Title>
      <Text size="sm">{M.ambiguousIntro}</Text>
      <Radio.Group
        label={M.ambiguousChoice}
        value={reading ?? null}
        onChange={(v) => {
          const parsed = NumberFormatSchema.safeParse(v);
          if (parsed.success) onReadingChange(parsed.data);
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="tr" label={M.numberFormatTr} />
          <Radio value="intl" label={M.numberFormatIntl} />
        </Group>
      </Radio.Group>
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
          {cells.map((a) => {
            const { stored, other } = readingIn(a, reading ?? a.format);
            return (
              <Table.Tr key={`${a.row}-${a.column}`}>
                <Table.Td>{a.row}</Table.Td>
                <Table.Td>{a.column}</Table.Td>
                <Table.Td>{a.text}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{exact(stored)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{exact(other)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * An upload whose only question is the ambiguous numbers: both readings per cell and the file's
 * format chosen here; confirming sends the same file again accepting them under that format,
 * cancelling writes nothing.
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
  onConfirm: (reading: NumberFormat | undefined) => void;
}) {
  const [reading, setReading] = useState(() => initialReading(cells));
  return (
    <ConfirmDialog
      opened
      title={M.confirmTitle}
      confirmLabel={M.confirmUpload}
      cancelLabel={M.cancel}
      color="orange"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reading)}
    >
      <AmbiguousNumbersTable cells={cells} reading={reading} onReadingChange={setReading} />
    </ConfirmDialog>
  );
}
