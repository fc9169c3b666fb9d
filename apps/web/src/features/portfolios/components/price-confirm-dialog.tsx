import { useState } from 'react';
import { Alert, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  MARKET_SERIES_KIND_LABELS,
  type MarketSeriesKind,
  type NewSeriesChoice,
  type NumberFormat,
} from '@fonrisk/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import {
  AmbiguousNumbersTable,
  initialReading,
} from '../../../components/imports/ambiguous-numbers.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { PriceConfirmation } from '../api/upload-import.ts';
import { PORTFOLIO_MESSAGES as M } from '../messages.ts';

const KIND_OPTIONS = Object.entries(MARKET_SERIES_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const fmt = (v: number | null) => (v === null ? '' : formatNumber(v, 4));

/** The choices for the unknown tickers: the file's kind, currency and name, else price in TRY. */
export function initialChoices(confirm: PriceConfirmation): NewSeriesChoice[] {
  return confirm.unknownTickers.map((u) => ({
    ticker: u.ticker,
    name: u.name ?? u.ticker,
    kind: u.kind ?? 'price',
    currency: u.currency ?? 'TRY',
    tenorDays: null,
  }));
}

/**
 * A price upload's 409: the tickers that become new series (kind and currency chosen here), the
 * stored values that change (old and new), the jumps to accept, and the reading of numbers the
 * file shows no format for (chosen here, decision 0069). Confirming re-sends the file.
 */
export function PriceConfirmDialog({
  confirm,
  busy,
  onCancel,
  onConfirm,
}: {
  confirm: PriceConfirmation;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (choices: NewSeriesChoice[], numberFormat: NumberFormat | undefined) => void;
}) {
  const [choices, setChoices] = useState(() => initialChoices(confirm));
  // The ambiguous cells were read by one format (the default, or the one chosen last round).
  const [reading, setReading] = useState(() => initialReading(confirm.ambiguousNumbers));
  const [incomplete, setIncomplete] = useState(false);
  const set = (i: number, patch: Partial<NewSeriesChoice>) =>
    setChoices((all) => all.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const submit = () => {
    const ok = choices.every((c) => /^[A-Z]{3}$/.test(c.currency));
    setIncomplete(!ok);
    if (ok) onConfirm(choices, reading);
  };

  return (
    <ConfirmDialog
      opened
      title={M.confirmTitle}
      confirmLabel={M.confirmUpload}
      cancelLabel={M.cancel}
      color="orange"
      busy={busy}
      onCancel={onCancel}
      onConfirm={submit}
    >
      <Stack gap="md">
        <Text size="sm">{M.confirmText}</Text>
        {choices.length > 0 && (
          <Stack gap={4}>
            <Title order={5}>{M.unknownTitle}</Title>
            <Table withTableBorder fz="sm" data-testid="unknown-tickers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.unknownTicker}</Table.Th>
                  <Table.Th>{M.unknownRow}</Table.Th>
                  <Table.Th>{M.unknownName}</Table.Th>
                  <Table.Th>{M.unknownKind}</Table.Th>
                  <Table.Th>{M.unknownCurrency}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {choices.map((c, i) => (
                  <Table.Tr key={c.ticker}>
                    <Table.Td fw={600}>{c.ticker}</Table.Td>
                    <Table.Td>
                      {confirm.unknownTickers[i]!.row} ({confirm.unknownTickers[i]!.rows})
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`${c.ticker} ${M.unknownName}`}
                        value={c.name ?? ''}
                        onChange={(e) => set(i, { name: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        aria-label={`${c.ticker} ${M.unknownKind}`}
                        data={KIND_OPTIONS}
                        value={c.kind}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                        onChange={(v) => v !== null && set(i, { kind: v as MarketSeriesKind })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        w={70}
                        aria-label={`${c.ticker} ${M.unknownCurrency}`}
                        value={c.currency}
                        onChange={(e) => set(i, { currency: e.currentTarget.value.toUpperCase() })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {incomplete && (
              <Alert color="red" variant="light">
                {M.unknownIncomplete}
              </Alert>
            )}
          </Stack>
        )}
        {confirm.changes.length > 0 && (
          <Stack gap={4}>
            <Title order={5}>{M.changesTitle}</Title>
            <Table withTableBorder striped fz="sm" data-testid="value-changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.changeTicker}</Table.Th>
                  <Table.Th>{M.changeDate}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{M.changeOld}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{M.changeNew}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {confirm.changes.map((c) => (
                  <Table.Tr key={`${c.ticker}-${c.date}`}>
                    <Table.Td>{c.ticker}</Table.Td>
                    <Table.Td>{formatDate(c.date)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{fmt(c.old)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{fmt(c.new)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {confirm.warnings.length > 0 && (
          <Stack gap={4}>
            <Title order={5}>{M.warningsTitle}</Title>
            <Table withTableBorder striped fz="sm" data-testid="jump-warnings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.warningRow}</Table.Th>
                  <Table.Th>{M.warningTicker}</Table.Th>
                  <Table.Th>{M.warningDate}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{M.warningPrevious}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{M.warningValue}</Table.Th>
                  <Table.Th>{M.warningMessage}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {confirm.warnings.map((w) => (
                  <Table.Tr key={`${w.ticker}-${w.date}`}>
                    <Table.Td>{w.row}</Table.Td>
                    <Table.Td>{w.ticker}</Table.Td>
                    <Table.Td>{formatDate(w.date)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{fmt(w.previous)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{fmt(w.value)}</Table.Td>
                    <Table.Td>{w.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {confirm.ambiguousNumbers.length > 0 && (
          <AmbiguousNumbersTable
            cells={confirm.ambiguousNumbers}
            reading={reading}
            onReadingChange={setReading}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
