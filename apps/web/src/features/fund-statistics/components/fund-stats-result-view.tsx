import { useMemo, useState } from 'react';
import { Badge, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  fundStatisticsCharts,
  FUND_FIGURES,
  FUND_FIGURE_KEYS,
  PERIOD_RETURN_LABELS,
  type FundStatisticsResult,
} from '@fonrisk/contracts';
import { EChart } from '../../../components/charts/echart.tsx';
import { Section } from '../../analysis-runs/components/figures.tsx';
import { formatPct } from '../../analysis-runs/components/format.ts';
import { ResultTablePanel } from '../../analysis-runs/components/result-table.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { ResultViewProps } from '../../analysis-runs/components/result-screen.tsx';
import { FUND_STATS_MESSAGES as M } from '../messages.ts';

/** The least width of the peer table's column of figure names ("Resmi risk değeri (TEFAS)"). */
const FIGURE_COLUMN_PX = 150;
/** A fund's column: a figure with its rank badge ("%37,03 3") on one line. */
const FUND_COLUMN_PX = 95;

function figureText(key: keyof typeof FUND_FIGURES, v: number | null): string {
  if (v === null) return '—';
  return FUND_FIGURES[key].format === 'percent' ? formatPct(v) : formatNumber(v, 3);
}

/** Background of a calendar cell: green gains, red losses, stronger with size. */
function heat(v: number | undefined): string | undefined {
  if (v === undefined) return undefined;
  const a = Math.min(0.55, Math.abs(v) * 4);
  return v >= 0 ? `rgba(47, 158, 68, ${a})` : `rgba(224, 49, 49, ${a})`;
}

/** A fund-statistics result: peer table with ranks and hover texts, period returns, calendar, charts. */
export function FundStatsResultView({ run, result }: ResultViewProps<'fund-statistics'>) {
  return <FundStatsResult runId={run.id} result={result} />;
}

function FundStatsResult({ runId, result }: { runId: string; result: FundStatisticsResult }) {
  const [calendarFund, setCalendarFund] = useState(result.funds[0]?.code ?? null);
  const fund = result.funds.find((f) => f.code === calendarFund) ?? null;
  const charts = useMemo(() => fundStatisticsCharts(result), [result]);
  const n = result.funds.length;
  return (
    <Stack gap="md" data-testid="fund-stats-result">
      <Text size="sm" c="dimmed">
        {M.parameters(
          formatDate(result.fromDate),
          formatDate(result.toDate),
          formatPct(result.riskFreeRatePct / 100),
          formatPct(result.confidenceLevel, 1),
        )}
      </Text>
      <Section title={M.peerTable}>
        {/* Ten funds do not fit a 1,280 px screen: the table scrolls inside its panel. */}
        <Table.ScrollContainer minWidth={FIGURE_COLUMN_PX + FUND_COLUMN_PX * result.funds.length}>
          <Table verticalSpacing={3} fz="sm" data-testid="peer-table" striped>
            <Table.Thead>
              <Table.Tr>
                {/* Ten funds side by side must not squeeze a figure's name onto four lines. */}
                <Table.Th miw={FIGURE_COLUMN_PX}>{M.figure}</Table.Th>
                {result.funds.map((f) => (
                  <Table.Th key={f.code} ta="right">
                    <Tooltip label={f.name}>
                      <span>{f.code}</span>
                    </Tooltip>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FUND_FIGURE_KEYS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td>
                    <Tooltip label={FUND_FIGURES[key].hint} multiline w={320} position="right">
                      <Text
                        size="sm"
                        span
                        style={{ borderBottom: '1px dotted #868e96', cursor: 'help' }}
                      >
                        {FUND_FIGURES[key].label}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  {result.funds.map((f) => {
                    const rank = result.ranks[key]?.[f.code];
                    return (
                      <Table.Td key={f.code} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {figureText(key, f.figures[key])}
                        {rank !== undefined && n > 1 && (
                          <Tooltip label={M.rankHint(rank, n)}>
                            <Badge
                              size="xs"
                              ml={6}
                              variant={rank === 1 ? 'filled' : 'light'}
                              color={rank === 1 ? 'teal' : 'gray'}
                            >
                              {rank}
                            </Badge>
                          </Tooltip>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
              <Table.Tr data-testid="peer-official-risk">
                <Table.Td>
                  <Tooltip label={M.officialRiskHint} multiline w={320} position="right">
                    <Text
                      size="sm"
                      span
                      style={{ borderBottom: '1px dotted #868e96', cursor: 'help' }}
                    >
                      {M.officialRisk}
                    </Text>
                  </Tooltip>
                </Table.Td>
                {result.funds.map((f) => (
                  <Table.Td key={f.code} ta="right">
                    {f.officialRiskValue == null
                      ? '–'
                      : `${String(f.officialRiskValue)}${f.officialRiskDate ? ` (${formatDate(f.officialRiskDate)})` : ''}`}
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{FUND_FIGURES.maxDrawdown.label}</Table.Td>
                {result.funds.map((f) => (
                  <Table.Td key={f.code} ta="right">
                    <Text size="xs" c="dimmed">
                      {f.drawdownPeakDate === null
                        ? M.noDrawdown
                        : M.drawdownDates(
                            formatDate(f.drawdownPeakDate),
                            formatDate(f.drawdownTroughDate),
                            f.drawdownRecoveryDate
                              ? formatDate(f.drawdownRecoveryDate)
                              : M.notRecovered,
                          )}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={M.periodReturns}>
        <Table verticalSpacing={3} fz="sm" data-testid="period-returns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {Object.values(PERIOD_RETURN_LABELS).map((label) => (
                <Table.Th key={label} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.funds.map((f) => (
              <Table.Tr key={f.code}>
                <Table.Td>{f.code}</Table.Td>
                {Object.keys(PERIOD_RETURN_LABELS).map((p) => {
                  const r = f.periodReturns.find((x) => x.period === p);
                  return (
                    <Table.Td key={p} ta="right">
                      {r?.cumulative == null ? '—' : formatPct(r.cumulative)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={M.cumulativeChart}>
        <EChart option={charts.cumulative.option} height={300} ariaLabel={M.cumulativeChart} />
      </Section>
      <Section title={M.drawdownChart}>
        <EChart option={charts.drawdown.option} height={240} ariaLabel={M.drawdownChart} />
      </Section>
      {fund && (
        <Section
          title={M.calendar(fund.code)}
          actions={
            <Select
              size="xs"
              w={120}
              data={result.funds.map((f) => f.code)}
              value={calendarFund}
              onChange={setCalendarFund}
              allowDeselect={false}
            />
          }
        >
          <Table verticalSpacing={2} fz="xs" data-testid="calendar-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {M.months.map((m) => (
                  <Table.Th key={m} ta="right">
                    {m}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{M.yearTotal}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fund.yearly.map((y) => (
                <Table.Tr key={y.year}>
                  <Table.Td fw={600}>{y.year}</Table.Td>
                  {M.months.map((_, i) => {
                    const m = fund.monthly.find((x) => x.year === y.year && x.month === i + 1);
                    return (
                      <Table.Td key={i} ta="right" style={{ background: heat(m?.return) }}>
                        {m ? formatPct(m.return, 1) : ''}
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="right" fw={600} style={{ background: heat(y.return) }}>
                    {formatPct(y.return, 1)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
      <Group grow align="flex-start">
        <ResultTablePanel
          runId={runId}
          name="figures"
          table={result.tables.figures!}
          height={200}
        />
      </Group>
    </Stack>
  );
}
