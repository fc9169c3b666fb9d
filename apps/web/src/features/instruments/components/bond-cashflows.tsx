import { useState } from 'react';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CompactTable, NUMERIC_CELL } from '../../../components/ui/compact-table.tsx';
import { DateField } from '../../../components/dates/date-field.tsx';
import { todayIso } from '../../../components/dates/date-range.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useCashflows } from '../api/get-cashflows.ts';
import { INSTRUMENT_MESSAGES as M } from '../messages.ts';

/** A bond's generated cash flows after a settlement date, with price, yield, accrued interest and durations. */
export function BondCashflows({ code }: { code: string }) {
  const [settlement, setSettlement] = useState(todayIso());
  const cashflows = useCashflows(code, settlement);
  const data = cashflows.data;
  const figure = (label: string, value: number | null, digits = 4) => (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value === null ? M.none : formatNumber(value, digits)}
      </Text>
    </Paper>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid="bond-cashflows">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>{M.cashflowsTitle(code)}</Title>
            <Text size="xs" c="dimmed">
              {M.cashflowsHint}
            </Text>
          </div>
          <DateField label={M.settlement} value={settlement} onChange={setSettlement} />
        </Group>
        {cashflows.isError && <Alert color="gray">{M.cashflowsUnavailable}</Alert>}
        {data && (
          <>
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
              {figure(M.cleanPrice, data.cleanPrice)}
              {figure(M.yield, data.yield)}
              {figure(M.accruedInterest, data.accruedInterest)}
              {figure(M.macaulayDuration, data.macaulayDuration)}
              {figure(M.modifiedDuration, data.modifiedDuration)}
            </SimpleGrid>
            {data.cleanPrice === null && data.yield === null && (
              <Text size="xs" c="dimmed">
                {M.noPrice}
              </Text>
            )}
            {data.cashflows.length === 0 ? (
              <Text c="dimmed">{M.noCashflows}</Text>
            ) : (
              <CompactTable
                columns={[
                  { label: M.cashflowDate },
                  { label: M.cashflowKind },
                  { label: M.cashflowAmount, numeric: true },
                ]}
                maxHeight={360}
                testId="cashflow-table"
                highlightOnHover={false}
                stickyHeader={false}
              >
                {data.cashflows.map((c) => (
                  <Table.Tr key={`${c.date}-${c.kind}`}>
                    <Table.Td>{formatDate(c.date)}</Table.Td>
                    <Table.Td>
                      <Badge
                        size="xs"
                        variant="light"
                        color={c.kind === 'principal' ? 'grape' : 'blue'}
                      >
                        {c.kind === 'principal' ? M.principal_kind : M.coupon_kind}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={NUMERIC_CELL}>{formatNumber(c.amount, 4)}</Table.Td>
                  </Table.Tr>
                ))}
              </CompactTable>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
