import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { INSTRUMENT_MAIN_TYPE_LABELS, type Instrument } from '@fonrisk/contracts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteInstrument } from '../api/delete-instrument.ts';
import { useInstrumentsOfTypes } from '../api/get-instruments.ts';
import {
  SCREEN_MAIN_TYPES,
  SCREEN_PATHS,
  SCREEN_TERMS,
  type InstrumentScreen,
} from '../instrument-kinds.ts';
import { INSTRUMENT_MESSAGES as M } from '../messages.ts';
import { BondCashflows } from './bond-cashflows.tsx';
import { InstrumentForm } from './instrument-form.tsx';
import { matchesSearch, maturityOf, termsSummary } from './terms-summary.ts';

/** fund-creation, option-creation, future-creation, bond-creation: the list of that kind, create and edit. */
export function InstrumentsPage({ screen }: { screen: InstrumentScreen }) {
  const instruments = useInstrumentsOfTypes(SCREEN_MAIN_TYPES[screen]);
  const remove = useDeleteInstrument();
  const canWrite = useCanWrite();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Instrument | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Instrument | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const isBond = SCREEN_TERMS[screen] === 'bond';
  const rows = useMemo(
    () => instruments.data.filter((i) => matchesSearch(i, query)),
    [instruments.data, query],
  );

  return (
    <Stack gap="md">
      <PageHeader
        path={SCREEN_PATHS[screen]}
        subtitle={M.subtitle[screen]}
        actions={canWrite && <Button onClick={() => setEditing('new')}>{M.newInstrument}</Button>}
      />
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <TextInput
            aria-label={M.search}
            placeholder={M.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            w={320}
            size="xs"
          />
          <Text size="xs" c="dimmed">
            {M.count(rows.length)}
          </Text>
        </Group>
        {instruments.isError && <Alert color="gray">{M.listUnavailable}</Alert>}
        {instruments.isSuccess && rows.length === 0 && <Text c="dimmed">{M.empty}</Text>}
        {rows.length > 0 && (
          <ScrollArea.Autosize mah={460}>
            <Table
              striped
              highlightOnHover
              withTableBorder
              fz="xs"
              verticalSpacing={4}
              stickyHeader
              data-testid="instrument-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.code}</Table.Th>
                  <Table.Th>{M.name}</Table.Th>
                  <Table.Th>{M.mainType}</Table.Th>
                  <Table.Th>{M.currency}</Table.Th>
                  <Table.Th>{M.isinCode}</Table.Th>
                  <Table.Th>{M.terms}</Table.Th>
                  {screen !== 'fund' && <Table.Th>{M.maturity}</Table.Th>}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((i) => (
                  <Table.Tr key={i.code} bg={selected === i.code ? 'blue.0' : undefined}>
                    <Table.Td fw={600}>{i.code}</Table.Td>
                    <Table.Td>{i.name}</Table.Td>
                    <Table.Td>{INSTRUMENT_MAIN_TYPE_LABELS[i.mainType]}</Table.Td>
                    <Table.Td>
                      <Badge size="xs" variant="outline" color="gray">
                        {i.currency}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{i.isinCode ?? ''}</Table.Td>
                    <Table.Td>{termsSummary(i)}</Table.Td>
                    {screen !== 'fund' && <Table.Td>{formatDate(maturityOf(i))}</Table.Td>}
                    <Table.Td>
                      <RowActions
                        actions={[
                          {
                            label: M.showCashflows,
                            onClick: () => setSelected(i.code),
                            tone: 'primary',
                            hidden: !isBond,
                          },
                          { label: M.edit, onClick: () => setEditing(i), hidden: !canWrite },
                          {
                            label: M.delete,
                            onClick: () => setDeleting(i),
                            tone: 'danger',
                            hidden: !canWrite,
                          },
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Paper>
      {isBond && selected !== null && <BondCashflows key={selected} code={selected} />}
      {editing !== null && (
        <InstrumentForm
          screen={screen}
          instrument={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => isBond && setSelected(saved.code)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={M.deleteConfirmTitle}
        confirmLabel={M.delete}
        cancelLabel={M.cancel}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          const code = deleting.code;
          remove.mutate(code, {
            onSuccess: () => toastStore.show('success', M.deleted(code)),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {deleting === null ? '' : M.deleteConfirm(deleting.code)}
      </ConfirmDialog>
    </Stack>
  );
}
