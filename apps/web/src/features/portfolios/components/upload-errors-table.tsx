import { Alert, ScrollArea, Table } from '@mantine/core';
import type { Problem } from '@fonrisk/contracts';
import { PORTFOLIO_MESSAGES } from '../messages.ts';

type RowError = NonNullable<Problem['errors']>[number];

/**
 * The title counts the distinct rows as the server's toast does ("1 satırda hata var") and the
 * errors the table lists, so the two never seem to disagree.
 */
export function errorsTitle(errors: readonly RowError[]): string {
  const rows = new Set(errors.flatMap((e) => (e.row === undefined ? [] : [e.row])));
  return PORTFOLIO_MESSAGES.errorsTitle(rows.size, errors.length);
}

/** The rows a rejected file was refused for: row, column (Turkish label), the cell and the reason. */
export function UploadErrorsTable({ errors }: { errors: readonly RowError[] }) {
  return (
    <Alert color="red" variant="light" title={errorsTitle(errors)} p="sm">
      <ScrollArea.Autosize mah={320}>
        <Table
          withTableBorder
          withColumnBorders
          striped
          fz="xs"
          verticalSpacing={4}
          data-testid="upload-errors"
          bg="white"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{PORTFOLIO_MESSAGES.errorRow}</Table.Th>
              <Table.Th>{PORTFOLIO_MESSAGES.errorColumn}</Table.Th>
              <Table.Th>{PORTFOLIO_MESSAGES.errorValue}</Table.Th>
              <Table.Th>{PORTFOLIO_MESSAGES.errorMessage}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, i) => (
              <Table.Tr key={`${e.row ?? ''}-${e.field}-${i}`}>
                <Table.Td style={{ textAlign: 'right' }}>{e.row ?? ''}</Table.Td>
                <Table.Td>{e.field}</Table.Td>
                <Table.Td style={{ fontFamily: 'monospace' }}>{e.value ?? ''}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}
