import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import {
  PRE_TRADE_CHECK_KIND_LABELS,
  PRE_TRADE_STATUS_LABELS,
  formatPercent,
  type PreTradeCheck,
  type PreTradeRequestBody,
  type PreTradeResponse,
  type PreTradeState,
  type PreTradeStatus,
} from '@fonrisk/contracts';
import { useHoldings } from '../../../components/holdings/api/get-holdings.ts';
import { useCanWrite } from '../../../components/permissions/use-can-write.ts';
import { DateField } from '../../../components/dates/date-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import {
  PortfolioSelect,
  latestDateOf,
  useAnalysisPortfolios,
} from '../../analysis-runs/components/portfolio-select.tsx';
import { LimitStatusBadge } from '../../analysis-runs/components/figures.tsx';
import { usePreTradeCheck } from '../api/pre-trade-check.ts';
import { PRE_TRADE_MESSAGES as M } from '../messages.ts';

export interface PreTradeRow {
  readonly key: number;
  readonly side: 'buy' | 'sell';
  readonly instrumentCode: string;
  readonly by: 'amount' | 'quantity';
  readonly value: number | '';
}

/** The request of the form's rows (blank rows left out). */
export function preTradeBody(
  portfolioCode: string,
  asOfDate: string,
  rows: readonly PreTradeRow[],
  headroomCodes: readonly string[],
): PreTradeRequestBody {
  return {
    portfolioCode,
    asOfDate,
    trades: rows
      .filter((r) => r.instrumentCode.trim() !== '' && r.value !== '')
      .map((r) => ({
        side: r.side,
        instrumentCode: r.instrumentCode.trim(),
        ...(r.by === 'amount' ? { amountTry: Number(r.value) } : { quantity: Number(r.value) }),
      })),
    headroomInstrumentCodes: [...headroomCodes],
  };
}

const TO_LIMIT_STATUS = { pass: 'ok', warning: 'warning', breach: 'breach' } as const;

function StatusBadge({ status }: { status: PreTradeStatus }) {
  return (
    <LimitStatusBadge status={TO_LIMIT_STATUS[status]} label={PRE_TRADE_STATUS_LABELS[status]} />
  );
}

function valueText(check: PreTradeCheck, s: PreTradeState): string {
  if (s.value === null) return '–';
  if (check.unit === 'fraction') return formatPercent(s.value);
  if (check.unit === 'days') return `${formatNumber(s.value, 1)} gün`;
  return formatNumber(s.value, 0);
}

function StateCell({ check, s }: { check: PreTradeCheck; s: PreTradeState }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace">
        {valueText(check, s)}
      </Text>
      {s.key !== null && (
        <Text size="xs" c="dimmed">
          ({s.key})
        </Text>
      )}
      <StatusBadge status={s.status} />
    </Group>
  );
}

/** TL amount; a rounding residue of a sum (−0,00) shows as 0,00. */
const tl = (v: number) => `${formatNumber(Math.abs(v) < 0.005 ? 0 : v, 2)} TL`;

/**
 * The check's answer, shown as soon as it comes; the headroom table from the second answer
 * (includeHeadroom), with a note while it is searched.
 */
function Result({
  r,
  room,
  roomPending,
  roomError,
}: {
  r: PreTradeResponse;
  room: PreTradeResponse | null;
  roomPending: boolean;
  roomError: string | null;
}) {
  return (
    <Stack gap="sm" data-testid="pre-trade-result">
      <Text size="sm">
        {M.summary(
          `${r.portfolioCode} · ${r.portfolioName}`,
          formatDate(r.holdingsDate),
          tl(r.navTry),
          tl(r.varBeforeTry),
          tl(r.varAfterTry),
          tl(r.cashChangeTry),
        )}
      </Text>
      <Title order={5}>{M.checksTitle}</Title>
      <Table striped withTableBorder fz="sm" data-testid="pre-trade-checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.kind}</Table.Th>
            <Table.Th>{M.limitName}</Table.Th>
            <Table.Th>{M.limit}</Table.Th>
            <Table.Th>{M.before}</Table.Th>
            <Table.Th>{M.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.checks.map((c) => (
            <Table.Tr key={`${c.kind}|${c.code}`} data-status={c.after.status}>
              <Table.Td>{PRE_TRADE_CHECK_KIND_LABELS[c.kind]}</Table.Td>
              <Table.Td>{c.name}</Table.Td>
              <Table.Td>{c.limitText}</Table.Td>
              <Table.Td>
                <StateCell check={c} s={c.before} />
              </Table.Td>
              <Table.Td>
                <StateCell check={c} s={c.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>{M.headroomTitle}</Title>
      {room === null && (
        <Text size="sm" c="dimmed" data-testid="pre-trade-headroom-pending">
          {roomPending ? M.headroomPending : M.headroomFailed(roomError ?? '')}
        </Text>
      )}
      {room !== null && (
        <Table striped withTableBorder fz="sm" data-testid="pre-trade-headroom">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.instrument}</Table.Th>
              <Table.Th>{M.holding}</Table.Th>
              <Table.Th>{M.maxBuy}</Table.Th>
              <Table.Th>{M.buyLimit}</Table.Th>
              <Table.Th>{M.maxSell}</Table.Th>
              <Table.Th>{M.sellLimit}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {room.headroom.map((h) => (
              <Table.Tr key={h.instrumentCode}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {h.instrumentCode}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {h.instrumentName ?? ''}
                    {h.held ? '' : ` · ${M.newInstrument}`}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">{tl(h.holdingTry)}</Table.Td>
                {h.note !== null ? (
                  <Table.Td colSpan={4}>
                    <Text size="xs" c="dimmed">
                      {h.note}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td ff="monospace">
                      {h.maxBuyTry === null ? M.noLimitUpToNav : tl(h.maxBuyTry)}
                    </Table.Td>
                    <Table.Td>{h.buyLimit === null ? '–' : h.buyLimit.name}</Table.Td>
                    <Table.Td ff="monospace">{tl(h.maxSellTry)}</Table.Td>
                    <Table.Td>
                      {h.sellLimit !== null
                        ? h.sellLimit.name
                        : h.sellCappedByHolding
                          ? M.cappedByHolding
                          : '–'}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {r.alreadyBreached.length > 0 && (
        <Alert color="red" variant="light" title={M.alreadyBreached}>
          {r.alreadyBreached.map((l) => l.name).join(', ')}
        </Alert>
      )}
      <List size="xs" c="dimmed">
        {(room ?? r).notes.map((n) => (
          <List.Item key={n}>{n}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Example trades for a demo fund: sell a tenth of its largest line, buy as much of the second. */
export function exampleTrades(
  rows: readonly { investmentInstrumentCode?: unknown; currentValue?: unknown }[],
): PreTradeRow[] {
  const lines = rows
    .flatMap((r) =>
      typeof r.investmentInstrumentCode === 'string' && typeof r.currentValue === 'number'
        ? [{ code: r.investmentInstrumentCode, value: r.currentValue }]
        : [],
    )
    .sort((a, b) => b.value - a.value);
  if (lines.length < 2) return [];
  const amount = Math.round(lines[0]!.value / 10);
  return [
    { key: 1, side: 'sell', instrumentCode: lines[0]!.code, by: 'amount', value: amount },
    { key: 2, side: 'buy', instrumentCode: lines[1]!.code, by: 'amount', value: amount },
  ];
}

/**
 * 'İşlem öncesi kontrol' on incremental-var: proposed trades for a fund -> its VaR limit,
 * leverage, concentration limits and Module 3 criteria before and after, and the headroom per
 * instrument. Observers see the section but cannot run it (the API refuses them too).
 */
export function PreTradeSection() {
  const canRun = useCanWrite();
  const portfolios = useAnalysisPortfolios();
  const [code, setCode] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [rows, setRows] = useState<PreTradeRow[]>([]);
  const [extra, setExtra] = useState<string[]>([]);
  const [demo, setDemo] = useState(false);
  const check = usePreTradeCheck();
  const room = usePreTradeCheck();
  // The limits first (under 500 ms), then the headroom table, which searches every instrument.
  const { mutate: checkNow } = check;
  const { mutate: searchRoom, reset: resetRoom } = room;
  const start = useCallback(
    (body: PreTradeRequestBody) => {
      resetRoom();
      checkNow(
        { ...body, includeHeadroom: false },
        { onSuccess: () => searchRoom({ ...body, includeHeadroom: true }) },
      );
    },
    [checkNow, searchRoom, resetRoom],
  );
  const holdings = useHoldings(code, date === '' ? null : date);
  const prefilled = useRef(false);

  // First open: the first demo fund on its latest date with example trades (labelled demo).
  useEffect(() => {
    if (code !== null || !portfolios.data) return;
    const fund = portfolios.data.find((p) => p.isDemo && p.kind === 'fund' && p.dateCount > 0);
    if (!fund) return;
    setCode(fund.code);
    setDate(latestDateOf(portfolios.data, fund.code) ?? '');
  }, [portfolios.data, code]);
  useEffect(() => {
    if (prefilled.current || !holdings.data || code === null) return;
    const fund = portfolios.data?.find((p) => p.code === code);
    if (!fund?.isDemo) return;
    prefilled.current = true;
    const example = exampleTrades(holdings.data.rows);
    if (example.length === 0) return;
    setRows(example);
    setDemo(true);
    if (canRun) start(preTradeBody(code, date, example, []));
  }, [holdings.data, code, date, portfolios.data, canRun, start]);

  const codes = [
    ...new Set(
      (holdings.data?.rows ?? [])
        .map((r) => r.investmentInstrumentCode)
        .filter((c): c is string => typeof c === 'string'),
    ),
  ];
  const nextKey = rows.reduce((m, r) => Math.max(m, r.key), 0) + 1;
  const update = (key: number, patch: Partial<PreTradeRow>) => {
    setDemo(false);
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const error = check.error instanceof ApiError ? check.error : null;
  const rowErrors = new Map<number, string>();
  const fieldList = error?.body?.['errors'];
  if (Array.isArray(fieldList))
    for (const e of fieldList as { row?: unknown; message?: unknown }[])
      if (typeof e.row === 'number' && typeof e.message === 'string')
        rowErrors.set(e.row, e.message);
  const run = () => {
    if (code === null || date === '') return;
    start(preTradeBody(code, date, rows, extra));
  };
  return (
    <Paper withBorder radius="md" p="md" mt="lg" data-testid="pre-trade-section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{M.title}</Title>
          {demo && (
            <Badge color="orange" variant="filled" data-testid="pre-trade-demo-badge">
              {M.demoBadge}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {M.subtitle}
        </Text>
        <Group align="flex-end" gap="sm">
          <PortfolioSelect
            value={code}
            onChange={(c) => {
              setCode(c);
              setDemo(false);
              setDate(latestDateOf(portfolios.data, c) ?? date);
            }}
            w={320}
          />
          <DateField label={M.asOfDate} value={date} onChange={setDate} />
        </Group>
        {rows.length === 0 && (
          <Text size="xs" c="dimmed" fs="italic">
            {M.noTrades}
          </Text>
        )}
        {rows.map((r, i) => (
          <Group key={r.key} gap="xs" align="flex-start" data-testid={`pre-trade-row-${i}`}>
            <Text size="sm" w={24} pt={6}>
              {i + 1}.
            </Text>
            <Select
              aria-label={M.side}
              data={[
                { value: 'buy', label: M.buy },
                { value: 'sell', label: M.sell },
              ]}
              value={r.side}
              onChange={(v) => update(r.key, { side: v === 'sell' ? 'sell' : 'buy' })}
              w={100}
              allowDeselect={false}
            />
            <Autocomplete
              aria-label={M.instrument}
              placeholder={M.instrument}
              data={codes}
              value={r.instrumentCode}
              onChange={(v) => update(r.key, { instrumentCode: v })}
              error={rowErrors.get(i + 1)}
              w={220}
            />
            <Select
              aria-label={M.by}
              data={[
                { value: 'amount', label: M.byAmount },
                { value: 'quantity', label: M.byQuantity },
              ]}
              value={r.by}
              onChange={(v) => update(r.key, { by: v === 'quantity' ? 'quantity' : 'amount' })}
              w={130}
              allowDeselect={false}
            />
            <NumberInput
              aria-label={M.value}
              value={r.value}
              onChange={(v) => update(r.key, { value: typeof v === 'number' ? v : '' })}
              thousandSeparator="."
              decimalSeparator=","
              min={0}
              w={180}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={M.remove}
              mt={4}
              onClick={() => {
                setDemo(false);
                setRows(rows.filter((x) => x.key !== r.key));
              }}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              setDemo(false);
              setRows([
                ...rows,
                { key: nextKey, side: 'buy', instrumentCode: '', by: 'amount', value: '' },
              ]);
            }}
          >
            {M.addTrade}
          </Button>
        </Group>
        <TagsInput
          label={M.extraLabel}
          description={M.extraHint}
          value={extra}
          onChange={setExtra}
          maxTags={10}
          w={520}
        />
        {canRun ? (
          <Group>
            <Button onClick={run} loading={check.isPending} disabled={code === null || date === ''}>
              {M.run}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="pre-trade-observer">
            {M.observer}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" title={M.failed} data-testid="pre-trade-error">
            {error.detail ?? error.message}
          </Alert>
        )}
        {check.data && (
          <Result
            r={check.data}
            room={room.data ?? null}
            roomPending={room.isPending}
            roomError={
              room.error instanceof ApiError ? (room.error.detail ?? room.error.message) : null
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
