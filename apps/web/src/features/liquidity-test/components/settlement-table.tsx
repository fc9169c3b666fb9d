import { Stack, Text, Title } from '@mantine/core';
import type { LiquidityFund, ResultTable } from '@fonrisk/contracts';
import { FigureCards } from '../../analysis-runs/components/figures.tsx';
import { formatPct, formatTry } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LIQUIDITY_MESSAGES as M } from '../messages.ts';

const shortRow = (r: Record<string, unknown>) =>
  r['passes'] === false ? { background: '#fff5f5' } : undefined;

/**
 * One fund's settlement dates on the Turkish business-day calendar: trade and redemption
 * payment dates, the cash settled by then, the redemption scenarios against it and each
 * position's last trade and cash dates. Runs from before decision 0042 carry none: nothing shown.
 */
export function SettlementTable({
  runId,
  fund,
  calendar,
  tables,
}: {
  runId: string;
  fund: LiquidityFund;
  calendar: string | undefined;
  tables: Readonly<Record<string, ResultTable>>;
}) {
  const settlement = fund.settlement;
  if (!settlement) return null;
  const ofFund = (rows: Record<string, unknown>[]) =>
    rows.filter((r) => r['portfolioCode'] === fund.portfolioCode);
  const payment = tables['redemptionPayment'];
  const dates = tables['settlementDates'];
  return (
    <Stack gap="sm" data-testid="liquidity-settlement">
      <Title order={4}>{M.settlementTitle}</Title>
      {calendar !== undefined && (
        <Text size="sm" c="dimmed">
          {M.calendar(calendar)}
        </Text>
      )}
      <FigureCards
        cols={3}
        figures={[
          { label: M.tradeDate, value: formatDate(settlement.tradeDate) },
          {
            label: M.paymentDate,
            value: formatDate(settlement.paymentDate),
            testId: 'liquidity-payment-date',
          },
          {
            label: M.cashByPayment,
            value: formatTry(settlement.cashByPaymentDateTry, 0),
            hint: M.cashByPaymentHint(formatPct(settlement.cashByPaymentDateTry / fund.nav)),
          },
        ]}
      />
      {payment && (
        <ResultTablePanel
          runId={runId}
          name="redemptionPayment"
          table={payment}
          rows={ofFund(payment.rows)}
          rowStyle={shortRow}
        />
      )}
      {dates && (
        <ResultTablePanel
          runId={runId}
          name="settlementDates"
          table={dates}
          rows={ofFund(dates.rows)}
        />
      )}
    </Stack>
  );
}
