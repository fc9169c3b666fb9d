import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useHoldings } from '../../../components/holdings/api/get-holdings.ts';
import { INCREMENTAL_MESSAGES as M } from '../messages.ts';
import type { TradeRow } from './incremental-form-model.ts';
import { toNumber } from '../../../components/forms/field-values.ts';

interface Props {
  readonly portfolioCode: string | null;
  readonly asOfDate: string;
  readonly trades: readonly TradeRow[];
  readonly onChange: (trades: TradeRow[]) => void;
  readonly errors: Readonly<Record<number, string>>;
}

/** What-if trades: add, remove or resize positions (codes suggested from the date's holdings; a new code adds a position). */
export function TradeEditor({ portfolioCode, asOfDate, trades, onChange, errors }: Props) {
  const holdings = useHoldings(portfolioCode, asOfDate === '' ? null : asOfDate);
  const rows = holdings.data?.rows ?? [];
  const codes = [
    ...new Set(
      rows.map((r) => r.investmentInstrumentCode).filter((c): c is string => typeof c === 'string'),
    ),
  ];
  const valueOf = (code: string): number | null => {
    const row = rows.find((r) => r.investmentInstrumentCode === code);
    return typeof row?.currentValue === 'number' ? row.currentValue : null;
  };
  const update = (key: number, patch: Partial<TradeRow>): void =>
    onChange(trades.map((t) => (t.key === key ? { ...t, ...patch } : t)));
  const nextKey = trades.reduce((m, t) => Math.max(m, t.key), 0) + 1;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {M.tradesTitle}
        </Text>
        <Text size="xs" c="dimmed">
          {M.tradesHint}
        </Text>
        {trades.length === 0 && (
          <Text size="xs" c="dimmed" fs="italic">
            {M.noTrades}
          </Text>
        )}
        {trades.map((t, i) => {
          const held = valueOf(t.instrumentCode.trim());
          return (
            <Paper key={t.key} withBorder radius="sm" p={6} data-testid={`trade-${i}`}>
              <Stack gap={4}>
                <Group gap="xs" wrap="nowrap">
                  <Autocomplete
                    aria-label={M.instrument}
                    placeholder={M.instrument}
                    data={codes}
                    value={t.instrumentCode}
                    onChange={(instrumentCode) => update(t.key, { instrumentCode })}
                    error={errors[t.key]}
                    style={{ flex: 1 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onChange(trades.filter((x) => x.key !== t.key))}
                    aria-label={M.removeTrade}
                  >
                    ×
                  </ActionIcon>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Select
                    aria-label={M.changeKind}
                    data={[
                      { value: 'value', label: M.byValue },
                      { value: 'quantity', label: M.byQuantity },
                    ]}
                    value={t.kind}
                    onChange={(v) => v && update(t.key, { kind: v as TradeRow['kind'] })}
                    allowDeselect={false}
                    w={130}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <NumberInput
                    aria-label={M.amount}
                    placeholder={M.amount}
                    value={t.amount}
                    onChange={(v) => update(t.key, { amount: toNumber(v) })}
                    thousandSeparator="."
                    decimalSeparator=","
                    style={{ flex: 1 }}
                  />
                </Group>
                {held !== null && held > 0 && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => update(t.key, { kind: 'value', amount: -held })}
                  >
                    {M.sellAll}
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() =>
              onChange([...trades, { key: nextKey, instrumentCode: '', kind: 'value', amount: '' }])
            }
          >
            {M.addTrade}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
